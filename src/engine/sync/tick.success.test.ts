import { describe, expect, it } from 'vitest';
import { annotationKeyHook, annotationSyncOptions, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import { deepEqual } from '../util/clone';
import {
  FakeCluster,
  SyncDriver,
  pod,
  svc,
  testNamespace,
  testOptions,
} from '../../../test/kits/fakeCluster.testKit';
import type { SyncOperationOptions } from './syncInput';

const inNs = (obj: KubeObject): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, namespace: testNamespace },
});
const annotate = (obj: KubeObject, annotations: Record<string, string>): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, ...annotations } },
});
const options = (o: Partial<SyncOperationOptions> = {}) => testOptions(o);

function driver(desired: KubeObject[], live: KubeObject[] = [], o: Partial<SyncOperationOptions> = {}) {
  const cluster = new FakeCluster(live);
  return { cluster, sync: new SyncDriver(cluster, { desired, options: options(o) }) };
}

describe('4.4 #27 TestSyncCreateInSortedOrder', () => {
  it('creates a pod and a service in one tick, the Service first (kind order)', () => {
    const { sync } = driver([pod(), svc()]);
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual(['Succeeded', 'successfully synced (all tasks run)']);
    expect(outcome.results.map((r) => `${r.order} ${r.kind} ${r.status} ${r.message}`)).toEqual([
      '1 Service Synced service/my-service created',
      '2 Pod Synced pod/my-pod created',
    ]);
  });
});

describe('4.4 #28 TestSyncSuccessfully', () => {
  it('a single-step sync succeeds at once, even with a Degraded service', () => {
    const { cluster, sync } = driver([svc()], [inNs(pod())], { prune: true });
    cluster.healthByName.set('my-service', 'Degraded');
    const outcome = sync.tick();
    expect(outcome.phase).toBe('Succeeded');
    expect(sync.result('my-pod')).toMatchObject({ status: 'Pruned', message: 'pruned' });
    expect(sync.result('my-service')).toMatchObject({ status: 'Synced' });
    expect(cluster.find('my-pod')).toBeUndefined();
  });
});

describe('4.4 #29 TestSyncSuccessfully_Multistep', () => {
  it('waits for wave 0 to be healthy, then applies wave 5 and succeeds', () => {
    const { cluster, sync } = driver([
      svc('my-service', { [annotationSyncWave]: '0' }),
      svc('new-svc-2', { [annotationSyncWave]: '5' }),
    ]);
    cluster.healthByName.set('my-service', 'Healthy');
    const first = sync.tick();
    expect([first.phase, first.message, first.results.length]).toEqual([
      'Running',
      'waiting for healthy state of /Service/my-service',
      1,
    ]);
    expect(first.steps).toEqual([{ phase: 'Sync', wave: 0, finalWave: false }]);
    const second = sync.tick();
    expect([second.phase, second.message, second.results.length]).toEqual([
      'Succeeded',
      'successfully synced (all tasks run)',
      2,
    ]);
    expect(second.steps).toEqual([{ phase: 'Sync', wave: 5, finalWave: true }]);
  });
});

describe('4.4 #30 TestSyncDeleteSuccessfully', () => {
  it('prunes everything that is no longer in Git', () => {
    const { sync } = driver([], [inNs(svc()), inNs(pod())], { prune: true });
    const outcome = sync.tick();
    expect(outcome.phase).toBe('Succeeded');
    expect(outcome.results.map((r) => [r.kind, r.status, r.message])).toEqual([
      ['Service', 'Pruned', 'pruned'],
      ['Pod', 'Pruned', 'pruned'],
    ]);
    expect(
      outcome.events.filter((e) => e.type === 'delete').map((e) => e.type === 'delete' && e.reason),
    ).toEqual(['prune', 'prune']);
  });
});

describe('4.4 #31 TestSync_ApplyOutOfSyncOnly', () => {
  const onlyPod3Unchanged = (target: KubeObject) => target.metadata.name !== 'pod-3';
  const setup = (o: Partial<SyncOperationOptions>, waves = false) => {
    const w = (n: string, wave: string) => (waves ? pod(n, { [annotationSyncWave]: wave }) : pod(n));
    return driver([w('pod-1', '2'), w('pod-3', '1')], [inNs(w('pod-2', '3')), inNs(w('pod-3', '1'))], {
      syncOptions: ['ApplyOutOfSyncOnly=true'],
      ...o,
    });
  };

  it('without diff information every resource is applied', () => {
    const outcome = setup({}).sync.tick();
    expect([outcome.phase, outcome.results.length]).toEqual(['Succeeded', 3]);
  });

  it('with diff information the unchanged pod-3 is skipped (prunes come first within a step)', () => {
    const outcome = setup({}).sync.tick({ diff: onlyPod3Unchanged });
    expect(outcome.phase).toBe('Succeeded');
    expect(outcome.results.map((r) => [r.name, r.status])).toEqual([
      ['pod-2', 'PruneSkipped'],
      ['pod-1', 'Synced'],
    ]);
  });

  it('missing resource key: a resource the diff result list has no entry for counts as modified and is applied', () => {
    // sync_context_test.go "applyOutOfSyncOnly=true and missing resource key": pod-4 is live and in Git but absent
    // from diffResultList(), so its modification is not known; it is applied with pod-1, pod-3 still skipped.
    const { cluster, sync } = driver(
      [pod('pod-1'), pod('pod-3'), pod('pod-4')],
      [inNs(pod('pod-2')), inNs(pod('pod-3')), inNs(pod('pod-4'))],
      { syncOptions: ['ApplyOutOfSyncOnly=true'] },
    );
    const known = new Map([
      ['pod-1', true],
      ['pod-2', true],
      ['pod-3', false],
    ]);
    const outcome = sync.tick({ diff: (target) => known.get(target.metadata.name ?? '') });
    expect(outcome.phase).toBe('Succeeded');
    expect(outcome.results.map((r) => [r.name, r.status]).sort()).toEqual([
      ['pod-1', 'Synced'],
      ['pod-2', 'PruneSkipped'],
      ['pod-4', 'Synced'],
    ]);
    expect(cluster.applies.map((a) => a.name).sort()).toEqual(['pod-1', 'pod-4']);
  });

  it('with prune on, the extra pod-2 is pruned', () => {
    const outcome = setup({ prune: true }).sync.tick({ diff: onlyPod3Unchanged });
    expect(outcome.results.map((r) => [r.name, r.status])).toEqual([
      ['pod-2', 'Pruned'],
      ['pod-1', 'Synced'],
    ]);
  });

  it('with waves, the skipped wave 1 makes pod-1 (wave 2) wait for its health', () => {
    const { cluster, sync } = setup({ prune: true }, true);
    cluster.healthByName.set('pod-1', 'Unknown');
    for (const outcome of [sync.tick({ diff: onlyPod3Unchanged }), sync.tick({ diff: onlyPod3Unchanged })]) {
      expect(outcome.phase).toBe('Running');
      expect(outcome.results.map((r) => [r.name, r.status, r.hookPhase])).toEqual([
        ['pod-1', 'Synced', 'Running'],
      ]);
    }
  });
});

describe('4.4 #32 TestSync_ApplyOutOfSyncOnly_ClusterResources', () => {
  it('applies only the new namespace; a namespace field on a cluster-scoped target is no difference', () => {
    const ns = (name: string, namespace?: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: namespace ? { name, namespace } : { name },
    });
    const { cluster, sync } = driver([ns('ns-1'), ns('ns-2', 'ns-2'), ns('ns-3')], [ns('ns-2'), ns('ns-3')], {
      syncOptions: ['ApplyOutOfSyncOnly=true'],
    });
    const outcome = sync.tick({ diff: (target, live) => !deepEqual(target, live) });
    expect(outcome.phase).toBe('Succeeded');
    expect(outcome.results.map((r) => r.name)).toEqual(['ns-1']);
    expect(cluster.applies.map((a) => a.name)).toEqual(['ns-1']);
  });
});

describe('4.4 #33 TestDoNotSyncOrPruneHooks', () => {
  it('with hooks skipped, a desired hook is not created and a live hook is not pruned', () => {
    const liveHook = inNs(svc('do-not-prune-me', { [annotationKeyHook]: 'PreSync' }));
    const { cluster, sync } = driver(
      [pod('do-not-create-me', { [annotationKeyHook]: 'PreSync' })],
      [liveHook],
      {
        skipHooks: true,
        prune: true,
      },
    );
    const outcome = sync.tick();
    expect([outcome.phase, outcome.results]).toEqual(['Succeeded', []]);
    expect([cluster.applies, cluster.deletes]).toEqual([[], []]);
  });
});

describe('4.4 #34–#35 Prune=false', () => {
  it('#34 TestDoNotPruneAppLevelPruneFalse: the app default Prune=false skips the prune, and a further tick stays Succeeded', () => {
    const { sync } = driver([], [inNs(pod())], { prune: true, syncOptions: ['Prune=false'] });
    const first = sync.tick();
    expect(first.phase).toBe('Succeeded');
    expect(first.results.map((r) => [r.status, r.message])).toEqual([['PruneSkipped', 'ignored (no prune)']]);
    expect(sync.tick().phase).toBe('Succeeded');
  });

  it.each([[[]], [['Prune=true']], [['Prune=false']]])(
    '#35 TestDoNotPruneResourceLevelPruneFalse: Prune=false on the resource wins over the app default %j',
    (syncOptions) => {
      const live = inNs(pod('my-pod', { [annotationSyncOptions]: 'Prune=false' }));
      const { sync } = driver([], [live], { prune: true, syncOptions });
      expect(sync.tick().results.map((r) => [r.status, r.message])).toEqual([
        ['PruneSkipped', 'ignored (no prune)'],
      ]);
    },
  );

  it('without --prune the candidate is skipped as requiring pruning', () => {
    const { sync } = driver([], [inNs(pod())]);
    expect(sync.tick().results.map((r) => [r.status, r.message])).toEqual([
      ['PruneSkipped', 'ignored (requires pruning)'],
    ]);
  });
});

describe('4.4 #36 TestPruneConfirmResourceLevel / TestPruneConfirmAppLevel', () => {
  it.each([
    ['TestPruneConfirmResourceLevel', inNs(pod('my-pod', { [annotationSyncOptions]: 'Prune=confirm' })), []],
    ['TestPruneConfirmAppLevel', inNs(pod()), ['Prune=confirm']],
    [
      'TestPruneConfirmResourceLevel (over an app default)',
      inNs(pod('my-pod', { [annotationSyncOptions]: 'Prune=confirm' })),
      ['Prune=false'],
    ],
    // The upstream loop's other defaults, defaultPruneOption "true" and "confirm": the resource's Prune=confirm wins.
    [
      'TestPruneConfirmResourceLevel (defaultPruneOption=true)',
      inNs(pod('my-pod', { [annotationSyncOptions]: 'Prune=confirm' })),
      ['Prune=true'],
    ],
    [
      'TestPruneConfirmResourceLevel (defaultPruneOption=confirm)',
      inNs(pod('my-pod', { [annotationSyncOptions]: 'Prune=confirm' })),
      ['Prune=confirm'],
    ],
  ])('%s: waits for confirmation, then prunes', (_name, live, syncOptions) => {
    const { cluster, sync } = driver([], [live], { prune: true, syncOptions });
    const first = sync.tick();
    expect([first.phase, first.message, first.results]).toEqual([
      'Running',
      'waiting for pruning confirmation of /Pod/my-pod',
      [],
    ]);
    expect(cluster.deletes).toEqual([]);
    sync.input.options = { ...sync.input.options, pruneConfirmed: true };
    const second = sync.tick();
    expect(second.phase).toBe('Succeeded');
    expect(second.results.map((r) => [r.status, r.message])).toEqual([['Pruned', 'pruned']]);
  });
});

describe('4.4 #37–#40 how a resource is applied', () => {
  const lastApply = (target: KubeObject, live: KubeObject | undefined, syncOptions: string[] = []) => {
    const { cluster, sync } = driver([target], live ? [inNs(live)] : [], { syncOptions });
    sync.tick();
    return cluster.applies[cluster.applies.length - 1];
  };
  const withOptions = (obj: KubeObject, value: string) => annotate(obj, { [annotationSyncOptions]: value });

  it('#37 TestSyncOptionValidate: Validate=false on the resource turns validation off; empty or true keeps it', () => {
    expect(lastApply(withOptions(pod(), 'Validate=false'), pod()).validate).toBe(false);
    expect(lastApply(withOptions(pod(), 'Validate=true'), pod()).validate).toBe(true);
    expect(lastApply(withOptions(pod(), ''), pod()).validate).toBe(true);
  });

  it('#37 TestSyncValidate: Validate=false on the operation turns validation off', () => {
    expect(lastApply(pod(), pod()).validate).toBe(true);
    expect(lastApply(pod(), pod(), ['Validate=false']).validate).toBe(false);
  });

  it('#38 TestSync_Replace: Replace=true on the target or the live object replaces; without a live object it creates', () => {
    expect(lastApply(pod(), pod()).verb).toBe('apply');
    expect(lastApply(withOptions(pod(), 'Replace=true'), pod()).verb).toBe('replace');
    expect(lastApply(pod(), withOptions(pod(), 'Replace=true')).verb).toBe('replace');
    expect(lastApply(withOptions(pod(), 'Replace=true'), undefined).verb).toBe('create');
  });

  it('#39 TestSync_ServerSideApply: apply, server-side apply, replace, update and create', () => {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n' } };
    const pick = (a: { verb: string; serverSideApply: boolean }) => [a.verb, a.serverSideApply];
    expect(pick(lastApply(pod(), pod()))).toEqual(['apply', false]);
    expect(pick(lastApply(withOptions(pod(), 'ServerSideApply=true'), pod()))).toEqual(['apply', true]);
    expect(
      pick(lastApply(withOptions(pod(), 'ServerSideApply=false'), pod(), ['ServerSideApply=true'])),
    ).toEqual(['apply', false]);
    expect(pick(lastApply(withOptions(pod(), 'Replace=true,ServerSideApply=true'), pod()))).toEqual([
      'replace',
      false,
    ]);
    expect(pick(lastApply(withOptions(ns, 'Replace=true,ServerSideApply=true'), ns))).toEqual([
      'update',
      false,
    ]);
    expect(pick(lastApply(withOptions(pod(), 'Replace=true'), undefined))).toEqual(['create', false]);
  });

  it('#39 TestSyncContext_ServerSideApplyWithDryRun: server-side apply is off in an operation-level dry run', () => {
    const cluster = new FakeCluster();
    const seen: boolean[] = [];
    const apply = cluster.apply.bind(cluster);
    cluster.apply = (obj, opts) => {
      seen.push(opts.serverSideApply);
      return apply(obj, opts);
    };
    new SyncDriver(cluster, {
      desired: [withOptions(pod(), 'ServerSideApply=true')],
      options: options({ dryRun: true }),
    }).tick();
    expect(seen).toEqual([false]);
  });

  it('#40 TestSync_Force: Force=true forces apply and replace, never create', () => {
    const pick = (a: { verb: string; force: boolean }) => [a.verb, a.force];
    expect(pick(lastApply(pod(), pod()))).toEqual(['apply', false]);
    expect(pick(lastApply(withOptions(pod(), 'Force=true'), pod()))).toEqual(['apply', true]);
    expect(pick(lastApply(withOptions(pod(), 'Force=true,Replace=true'), pod()))).toEqual(['replace', true]);
    expect(pick(lastApply(pod(), withOptions(pod(), 'Force=true,Replace=true')))).toEqual(['replace', true]);
    expect(pick(lastApply(withOptions(pod(), 'Replace=true'), undefined))).toEqual(['create', false]);
  });
});

describe('prune propagation policy', () => {
  const prunedWith = (syncOptions: string[]) => {
    const { cluster, sync } = driver([], [inNs(pod())], { prune: true, syncOptions });
    sync.tick();
    return cluster.deletes.map((d) => d.propagationPolicy);
  };

  it('TestSyncContext_GetDeleteOptions_Default: prunes delete in the foreground', () => {
    expect(prunedWith([])).toEqual(['foreground']);
  });

  it('TestSyncContext_GetDeleteOptions_WithPrunePropagationPolicy: PrunePropagationPolicy=background is used', () => {
    expect(prunedWith(['PrunePropagationPolicy=background'])).toEqual(['background']);
    expect(prunedWith(['PrunePropagationPolicy=orphan'])).toEqual(['orphan']);
  });
});

describe('operation-level dry run', () => {
  it('records every result as done without changing the cluster', () => {
    const { cluster, sync } = driver([pod()], [inNs(svc())], { dryRun: true, prune: true });
    const outcome = sync.tick();
    expect([outcome.phase, outcome.message]).toEqual(['Succeeded', 'successfully synced (no more tasks)']);
    expect(outcome.results.map((r) => [r.name, r.status, r.hookPhase, r.message])).toEqual([
      ['my-service', 'Pruned', 'Succeeded', 'pruned (dry run)'],
      ['my-pod', 'Synced', 'Succeeded', 'pod/my-pod created (dry run)'],
    ]);
    expect([cluster.applies, cluster.deletes]).toEqual([[], []]);
  });
});

describe('determinism', () => {
  it('the same input gives the same outcome, events included', () => {
    const run = () => driver([pod('b'), pod('a'), svc()], [inNs(pod('old'))], { prune: true }).sync.tick();
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });
});
