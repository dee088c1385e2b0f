import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

/**
 * The control-plane scenarios, checked at the moments their stories name (argocd-semantics.md §5.3,
 * §5.4): what the Application object says in the middle, not only at the end.
 */
const load = (id: string) =>
  parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
const ops = (events: SimEvent[], app = 'checkout') =>
  events.filter((e) => e.type === 'operation' && e.app === app);

describe('scenarios/auto-sync-refuses-retry.yaml (§5.4, case 117 PreviousSyncAttemptFailed)', () => {
  const scenario = load('auto-sync-refuses-retry');
  const before = playScenario(scenario, { untilSeconds: 100 });
  const app: JsonAny = before.application;

  it('the failed auto-sync retried once, then ended Failed "(retried 1 times)."', () => {
    expect(app.status.operationState).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully (retried 1 times).',
      retryCount: 1,
      operation: { initiatedBy: { automated: true } },
    });
  });

  it('auto-sync refuses the same revision: SyncError "Failed last sync attempt to [<rev>]: …", no new operation', () => {
    const revision = app.status.operationState.syncResult.revision;
    expect(app.status.conditions).toEqual([
      expect.objectContaining({
        type: 'SyncError',
        message: `Failed last sync attempt to [${revision}]: one or more synchronization tasks completed unsuccessfully (retried 1 times).`,
      }),
    ]);
    expect(app.status.sync.status).toBe('OutOfSync');
    const starts = before.events.filter((e) => e.type === 'app-operation');
    expect(starts.map((e) => e.t)).toEqual([0, 31]);
  });

  it('the fix is a new revision: auto-sync tries it and succeeds, and the condition goes', () => {
    const after = playScenario(scenario);
    expect(after.application.status.operationState?.phase).toBe('Succeeded');
    expect((after.application as JsonAny).status.conditions ?? []).toEqual([]);
    expect(
      ops(after.events).some(
        (e) => e.type === 'operation' && e.message.includes('Retrying attempt #1 at 12:00AM.'),
      ),
    ).toBe(true);
  });
});

describe('scenarios/revert.yaml ("Recovery by revert", §2.18, §5.4)', () => {
  const result = playScenario(load('revert'));
  const app: JsonAny = result.application;

  it('runs three operations, each started by admin: 6.7.1, the failing 6.7.0, the revert', () => {
    const starts = result.events.filter((e) => e.type === 'app-operation');
    expect(starts.map((e) => [e.t, e.type === 'app-operation' && e.initiator])).toEqual([
      [0, 'admin'],
      [61, 'admin'],
      [121, 'admin'],
    ]);
    const ends = ops(result.events, 'checkout-dev').filter(
      (e) => e.type === 'operation' && e.phase !== 'Running',
    );
    expect(ends.map((e) => e.type === 'operation' && e.phase)).toEqual(['Succeeded', 'Failed', 'Succeeded']);
  });

  it('the failed sync applied nothing of the Sync phase: the Deployment kept 6.7.1, the SyncFail hook ran', () => {
    const applies = result.events.filter((e) => e.type === 'apply' && e.t >= 61 && e.t < 120);
    // The Namespace is pulled into PreSync ahead of the hook that needs it (§2.5); nothing of Sync is applied.
    expect(applies.map((e) => e.type === 'apply' && `${e.phase} ${e.kind}/${e.name}`)).toEqual([
      'PreSync Namespace/checkout-dev',
      'PreSync Job/checkout-migrate',
      'SyncFail Job/checkout-sync-failed',
    ]);
  });

  it('status.history lists only the Succeeded syncs, with their revisions (§5.4, case 124)', () => {
    const history = app.status.history;
    expect(history.map((h: { id: number }) => h.id)).toEqual([0, 1]);
    expect(history[1].revision).toBe(app.status.sync.revision);
    expect(history[0].revision).not.toBe(history[1].revision);
    expect(history[1]).toMatchObject({ deployStartedAt: '2026-01-01T00:02:01Z' });
  });
});
