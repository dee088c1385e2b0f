import { describe, expect, it } from 'vitest';
import { annotationSyncOptions, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { hookPod, pod, svc, testNamespace, testOptions } from '../../../test/kits/fakeCluster.testKit';
import { planSync } from './planSync';

const inNs = (obj: KubeObject): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, namespace: testNamespace },
});

describe('planSync', () => {
  const desired = [
    hookPod('migrate', 'PreSync'),
    svc('backend', { [annotationSyncWave]: '1' }),
    pod('cache'),
    hookPod('smoke', 'PostSync', 'HookSucceeded'),
    hookPod('notify', 'SyncFail'),
  ];

  it('lists tasks in the order the sync runs them, with the steps between them', () => {
    const plan = planSync({ desired, live: [inNs(pod('cache')), inNs(pod('old'))], options: testOptions() });
    expect(plan.tasks.map((t) => `${t.phase}/${t.wave} ${t.kind}/${t.name} ${t.action}`)).toEqual([
      'PreSync/0 Pod/migrate create',
      'Sync/0 Pod/cache update',
      'Sync/0 Pod/old skip',
      'Sync/1 Service/backend create',
      'PostSync/0 Pod/smoke create',
      'SyncFail/0 Pod/notify create',
    ]);
    expect(plan.steps).toEqual([
      { phase: 'PreSync', wave: 0 },
      { phase: 'Sync', wave: 0 },
      { phase: 'Sync', wave: 1 },
      { phase: 'PostSync', wave: 0 },
    ]);
    expect(plan.multiStep).toBe(true);
  });

  it('explains skipped prunes and hooks that only run on failure', () => {
    const plan = planSync({ desired, live: [inNs(pod('old'))], options: testOptions() });
    expect(plan.tasks.find((t) => t.name === 'old')?.note).toBe('ignored (requires pruning)');
    expect(plan.tasks.find((t) => t.name === 'notify')?.note).toBe('runs only if the sync fails');
    expect(plan.tasks.find((t) => t.name === 'smoke')?.deletePolicies).toEqual(['HookSucceeded']);
  });

  it('reverses prune waves and marks prunes that wait for confirmation', () => {
    const live = [
      inNs(pod('first', { [annotationSyncWave]: '1' })),
      inNs(pod('second', { [annotationSyncWave]: '2', [annotationSyncOptions]: 'Prune=confirm' })),
    ];
    const plan = planSync({ desired: [], live, options: testOptions({ prune: true }) });
    expect(plan.tasks.map((t) => [t.name, t.wave, t.action, t.note])).toEqual([
      ['second', 1, 'prune', 'waits for pruning confirmation'],
      ['first', 2, 'prune', ''],
    ]);
  });

  it('changes nothing', () => {
    const live = [inNs(pod('old'))];
    planSync({ desired, live, options: testOptions({ prune: true }) });
    expect(live).toEqual([inNs(pod('old'))]);
  });
});
