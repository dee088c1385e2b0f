import { describe, expect, it } from 'vitest';
import { annotationSyncWave } from '../annotations';
import { fakeSync, inTestNamespace, pod, resultText } from '../../../test/kits/fakeCluster.testKit';

/**
 * Deletion inside one sync (argocd-semantics.md §4.5, gitops-engine sync_context_test.go): an object waited on that
 * vanishes midstep, and pruning in reverse wave order that waits for terminating objects before the next wave.
 */

describe('4.5 #50 TestSync_MultistepResourceDeletionMidstep', () => {
  const setup = () => {
    const { cluster, sync } = fakeSync(
      [pod('pod-1', { [annotationSyncWave]: '1' }), pod('pod-2', { [annotationSyncWave]: '2' })],
      [],
      { syncOptions: ['ApplyOutOfSyncOnly=true'] },
    );
    cluster.healthByName.set('pod-1', 'Progressing');
    const first = sync.tick({ diff: () => true });
    expect([first.phase, resultText(sync, 'pod-1')]).toEqual(['Running', 'Synced/Running']);
    return { cluster, sync };
  };

  it('a waited-on object that vanished from the API fails', () => {
    const { cluster, sync } = setup();
    cluster.remove('pod-1');
    const second = sync.tick({ diff: () => true });
    expect([second.phase, resultText(sync, 'pod-1')]).toEqual(['Running', 'SyncFailed/Error']);
    expect(sync.result('pod-1')?.message).toBe('Resource /Pod/pod-1 is missing, it might have been deleted');
    const third = sync.tick({ diff: () => true });
    expect([third.phase, third.message]).toEqual([
      'Failed',
      'one or more synchronization tasks completed unsuccessfully, reason: Resource /Pod/pod-1 is missing, it might have been deleted',
    ]);
  });

  it('when only the app cache lags, the API still has it and the task keeps running', () => {
    const { cluster, sync } = setup();
    cluster.untracked.add('pod-1');
    expect([sync.tick({ diff: () => true }).phase, resultText(sync, 'pod-1')]).toEqual([
      'Running',
      'Synced/Running',
    ]);
  });
});

describe('4.5 #51 TestWaitForCleanUpBeforeNextWave', () => {
  it('prunes in reverse wave order and waits for a terminating object before the next wave', () => {
    const live = [1, 2, 3].map((n) => inTestNamespace(pod(`pod-${n}`, { [annotationSyncWave]: String(n) })));
    const { cluster, sync } = fakeSync([], live, { prune: true });
    cluster.slowDeletes.add('pod-2');
    expect(sync.tick().phase).toBe('Running');
    expect(cluster.deletes.map((d) => d.name)).toEqual(['pod-3']);
    expect(sync.tick().phase).toBe('Running');
    expect(cluster.deletes.map((d) => d.name)).toEqual(['pod-3', 'pod-2']);
    const third = sync.tick();
    expect([third.phase, third.message, third.results.length]).toEqual([
      'Running',
      'waiting for deletion of /Pod/pod-2',
      2,
    ]);
    cluster.remove('pod-2');
    const fourth = sync.tick();
    expect(fourth.phase).toBe('Succeeded');
    expect(fourth.results.map((r) => [r.name, r.status])).toEqual([
      ['pod-3', 'Pruned'],
      ['pod-2', 'Pruned'],
      ['pod-1', 'Pruned'],
    ]);
  });
});
