import { describe, expect, it } from 'vitest';
import { annotationSyncOptions, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { pod, testOptions } from '../../../test/kits/fakeCluster.testKit';
import { SyncResults } from './results';
import { taskObj, taskWave } from './syncTask';
import { buildTasks } from './tasks';

function waved(obj: KubeObject, wave: number, extra: Record<string, string> = {}): KubeObject {
  return {
    ...obj,
    metadata: { ...obj.metadata, annotations: { [annotationSyncWave]: String(wave), ...extra } },
  };
}
const ns = (wave = 0) => waved({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }, wave);
const p = (n: number, wave = 0, extra: Record<string, string> = {}) => waved(pod(`pod-${n}`), wave, extra);

function wavesOf(desired: KubeObject[], live: KubeObject[], syncOptions: string[] = []) {
  const built = buildTasks(
    { desired, live, options: testOptions({ syncOptions }), ports: { getLive: () => undefined } },
    new SyncResults([], () => {}),
  );
  return Object.fromEntries(built.tasks.map((t) => [taskObj(t).metadata.name, taskWave(t)]));
}

describe('4.2 #14 TestWaveReorderingOfPruneTasks', () => {
  it('(a) all in wave 0: creates and prunes stay in wave 0', () => {
    expect(wavesOf([ns(), p(2)], [ns(), p(1), p(3), p(4)])).toEqual({
      ns: 0,
      'pod-1': 0,
      'pod-2': 0,
      'pod-3': 0,
      'pod-4': 0,
    });
  });

  it('(b) creates only: waves unchanged', () => {
    expect(wavesOf([ns(0), p(1, 1), p(2, 2), p(3, 3), p(4, 4)], [])).toEqual({
      ns: 0,
      'pod-1': 1,
      'pod-2': 2,
      'pod-3': 3,
      'pod-4': 4,
    });
  });

  it('(c) all pruned: the waves are reversed', () => {
    expect(wavesOf([], [ns(0), p(1, 1), p(2, 2), p(3, 3), p(4, 4)])).toEqual({
      ns: 4,
      'pod-1': 3,
      'pod-2': 2,
      'pod-3': 1,
      'pod-4': 0,
    });
  });

  it('(d) mixed: only the prune waves {1,3,4} are swapped among themselves', () => {
    expect(wavesOf([ns(0), p(2, 2)], [ns(0), p(1, 1), p(3, 3), p(4, 4)])).toEqual({
      'pod-1': 4,
      'pod-3': 3,
      'pod-4': 1,
      ns: 0,
      'pod-2': 2,
    });
  });

  it('(e) app-level PruneLast puts every prune one wave after the last Sync wave', () => {
    const live = [ns(0), p(1, 1), p(2, 2), p(3, 3), p(4, 4)];
    expect(wavesOf([ns(0)], live, ['PruneLast=true'])).toEqual({
      ns: 0,
      'pod-1': 5,
      'pod-2': 5,
      'pod-3': 5,
      'pod-4': 5,
    });
  });

  it('(f) PruneLast=true on one resource moves only that one', () => {
    const live = [ns(0), p(1, 1), p(2, 2, { [annotationSyncOptions]: 'PruneLast=true' }), p(3, 3), p(4, 4)];
    expect(wavesOf([ns(0)], live)).toEqual({ ns: 0, 'pod-1': 4, 'pod-2': 5, 'pod-3': 2, 'pod-4': 1 });
  });

  it('(g) prune waves interleave with creation waves', () => {
    const desired = [ns(-1), p(2, 3), p(6, 5)];
    const live = [ns(-1), p(1, 1), p(3, 3), p(4, 3), p(5, 4), p(7, 5)];
    expect(wavesOf(desired, live)).toMatchObject({
      'pod-1': 5,
      'pod-3': 4,
      'pod-4': 4,
      'pod-5': 3,
      'pod-7': 1,
    });
  });
});

describe('4.2 #15 TestPruneLast', () => {
  it('without waves the PruneLast wave is 1', () => {
    expect(wavesOf([p(1)], [p(2), p(3)], ['PruneLast=true'])).toEqual({ 'pod-1': 0, 'pod-2': 1, 'pod-3': 1 });
  });

  it('with waves it is one after the highest Sync wave, prunes included (7 + 1)', () => {
    expect(wavesOf([p(1, 2)], [p(2, 1), p(3, 7)], ['PruneLast=true'])).toEqual({
      'pod-1': 2,
      'pod-2': 8,
      'pod-3': 8,
    });
  });

  it('the same with PruneLast=true annotated on the two pruned pods', () => {
    const last = { [annotationSyncOptions]: 'PruneLast=true' };
    expect(wavesOf([p(1, 2)], [p(2, 1, last), p(3, 7, last)])).toEqual({
      'pod-1': 2,
      'pod-2': 8,
      'pod-3': 8,
    });
  });
});
