import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import { decideAutoSync, selfHealRemainingBackoff, type AutoSyncInput } from './autoSync';

/**
 * Argo CD's auto-sync decision, case by case (argocd-semantics.md §5.4, §5.7 cases 117-119), named after the
 * tests of controller/appcontroller_test.go.
 */
const rev = 'aaaaaaaa';

function app(
  options: { automated?: JsonAny; operationState?: JsonAny; operation?: JsonAny; deleting?: boolean } = {},
) {
  const obj: KubeObject = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'my-app', namespace: 'argocd' },
    spec: {
      source: { repoURL: 'https://github.com/argoproj/argocd-example-apps', path: 'guestbook' },
      syncPolicy: options.automated === null ? {} : { automated: options.automated ?? { prune: false } },
    },
    status: options.operationState ? { operationState: options.operationState } : {},
  };
  if (options.operation) obj.operation = options.operation;
  if (options.deleting) obj.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
  return obj;
}

function input(overrides: Partial<AutoSyncInput> = {}): AutoSyncInput {
  return {
    app: app(),
    syncStatus: 'OutOfSync',
    resources: [{ status: 'OutOfSync' }],
    revision: rev,
    nowMs: 100_000,
    ...overrides,
  };
}

const attempted = (phase: string, extra: JsonAny = {}) => ({
  phase,
  message: 'one or more synchronization tasks are not valid',
  operation: { sync: { revision: rev, ...extra } },
  syncResult: { revision: rev },
});

describe('decideAutoSync (§5.4)', () => {
  it('TestAutoSync: an OutOfSync app gets an automated operation for the revision, retry limit 5', () => {
    const decision = decideAutoSync(input());
    expect(decision).toEqual({
      kind: 'sync',
      operation: {
        initiatedBy: { automated: true },
        sync: { revision: rev, prune: false },
        retry: { limit: 5 },
      },
    });
  });

  it("TestAutoSync: the app's syncPolicy.retry and syncOptions are the operation's", () => {
    const withPolicy = app({ automated: { prune: true } });
    withPolicy.spec.syncPolicy.retry = { limit: 1 };
    withPolicy.spec.syncPolicy.syncOptions = ['CreateNamespace=true'];
    const decision = decideAutoSync(input({ app: withPolicy }));
    expect(decision).toMatchObject({
      kind: 'sync',
      operation: { sync: { prune: true, syncOptions: ['CreateNamespace=true'] }, retry: { limit: 1 } },
    });
  });

  describe('TestSkipAutoSync', () => {
    it('PreviouslySyncedToRevision: a Succeeded attempt at this revision is not repeated', () => {
      const a = app({ operationState: attempted('Succeeded') });
      expect(decideAutoSync(input({ app: a }))).toMatchObject({ kind: 'none' });
    });
    it('AlreadyInSyncedState', () => {
      expect(decideAutoSync(input({ syncStatus: 'Synced' }))).toMatchObject({ kind: 'none' });
    });
    it('AutoSyncIsDisabled', () => {
      expect(decideAutoSync(input({ app: app({ automated: null }) }))).toMatchObject({ kind: 'none' });
    });
    it('AutoSyncEnableFieldIsSetFalse', () => {
      const a = app({ automated: { enabled: false, prune: true } });
      expect(decideAutoSync(input({ app: a }))).toMatchObject({ kind: 'none' });
    });
    it('ApplicationIsMarkedForDeletion', () => {
      expect(decideAutoSync(input({ app: app({ deleting: true }) }))).toMatchObject({ kind: 'none' });
    });
    it('NeedsToPruneResourcesOnlyButAutomatedPruneDisabled', () => {
      const resources = [
        { status: 'Synced' as const },
        { status: 'OutOfSync' as const, requiresPruning: true },
      ];
      expect(decideAutoSync(input({ resources }))).toEqual({
        kind: 'none',
        reason: 'need to prune extra resources only but automated prune is disabled',
      });
    });
    it('AnotherOperationInProgress', () => {
      const a = app({ operation: { sync: { revision: rev } } });
      expect(decideAutoSync(input({ app: a }))).toMatchObject({ kind: 'none' });
    });
    it('PreviousSyncAttemptFailed: no new attempt, a condition instead', () => {
      const a = app({ operationState: attempted('Failed') });
      expect(decideAutoSync(input({ app: a }))).toEqual({
        kind: 'condition',
        message: `Failed last sync attempt to [${rev}]: one or more synchronization tasks are not valid`,
      });
    });
    it('PreviousSyncAttemptError', () => {
      const a = app({ operationState: attempted('Error') });
      expect(decideAutoSync(input({ app: a }))).toMatchObject({ kind: 'condition' });
    });
  });

  it('TestAutoSyncIndicateError: the failed attempt is reported with its message, no operation', () => {
    const a = app({ operationState: { ...attempted('Failed'), message: 'sync failed: something' } });
    const decision = decideAutoSync(input({ app: a }));
    expect(decision).toEqual({
      kind: 'condition',
      message: `Failed last sync attempt to [${rev}]: sync failed: something`,
    });
  });

  it('a failed attempt at an older revision does not stop a new commit from syncing', () => {
    const a = app({ operationState: { ...attempted('Failed'), syncResult: { revision: 'bbbbbbbb' } } });
    expect(decideAutoSync(input({ app: a }))).toMatchObject({ kind: 'sync' });
  });

  it('TestAutoSyncNotAllowEmpty: with prune on, pruning everything is refused with a condition', () => {
    const a = app({ automated: { prune: true } });
    const resources = [{ status: 'OutOfSync' as const, requiresPruning: true }];
    expect(decideAutoSync(input({ app: a, resources }))).toEqual({
      kind: 'condition',
      message: `Skipping sync attempt to [${rev}]: auto-sync will wipe out all resources`,
    });
  });

  it('TestAutoSyncAllowEmpty: allowEmpty lets it prune everything', () => {
    const a = app({ automated: { prune: true, allowEmpty: true } });
    const resources = [{ status: 'OutOfSync' as const, requiresPruning: true }];
    expect(decideAutoSync(input({ app: a, resources }))).toMatchObject({ kind: 'sync' });
  });

  it('self-heal: after a Succeeded sync at this revision, a partial sync with the attempt count + 1', () => {
    const a = app({ automated: { selfHeal: true }, operationState: attempted('Succeeded') });
    // In status.resources order (group, kind, namespace, name: the core group first), as the tracker gives them.
    const resources = [
      { group: '', kind: 'ConfigMap', name: 'settings', status: 'Synced' as const },
      { group: '', kind: 'Service', name: 'web', status: 'OutOfSync' as const },
      { group: 'apps', kind: 'Deployment', name: 'web', status: 'OutOfSync' as const },
    ];
    const decision = decideAutoSync(input({ app: a, resources, lastFinishedAtMs: 0 }));
    // appcontroller.go autoSync L2620: `sync.resources` lists the non-Synced resources (kind, group, name).
    expect(decision).toMatchObject({
      kind: 'sync',
      operation: {
        sync: {
          selfHealAttemptsCount: 1,
          // In the order of status.resources.
          resources: [
            { kind: 'Service', name: 'web' },
            { group: 'apps', kind: 'Deployment', name: 'web' },
          ],
        },
      },
    });
  });

  it('self-heal: waits out the back-off of the previous count since the last finish', () => {
    const a = app({
      automated: { selfHeal: true },
      operationState: attempted('Succeeded', { selfHealAttemptsCount: 2 }),
    });
    expect(decideAutoSync(input({ app: a, nowMs: 1000, lastFinishedAtMs: 0 }))).toEqual({
      kind: 'wait',
      retryAfterMs: 5000,
    });
  });
});

describe('TestSelfHealRemainingBackoff (§5.4, case 119)', () => {
  it('2 s × 3^(n-1), capped at 300 s; 0 attempts → now', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => selfHealRemainingBackoff(n, 0, undefined));
    expect(delays).toEqual([0, 2000, 6000, 18_000, 54_000, 162_000, 300_000, 300_000]);
  });
  it('minus the time since the last operation finished', () => {
    expect(selfHealRemainingBackoff(3, 10_000, 0)).toBe(8000);
    expect(selfHealRemainingBackoff(1, 10_000, 0)).toBeLessThan(0);
  });
});
