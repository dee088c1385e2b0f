import { describe, expect, it } from 'vitest';
import { fakeSync, hookPod, inTestNamespace, pod } from '../../../test/kits/fakeCluster.testKit';

/**
 * How one sync fails (argocd-semantics.md §4.5, gitops-engine sync_context_test.go): an apply or prune error fails the
 * operation in the same tick, a hook whose health cannot be read ends in Error; and the event log of a sync in the
 * order things happen.
 */

describe('4.5 #58 TestSyncCreateFailure / TestSyncPruneFailure', () => {
  it('an apply error fails the operation in the same tick', () => {
    const { cluster, sync } = fakeSync([pod('test-service')]);
    cluster.applyFailures.set('test-service', { message: 'foo' });
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual([
      'Failed',
      'one or more objects failed to apply, reason: foo',
    ]);
    expect(outcome.results.map((r) => [r.status, r.message])).toEqual([['SyncFailed', 'foo']]);
    expect(outcome.events.find((e) => e.type === 'apply')).toMatchObject({
      result: 'failed',
      message: 'foo',
    });
  });

  it('a prune error fails the operation in the same tick', () => {
    const { cluster, sync } = fakeSync([], [inTestNamespace(pod('test-service'))], { prune: true });
    cluster.deleteFailures.set('test-service', 'foo');
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual([
      'Failed',
      'one or more objects failed to apply, reason: foo',
    ]);
  });
});

describe('health errors and the event log', () => {
  it('a hook whose health cannot be read ends in Error and fails the sync', () => {
    const { cluster, sync } = fakeSync([hookPod('probe', 'Sync')]);
    cluster.health = () => {
      throw new Error('boom');
    };
    sync.tick();
    const outcome = sync.tick();
    expect(sync.result('probe')).toMatchObject({
      hookPhase: 'Error',
      message: 'failed to get resource health: boom',
    });
    expect(outcome.phase).toBe('Failed');
  });

  it('reports steps, applies, results and hook deletions in the order they happen', () => {
    const { cluster, sync } = fakeSync([
      hookPod('migrate', 'PreSync', 'HookSucceeded'),
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'backend' } },
    ]);
    cluster.defaultHealth = 'Healthy';
    const log = [sync.tick(), sync.tick()].flatMap((o) =>
      o.events.map((e) => {
        if (e.type === 'step') return `step ${e.phase}/${e.wave}`;
        if (e.type === 'apply') return `apply ${e.kind}/${e.name} ${e.result}: ${e.message}`;
        if (e.type === 'delete') return `delete ${e.name} ${e.reason}`;
        return `result ${e.name} ${e.status}/${e.hookPhase}`;
      }),
    );
    expect(log).toEqual([
      'step PreSync/0',
      'apply Pod/migrate created: pod/migrate created',
      'result migrate Synced/Running',
      'result migrate Synced/Succeeded',
      'step Sync/0',
      'apply Deployment/backend created: deployment.apps/backend created',
      'result backend Synced/Running',
      'delete migrate HookSucceeded',
    ]);
    expect(sync.results.map((r) => [r.name, r.version, r.hookType, r.syncPhase])).toEqual([
      ['migrate', 'v1', 'PreSync', 'PreSync'],
      ['backend', 'v1', '', 'Sync'],
    ]);
  });
});
