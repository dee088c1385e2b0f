import { describe, expect, it } from 'vitest';
import type { KubeObject, TaskPhase } from '../types';
import {
  FakeCluster,
  hookPod,
  pod,
  runningRow,
  testNamespace,
  testOptions,
} from '../../../test/kits/fakeCluster.testKit';
import type { SyncResultRow } from './results';
import { terminateTick } from './terminate';

const runningPod = (): KubeObject => ({
  ...pod(),
  metadata: { ...pod().metadata, namespace: testNamespace },
});
const hooks = () => [
  hookPod('hook-1', 'Sync', 'BeforeHookCreation'),
  hookPod('hook-2', 'Sync', 'HookFailed'),
  hookPod('hook-3', 'Sync', 'HookSucceeded'),
];

function terminate(
  objs: KubeObject[],
  results: SyncResultRow[],
  cluster = new FakeCluster(objs),
  byTimeout = false,
) {
  const outcome = terminateTick({
    desired: objs,
    live: cluster.live(),
    results,
    options: testOptions(),
    ports: cluster,
    byTimeout,
  });
  return { outcome, cluster, row: (name: string) => outcome.results.find((r) => r.name === name) };
}

const resourceRow = (obj: KubeObject, order: number): SyncResultRow => ({
  ...runningRow(obj, order, 'Sync'),
  hookType: '',
});

describe('4.6 #59 TestTerminate', () => {
  it('a running resource is left alone and the operation ends Failed', () => {
    const { outcome, cluster } = terminate([runningPod()], [resourceRow(runningPod(), 1)]);
    expect([outcome.phase, outcome.message]).toEqual(['Failed', 'Operation terminated']);
    expect(cluster.find('my-pod')).toBeDefined();
  });

  it('a termination by the controller sync timeout says so', () => {
    const { outcome } = terminate([runningPod()], [resourceRow(runningPod(), 1)], undefined, true);
    expect(outcome.message).toBe('Operation terminated, triggered by controller sync timeout');
  });
});

describe('4.6 #60 TestTerminate_Hooks_Running', () => {
  it('stops and deletes every running hook and records it as Terminated', () => {
    const objs = [...hooks(), runningPod()];
    const cluster = new FakeCluster(objs);
    cluster.defaultHealth = 'Progressing';
    const rows = [...hooks().map((h, i) => runningRow(h, i + 1, 'Sync')), resourceRow(runningPod(), 4)];
    const { outcome, row } = terminate(objs, rows, cluster);
    expect([outcome.phase, outcome.message]).toEqual(['Failed', 'Operation terminated']);
    for (const name of ['hook-1', 'hook-2', 'hook-3'])
      expect(row(name)).toMatchObject({ hookPhase: 'Failed', message: 'Terminated' });
    expect(cluster.finalizerRemovals).toHaveLength(3);
    expect(cluster.deletes).toHaveLength(3);
    expect(
      outcome.events
        .filter((e) => e.type === 'delete')
        .every((e) => e.type === 'delete' && e.reason === 'terminate'),
    ).toBe(true);
  });
});

describe('4.6 #61 TestTerminate_Hooks_Running_Healthy', () => {
  it('records hooks that already finished with their real outcome and deletes only the HookFailed one', () => {
    const objs = [...hooks(), runningPod()];
    const cluster = new FakeCluster(objs);
    cluster.defaultHealth = 'Healthy';
    const rows = [...hooks().map((h, i) => runningRow(h, i + 1, 'Sync')), resourceRow(runningPod(), 4)];
    const { outcome, row } = terminate(objs, rows, cluster);
    expect(outcome.phase).toBe('Failed');
    for (const name of ['hook-1', 'hook-2', 'hook-3'])
      expect(row(name)).toMatchObject({ hookPhase: 'Succeeded', message: 'test' });
    expect(cluster.finalizerRemovals).toHaveLength(3);
    expect(cluster.deletes.map((d) => d.name)).toEqual(['hook-2']);
  });
});

describe('4.6 #62 TestTerminate_Hooks_Completed', () => {
  it('leaves completed hooks as they are, only removing their finalizers', () => {
    const objs = hooks();
    const phases: TaskPhase[] = ['Succeeded', 'Failed', 'Error'];
    const rows = objs.map((h, i) => ({
      ...runningRow(h, i + 1, 'Sync'),
      hookPhase: phases[i],
      message: `done ${i}`,
    }));
    const { outcome, cluster, row } = terminate(objs, rows);
    expect([outcome.phase, outcome.message]).toEqual(['Failed', 'Operation terminated']);
    expect(objs.map((h, i) => row(h.metadata.name ?? '')?.hookPhase === phases[i])).toEqual([
      true,
      true,
      true,
    ]);
    expect(row('hook-2')?.message).toBe('done 1');
    expect([cluster.finalizerRemovals.length, cluster.deletes.length]).toEqual([3, 0]);
  });
});

describe('4.6 #63 TestTerminate_Hooks_Error', () => {
  it('a failed finalizer update ends the operation with Error', () => {
    const objs = [hookPod('hook-1', 'Sync')];
    const cluster = new FakeCluster(objs);
    cluster.defaultHealth = 'Progressing';
    cluster.finalizerFailures.set('hook-1', 'update failed');
    const { outcome, row } = terminate(objs, [runningRow(objs[0], 1, 'Sync')], cluster);
    expect([outcome.phase, outcome.message]).toEqual(['Error', 'Operation termination had errors']);
    expect(row('hook-1')?.hookPhase).toBe('Error');
    expect(row('hook-1')?.message).toContain('update failed');
  });
});
