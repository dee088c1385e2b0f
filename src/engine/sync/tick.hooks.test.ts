import { describe, expect, it } from 'vitest';
import { annotationSyncOptions, annotationSyncWave } from '../annotations';
import {
  FakeCluster,
  SyncDriver,
  fakeSync,
  hookPod,
  inTestNamespace,
  pod,
  resultText,
  runningRow,
  testOptions,
} from '../../../test/kits/fakeCluster.testKit';

/**
 * Hooks in one sync, step by step (argocd-semantics.md §4.5, gitops-engine sync_context_test.go): SyncFail hooks,
 * BeforeHookCreation, hook finalizers and deletion once the operation is decided, wave hooks, and the single-app
 * rules of §4.9 about hooks and Skip.
 */

describe('4.5 #41 TestSync_SuccessfulSyncWithSyncFailHook', () => {
  it('runs the Sync hook, waits for it, succeeds and never runs the SyncFail hook', () => {
    const { cluster, sync } = fakeSync([
      pod(),
      hookPod('hook-1', 'Sync'),
      hookPod('sync-fail-hook', 'SyncFail', 'HookSucceeded'),
    ]);
    cluster.defaultHealth = 'Healthy';
    const first = sync.tick();
    expect([first.phase, first.message, first.results.length]).toEqual([
      'Running',
      'waiting for completion of hook /Pod/hook-1 and 1 more resources',
      2,
    ]);
    const second = sync.tick();
    expect([second.phase, second.message, second.results.length]).toEqual([
      'Succeeded',
      'successfully synced (no more tasks)',
      2,
    ]);
    expect(cluster.find('sync-fail-hook')).toBeUndefined();
  });
});

describe('4.5 #42 TestSync_FailedSyncWithSyncFailHook_HookFailed', () => {
  it('Test_executeSyncFailPhase_RunningHooks: a Degraded Sync hook starts the SyncFail hook; the operation stays Running while it runs, then fails', () => {
    const { cluster, sync } = fakeSync([
      pod(),
      hookPod('hook-1', 'Sync'),
      hookPod('sync-fail-hook', 'SyncFail', 'HookSucceeded'),
    ]);
    cluster.defaultHealth = 'Healthy';
    cluster.healthByName.set('hook-1', 'Degraded');
    expect(sync.tick().message).toBe('waiting for completion of hook /Pod/hook-1 and 1 more resources');
    const second = sync.tick();
    expect([second.phase, second.message, second.results.length]).toEqual([
      'Running',
      'waiting for completion of hook /Pod/sync-fail-hook',
      3,
    ]);
    const third = sync.tick();
    expect([third.phase, third.message, third.results.length]).toEqual([
      'Failed',
      'one or more synchronization tasks completed unsuccessfully',
      3,
    ]);
    // HookSucceeded is judged on the whole operation: the succeeded SyncFail hook stays.
    expect(cluster.find('sync-fail-hook')).toBeDefined();
  });
});

describe('4.5 #43 TestSync_FailedSyncWithSyncFailHook_ApplyFailed', () => {
  it('Test_executeSyncFailPhase_CompletedHooks: runs every SyncFail hook even when one fails to apply, and names both failures', () => {
    const { cluster, sync } = fakeSync([
      inTestNamespace(pod()),
      hookPod('successful-sync-fail-hook', 'SyncFail'),
      hookPod('failed-sync-fail-hook', 'SyncFail'),
    ]);
    cluster.healthByName.set('successful-sync-fail-hook', 'Healthy');
    cluster.applyFailures.set('my-pod', { message: 'fake pod failure' });
    cluster.applyFailures.set('failed-sync-fail-hook', { message: 'fake hook failure' });
    const first = sync.tick();
    expect([first.phase, first.message, first.results.length]).toEqual([
      'Running',
      'waiting for completion of hook /Pod/failed-sync-fail-hook and 1 more hooks',
      3,
    ]);
    expect(resultText(sync, 'my-pod')).toBe('SyncFailed/Failed');
    expect(resultText(sync, 'failed-sync-fail-hook')).toBe('SyncFailed/Failed');
    expect(resultText(sync, 'successful-sync-fail-hook')).toBe('Synced/Running');
    const second = sync.tick();
    expect(second.phase).toBe('Failed');
    expect(second.message).toBe(
      'one or more synchronization tasks completed unsuccessfully, reason: fake pod failure\n' +
        'one or more SyncFail hooks failed, reason: fake hook failure',
    );
    expect(resultText(sync, 'successful-sync-fail-hook')).toBe('Synced/Succeeded');
  });
});

describe('4.5 #44 TestBeforeHookCreation', () => {
  it('deletes the old hook on the first tick and creates it on the next', () => {
    const hook = hookPod('my-pod', 'Sync', 'BeforeHookCreation');
    const { cluster, sync } = fakeSync([hook], [hook]);
    const first = sync.tick();
    expect([first.phase, first.message]).toEqual(['Running', 'waiting for deletion of hook /Pod/my-pod']);
    expect([cluster.finalizerRemovals, cluster.deletes.map((d) => d.name)]).toEqual([['my-pod'], ['my-pod']]);
    expect(first.events.find((e) => e.type === 'delete')).toMatchObject({ reason: 'BeforeHookCreation' });
    const second = sync.tick();
    expect([second.phase, second.message]).toEqual(['Running', 'waiting for completion of hook /Pod/my-pod']);
    expect(second.results.map((r) => r.hookPhase)).toEqual(['Running']);
    expect(second.events.find((e) => e.type === 'apply')).toMatchObject({ result: 'created', hook: true });
  });
});

describe('4.5 #45 TestSync_ExistingHooksWithFinalizer', () => {
  it('removes every old finalizer but deletes only the BeforeHookCreation hook', () => {
    const hooks = [
      hookPod('existing-hook-1', 'PreSync', 'BeforeHookCreation'),
      hookPod('existing-hook-2', 'PreSync', 'HookFailed'),
      hookPod('existing-hook-3', 'PreSync', 'HookSucceeded'),
    ];
    const { cluster, sync } = fakeSync(hooks, hooks);
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual([
      'Running',
      'waiting for deletion of hook /Pod/existing-hook-1',
    ]);
    expect(cluster.finalizerRemovals).toHaveLength(3);
    expect(cluster.deletes.map((d) => d.name)).toEqual(['existing-hook-1']);
    expect(cluster.find('existing-hook-1')).toBeUndefined();
  });
});

describe('4.5 #46–#48 hooks are deleted when the whole operation is decided', () => {
  const hooks = () => [
    hookPod('hook-1', 'PreSync', 'BeforeHookCreation'),
    hookPod('hook-2', 'PreSync', 'HookFailed'),
    hookPod('hook-3', 'PreSync', 'HookSucceeded'),
  ];
  const running = (health: Array<'Healthy' | 'Progressing' | 'Degraded'>) => {
    const objs = hooks();
    const cluster = new FakeCluster(objs);
    objs.forEach((h, i) => cluster.healthByName.set(h.metadata.name ?? '', health[i]));
    const sync = new SyncDriver(cluster, {
      desired: objs,
      options: testOptions(),
      results: objs.map((h, i) => runningRow(h, i + 1)),
    });
    return { cluster, sync };
  };

  it('#46 TestSync_HooksNotDeletedIfPhaseNotCompleted: while one hook still runs nothing is touched', () => {
    const { cluster, sync } = running(['Progressing', 'Healthy', 'Healthy']);
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual([
      'Running',
      'waiting for completion of hook /Pod/hook-1',
    ]);
    expect([cluster.finalizerRemovals, cluster.deletes]).toEqual([[], []]);
  });

  it('#47 TestSync_HooksDeletedAfterSyncSucceeded: on success every finalizer goes and only the HookSucceeded hook is deleted', () => {
    const { cluster, sync } = running(['Healthy', 'Healthy', 'Healthy']);
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual(['Succeeded', 'successfully synced (no more tasks)']);
    expect(cluster.finalizerRemovals).toHaveLength(3);
    expect(cluster.deletes.map((d) => d.name)).toEqual(['hook-3']);
    expect(outcome.events.find((e) => e.type === 'delete')).toMatchObject({
      name: 'hook-3',
      reason: 'HookSucceeded',
    });
  });

  it('#48 TestSync_HooksDeletedAfterSyncFailed: on failure the HookFailed hook is deleted although it succeeded itself', () => {
    const { cluster, sync } = running(['Degraded', 'Healthy', 'Healthy']);
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual([
      'Failed',
      'one or more synchronization tasks completed unsuccessfully',
    ]);
    expect(cluster.finalizerRemovals).toHaveLength(3);
    expect(cluster.deletes.map((d) => d.name)).toEqual(['hook-2']);
    expect(cluster.find('hook-1')).toBeDefined();
  });
});

describe('4.5 #49 TestSync_HookWithReplaceAndBeforeHookCreation_AlreadyDeleted', () => {
  it('a NotFound on delete counts as gone and the hook is created in the same tick', () => {
    const hook = inTestNamespace(
      pod('my-pod', {
        [annotationSyncOptions]: 'Replace=true',
        'argocd.argoproj.io/hook': 'PreSync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      }),
    );
    const { cluster, sync } = fakeSync([hook], [hook]);
    cluster.deleteNotFound.add('my-pod');
    sync.tick();
    expect(cluster.deletes.map((d) => d.name)).toEqual(['my-pod']);
    expect(cluster.applies.map((a) => a.verb)).toEqual(['create']);
  });
});

describe('4.5 #53 TestSync_SyncWaveHook', () => {
  // Argo CD calls its SyncWaveHook after each applied step; the sandbox has no hook to call (its wave delay is the
  // caller's), so it records the same (phase, wave, final) steps, and this test pins where they fall.
  it('records each applied step with its phase, wave and whether it is the last, not on ticks that only wait', () => {
    const { cluster, sync } = fakeSync([
      pod('pod-1', { [annotationSyncWave]: '-1' }),
      pod('pod-2'),
      pod('pod-3', { 'argocd.argoproj.io/hook': 'PostSync' }),
    ]);
    cluster.defaultHealth = 'Progressing';
    const steps = () => sync.tick({}).steps.map((s) => `${s.phase}/${s.wave}/${s.finalWave}`);
    expect(steps()).toEqual(['Sync/-1/false']);
    expect(steps()).toEqual([]);
    cluster.healthByName.set('pod-1', 'Healthy');
    expect(steps()).toEqual(['Sync/0/false']);
    cluster.healthByName.set('pod-2', 'Healthy');
    expect(steps()).toEqual(['PostSync/0/true']);
  });
});

describe('4.9 end-to-end rules that a single app shows', () => {
  it('#84 a failing PreSync hook leaves the Sync phase untouched and keeps the hook without its finalizer', () => {
    const { cluster, sync } = fakeSync([hookPod('before', 'PreSync'), pod('main')]);
    cluster.healthByName.set('before', 'Degraded');
    sync.tick();
    const outcome = sync.tick();
    expect(outcome.phase).toBe('Failed');
    expect(outcome.results.map((r) => [r.name, r.hookPhase])).toEqual([['before', 'Failed']]);
    expect(cluster.find('main')).toBeUndefined();
    expect(cluster.find('before')?.metadata.finalizers).toEqual([]);
  });

  it.each([
    ['HookSucceeded', 'Healthy', 'Succeeded', false],
    ['HookSucceeded', 'Degraded', 'Failed', true],
    ['HookFailed', 'Healthy', 'Succeeded', true],
    ['HookFailed', 'Degraded', 'Failed', false],
  ] as const)('#91 %s with a hook that ends %s: %s, hook kept = %s', (policy, health, phase, kept) => {
    const { cluster, sync } = fakeSync([hookPod('hook', 'PostSync', policy), pod('main')]);
    cluster.healthByName.set('hook', health);
    expect(sync.tick().message).toBe('waiting for healthy state of /Pod/main');
    expect(sync.tick().message).toBe('waiting for completion of hook /Pod/hook');
    expect(sync.tick().phase).toBe(phase);
    expect(cluster.find('hook') !== undefined).toBe(kept);
  });

  it('#93 a Skip object is never applied', () => {
    const { cluster, sync } = fakeSync([pod('skipped', { 'argocd.argoproj.io/hook': 'Skip' }), pod('main')]);
    expect(sync.tick().results.map((r) => r.name)).toEqual(['main']);
    expect(cluster.find('skipped')).toBeUndefined();
  });
});
