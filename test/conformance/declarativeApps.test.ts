/**
 * e2e tests of Applications applied with kubectl (test/e2e/declarative_test.go), of auto-sync settings
 * (test/e2e/app_autosync_test.go) and of deleting an app (test/e2e/app_deletion_test.go), replayed as control-plane
 * runs: the Argo CD objects applied at their moment, the Application read back from the store.
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../src/engine';
import type { RepoRevision } from '../../src/engine/argocd/repository';
import { application } from '../kits/controlPlane.testKit';
import { runControlPlane } from '../../src/engine/simulation/runControlPlane';
import { configMap } from '../kits/simulation.testKit';

const repo: RepoRevision = {
  name: 'main',
  files: { 'guestbook/config.yaml': [{ object: configMap('guestbook-config') }] },
};
const appOf = (result: ReturnType<typeof runControlPlane>, name: string): JsonAny =>
  result.applications.find((a) => a.metadata.name === name);

describe('test/e2e/declarative_test.go', () => {
  it('TestDeclarativeHappyApp: applied with kubectl it is OutOfSync and Missing; synced, it is Succeeded, Synced and Healthy', () => {
    const applied = application('declarative', { path: 'guestbook' });
    const before = runControlPlane({
      repository: repo,
      objects: [],
      actions: [{ at: 10, type: 'kubectl-apply', objects: [applied] }],
      untilSeconds: 30,
    });
    const waiting = appOf(before, 'declarative').status;
    expect(`${waiting.sync.status} ${waiting.health.status}`).toBe('OutOfSync Missing');
    expect(waiting.operationState).toBeUndefined();

    const after = runControlPlane({
      repository: repo,
      objects: [],
      actions: [
        { at: 10, type: 'kubectl-apply', objects: [applied] },
        { at: 30, type: 'sync', app: 'declarative' },
      ],
      untilSeconds: 90,
    });
    const synced = appOf(after, 'declarative').status;
    expect(synced.operationState.phase).toBe('Succeeded');
    expect(`${synced.sync.status} ${synced.health.status}`).toBe('Synced Healthy');
  });

  it('TestDeclarativeInvalidProject (and controller TestProjectErrorToCondition): an app of project garbage is Unknown and Unknown, with an InvalidSpecError', () => {
    const result = runControlPlane({
      repository: repo,
      objects: [],
      actions: [
        {
          at: 10,
          type: 'kubectl-apply',
          objects: [application('declarative', { path: 'guestbook', project: 'garbage' })],
        },
      ],
      untilSeconds: 60,
    });
    const status = appOf(result, 'declarative').status;
    expect(`${status.sync.status} ${status.health.status}`).toBe('Unknown Unknown');
    expect(status.conditions).toEqual([
      expect.objectContaining({
        type: 'InvalidSpecError',
        message: 'Application referencing project garbage which does not exist',
      }),
    ]);
  });
});

describe('test/e2e/app_autosync_test.go', () => {
  it('TestAutoSyncAllowEmptyCanBeDisabled: allowEmpty true, then `argocd app set --allow-empty=false` persists false', () => {
    const app = application('guestbook', { path: 'guestbook', automated: { allowEmpty: true } });
    const result = runControlPlane({
      repository: repo,
      objects: [app],
      actions: [{ at: 30, type: 'intervention', command: 'argocd app set guestbook --allow-empty=false' }],
      untilSeconds: 60,
    });
    expect(result.refused).toEqual([]);
    const after = appOf(result, 'guestbook');
    expect(after.status.sync.status).toBe('Synced');
    expect(after.spec.syncPolicy.automated.allowEmpty).toBe(false);
  });
});

describe('test/e2e/app_deletion_test.go', () => {
  // testdata/hook-custom-health: guestbook plus a PreSync ConfigMap hook, my-map; the test's ConfigMap health Lua
  // (`return { status = obj.annotations and obj.annotations['health'] or 'Progressing' }`) keeps it Progressing.
  // The Lua runs in src/lua; here the engine is handed the check it computes.
  const hookRepo: RepoRevision = {
    name: 'main',
    files: {
      'hook-custom-health/config.yaml': [{ object: configMap('guestbook-config') }],
      'hook-custom-health/config-map.yaml': [
        {
          object: {
            ...configMap('my-map'),
            metadata: { name: 'my-map', annotations: { 'argocd.argoproj.io/hook': 'PreSync' } },
          },
        },
      ],
    },
  };
  const healthOverrides = {
    checkFor: (group: string, kind: string) =>
      group === '' && kind === 'ConfigMap'
        ? (obj: JsonAny) => ({ status: obj.metadata.annotations?.health ?? 'Progressing', message: '' })
        : undefined,
  };
  const app = application('stuck', { path: 'hook-custom-health' });
  app.metadata.finalizers = ['resources-finalizer.argocd.argoproj.io'];
  const run = (untilSeconds: number, terminate: boolean) =>
    runControlPlane({
      repository: hookRepo,
      objects: [app],
      healthOverrides,
      actions: [
        { at: 30, type: 'kubectl-delete', kind: 'Application', name: 'stuck', namespace: 'argocd' },
        ...(terminate ? [{ at: 90, type: 'terminate' as const, app: 'stuck' }] : []),
      ],
      untilSeconds,
    });

  it('TestDeletingAppStuckInSync: the delete of an app stuck in a Running sync waits; terminated, the app is gone', () => {
    const stuck = appOf(run(150, false), 'stuck');
    expect(stuck.metadata.deletionTimestamp).toBeDefined();
    expect(stuck.status.operationState.phase).toBe('Running');
    expect(stuck.status.sync.status).toBe('OutOfSync');
    expect(appOf(run(150, true), 'stuck')).toBeUndefined();
  });
});

describe('controller/appcontroller_test.go, an operation written on the Application', () => {
  it('TestProcessRequestedAppAutomatedOperation_Successful: an automated sync of an app with no manifests succeeds "(no more tasks)"', () => {
    const app = {
      ...application('my-app', { path: 'empty' }),
      operation: { sync: {}, initiatedBy: { automated: true } },
    };
    const result = runControlPlane({
      repository: { name: 'main', files: { 'empty/.keep': [] } },
      objects: [],
      actions: [{ at: 10, type: 'kubectl-apply', objects: [app] }],
      untilSeconds: 40,
    });
    const after = appOf(result, 'my-app');
    expect(after.status.operationState).toMatchObject({
      phase: 'Succeeded',
      message: 'successfully synced (no more tasks)',
      operation: { initiatedBy: { automated: true } },
    });
    // isRefreshRequested(CompareWithLatest): the completed operation is followed by a full refresh.
    expect(after.status.reconciledAt >= after.status.operationState.finishedAt).toBe(true);
    expect(after.operation).toBeUndefined();
  });
});
