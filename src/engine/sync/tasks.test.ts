import { describe, expect, it } from 'vitest';
import { annotationKeyHook, annotationSyncOptions, annotationSyncWave } from '../annotations';
import type { KubeObject } from '../types';
import {
  FakeCluster,
  hookPod,
  pod,
  svc,
  testNamespace,
  testOptions,
} from '../../../test/kits/fakeCluster.testKit';
import { SyncResults } from './results';
import type { SyncOperationOptions } from './syncInput';
import { taskObj, taskRef } from './syncTask';
import { buildTasks, type BuildTasksInput } from './tasks';
import { syncTick } from './tick';

function build(
  desired: KubeObject[],
  live: KubeObject[] = [],
  options: Partial<SyncOperationOptions> = {},
  extra: Partial<BuildTasksInput> = {},
) {
  const results = new SyncResults([], () => {});
  const built = buildTasks(
    { desired, live, options: testOptions(options), ports: new FakeCluster(), ...extra },
    results,
  );
  return { ...built, results: results.list() };
}

const cr = (annotations: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'test.io/v1',
  kind: 'TestCrd',
  metadata: { name: 'my-resource', annotations },
});
const crd: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'testcrds.test.io' },
  spec: { group: 'test.io', names: { kind: 'TestCrd' } },
};

describe('4.3 #16 TestSyncNotPermittedNamespace', () => {
  it('fails the operation when the project permits nothing', () => {
    const cluster = new FakeCluster();
    cluster.permission = () => 'not permitted in project';
    const outcome = syncTick({
      desired: [pod('my-pod', {}, 'kube-system'), svc()],
      live: [],
      results: [],
      options: testOptions(),
      ports: cluster,
    });
    expect(outcome.phase).toBe('Failed');
    expect(outcome.message).toBe('one or more synchronization tasks are not valid: not permitted in project');
    expect(outcome.results[0].message).toContain('not permitted in project');
    expect(cluster.applies).toEqual([]);
  });
});

describe('4.3 #17 TestSyncCustomResources', () => {
  const knownIf = (crdInCluster: boolean) => {
    const cluster = new FakeCluster();
    cluster.knownKind = (group) => group !== 'test.io' || crdInCluster;
    return cluster;
  };
  const crTask = (built: ReturnType<typeof build>) => built.tasks.find((t) => taskObj(t).kind === 'TestCrd');

  it('unknown CRD, not in the sync: invalid', () => {
    const built = build([cr()], [], {}, { ports: knownIf(false) });
    expect(built.valid).toBe(false);
    expect(built.results[0]).toMatchObject({ status: 'SyncFailed', hookPhase: '' });
    // The engine's own result carries discovery's error as gitops-engine writes it (kube.go
    // ServerResourceForGroupVersionKind); the friendlier words are the controller's (augmentSyncMessage.test.ts).
    expect(built.results[0].message).toContain('the server could not find the requested resource');
  });

  it('CRD in the same sync: valid, dry run skipped', () => {
    const built = build([cr(), crd], [], {}, { ports: knownIf(false) });
    expect([built.valid, crTask(built)?.skipDryRun]).toEqual([true, true]);
  });

  it('CRD already in the cluster: valid, dry run performed (annotated or not)', () => {
    expect(crTask(build([cr()], [], {}, { ports: knownIf(true) }))?.skipDryRun).toBe(false);
    const annotated = cr({ [annotationSyncOptions]: 'SkipDryRunOnMissingResource=true' });
    expect(crTask(build([annotated], [], {}, { ports: knownIf(true) }))?.skipDryRun).toBe(false);
  });

  it('Test_syncContext_hasCRDOfGroupKind: a CRD among the hooks makes its kind known too; another kind does not', () => {
    const crdHook: KubeObject = {
      ...crd,
      metadata: { ...crd.metadata, annotations: { [annotationKeyHook]: 'PreSync' } },
    };
    const built = build([cr(), crdHook], [], {}, { ports: knownIf(false) });
    expect([built.valid, crTask(built)?.skipDryRun]).toEqual([true, true]);
    const otherKind: KubeObject = { ...crd, spec: { group: 'test.io', names: { kind: 'OtherCrd' } } };
    expect(build([cr(), otherKind], [], {}, { ports: knownIf(false) }).valid).toBe(false);
  });

  it('unknown CRD with SkipDryRunOnMissingResource on the resource or the app: valid, dry run skipped', () => {
    const annotated = cr({ [annotationSyncOptions]: 'SkipDryRunOnMissingResource=true' });
    expect(crTask(build([annotated], [], {}, { ports: knownIf(false) }))?.skipDryRun).toBe(true);
    const appLevel = build(
      [cr()],
      [],
      { syncOptions: ['SkipDryRunOnMissingResource=true'] },
      { ports: knownIf(false) },
    );
    expect([appLevel.valid, crTask(appLevel)?.skipDryRun]).toEqual([true, true]);
  });
});

// 4.3 #18 TestServerResourcesRetry and #20 Test_getSyncTasks_ErrorCaching are left out: the sandbox's API
// discovery cannot fail with 401s or transient errors, so retries and per-GVK caching have nothing to act on.

describe('4.3 #19 TestSync_getSyncTasks_FailureMessage', () => {
  it('names the discovery failure in the operation message', () => {
    const cluster = new FakeCluster();
    cluster.knownKind = () => false;
    const outcome = syncTick({
      desired: [svc()],
      live: [],
      results: [],
      options: testOptions(),
      ports: cluster,
    });
    expect(outcome.phase).toBe('Failed');
    expect(outcome.message).toContain('one or more synchronization tasks are not valid');
    expect(outcome.message).toContain(
      'failed to discover server resources for group version v1: the server could not find the requested resource',
    );
  });
});

describe('4.3 #21 TestSelectiveSyncOnly', () => {
  it('a resource filter keeps only the selected resource', () => {
    const built = build([pod('pod-1'), pod('pod-2')], [], { resourceFilter: (ref) => ref.name === 'pod-1' });
    expect(built.tasks.map((t) => taskObj(t).metadata.name)).toEqual(['pod-1']);
  });
});

describe('4.3 #22 TestUnnamedHooksGetUniqueNames', () => {
  const unnamed = (): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { generateName: 'my-pod-', annotations: { [annotationKeyHook]: 'PreSync,PostSync' } },
  });

  it('names each phase from the first 7 characters of the revision and the start time', () => {
    const source = unnamed();
    const built = build([source]);
    expect(built.tasks.map((t) => taskObj(t).metadata.name)).toEqual([
      'my-pod-foobarb-presync-1700000000',
      'my-pod-foobarb-postsync-1700000000',
    ]);
    expect(source.metadata.name).toBeUndefined();
  });

  it('uses a short revision whole', () => {
    const built = build([unnamed()], [], { revision: 'foobar' });
    expect(built.tasks.map((t) => taskObj(t).metadata.name)).toEqual([
      'my-pod-foobar-presync-1700000000',
      'my-pod-foobar-postsync-1700000000',
    ]);
  });

  it('puts the hook finalizer on every hook target', () => {
    expect(build([unnamed()]).tasks[0].target?.metadata.finalizers).toEqual([
      'argocd.argoproj.io/hook-finalizer',
    ]);
  });
});

describe('4.3 #23–#25 names, de-duplication and namespaces', () => {
  it('#23 TestManagedResourceAreNotNamed: an unnamed non-hook resource is not named', () => {
    const built = build([{ apiVersion: 'v1', kind: 'Pod', metadata: {} }]);
    expect(built.tasks.map((t) => taskObj(t).metadata.name ?? '')).toEqual(['']);
  });

  it('#24 TestDeDupingTasks: a hook that is also live gives one task, which finds its live object', () => {
    const hook = pod('my-pod', { [annotationKeyHook]: 'Sync' });
    const built = build([hook], [{ ...hook, metadata: { ...hook.metadata, namespace: testNamespace } }]);
    expect(built.tasks).toHaveLength(1);
    expect(built.tasks[0].live?.metadata.name).toBe('my-pod');
  });

  it('#25 TestObjectsGetANamespace: a target without namespace gets the destination namespace; the source is unchanged', () => {
    const source = pod();
    const built = build([source]);
    expect(built.tasks[0].target?.metadata.namespace).toBe(testNamespace);
    expect(source.metadata.namespace).toBeUndefined();
  });

  it('cluster-scoped targets also carry the destination namespace in their result key, as in Argo CD', () => {
    const built = build([
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } },
    ]);
    expect(taskRef(built.tasks[0]).namespace).toBe(testNamespace);
  });
});

describe('4.3 #26 TestNamespaceAutoCreation', () => {
  const namespace: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: testNamespace } };
  const create = { syncOptions: ['CreateNamespace=true'] };
  const always = { namespaceModifier: () => true };

  it('TestNamespaceAutoCreation: no extra task when the namespace is among the desired objects', () => {
    expect(build([namespace], [], create, always).tasks).toHaveLength(1);
  });

  it('TestNamespaceAutoCreation: a PreSync namespace task when it is not', () => {
    const built = build([pod()], [], create, always);
    expect(built.tasks.map((t) => `${t.phase} ${taskObj(t).kind}`)).toEqual([
      'PreSync Namespace',
      'Sync Pod',
    ]);
  });

  it('TestNamespaceAutoCreation: no task without CreateNamespace=true', () => {
    expect(build([pod()], [], {}, always).tasks).toHaveLength(1);
  });

  it('TestNamespaceAutoCreationForNonExistingNs: by default only a missing namespace is created', () => {
    expect(build([pod()], [], create).tasks).toHaveLength(2);
    const cluster = new FakeCluster([namespace]);
    expect(build([pod()], [], create, { ports: cluster }).tasks).toHaveLength(1);
  });

  it('TestNamespaceAutoCreationForNonExistingNs: a missing namespace the modifier declines gets no task', () => {
    expect(build([pod()], [], create, { namespaceModifier: () => false }).tasks).toHaveLength(1);
  });

  it('TestNamespaceAutoCreationForNonExistingNs: a modifier error gives a failed PreSync task', () => {
    const built = build([pod()], [], create, {
      namespaceModifier: () => {
        throw new Error('some error');
      },
    });
    expect(built.tasks[0]).toMatchObject({
      phase: 'PreSync',
      status: 'SyncFailed',
      hookPhase: 'Error',
      message: 'namespaceModifier error: some error',
    });
  });
});

describe('input problems and warnings', () => {
  it('reports a duplicated object with both positions; the last copy wins', () => {
    const first = pod('dup', { [annotationSyncWave]: '1' });
    const second = pod('dup', { [annotationSyncWave]: '2' });
    const built = build(
      [first, second],
      [],
      {},
      {
        positions: [
          { file: 'a.yaml', line: 1, column: 1 },
          { file: 'a.yaml', line: 9, column: 1 },
        ],
      },
    );
    expect(built.problems).toEqual([
      {
        message: 'Resource /Pod/fake-argocd-ns/dup appeared 2 times among application resources.',
        positions: [
          { file: 'a.yaml', line: 1, column: 1 },
          { file: 'a.yaml', line: 9, column: 1 },
        ],
      },
    ]);
    expect(built.tasks).toHaveLength(1);
    expect(taskObj(built.tasks[0]).metadata.annotations?.[annotationSyncWave]).toBe('2');
  });

  it('warns about a wave that is not an integer', () => {
    expect(build([pod('p', { [annotationSyncWave]: 'first' })]).warnings).toEqual([
      'Pod/p: argocd.argoproj.io/sync-wave "first" is not an integer, so it is ignored',
    ]);
  });

  it('drops garbage hooks and Skip objects, and never prunes a live hook', () => {
    const garbage = pod('garbage', { [annotationKeyHook]: 'Garbage' });
    const skip = pod('skip', { [annotationKeyHook]: 'Skip' });
    const leftover = hookPod('old-hook', 'PreSync');
    expect(build([garbage, skip], [leftover]).tasks).toEqual([]);
  });
});
