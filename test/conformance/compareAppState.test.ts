/**
 * controller/state_test.go `TestCompareAppState*`: the comparison of an app's manifests with what it manages live,
 * before any sync. Each case is a control-plane run in which the Application is applied with kubectl at t 1 (an
 * app given at t 0 would be synced at once) together with the live objects the Go test puts in
 * `managedLiveObjs`, carrying the app's tracking annotation; its `status` is read at t 20. The Go test's pod
 * (NewPod) is a Pod `my-pod` in the destination namespace.
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../src/engine';
import type { RepoRevision } from '../../src/engine/argocd/repository';
import { withTracking } from '../../src/engine/argocd/tracking';
import { application, applicationHealthCheck } from '../kits/controlPlane.testKit';
import { runControlPlane } from '../../src/engine/simulation/runControlPlane';

const pod = (annotations?: Record<string, string>, namespace: string | null = 'default'): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'my-pod',
    ...(namespace !== null ? { namespace } : {}),
    ...(annotations ? { annotations } : {}),
  },
  spec: { containers: [{ name: 'main', image: 'busybox' }] },
});

/** The app's status at t 20, its folder holding `manifests` (a `.keep` when none: the folder must exist). */
function compare(manifests: KubeObject[], live: KubeObject[] = []): JsonAny {
  const repo: RepoRevision = {
    name: 'main',
    files:
      manifests.length > 0
        ? { 'app/manifests.yaml': manifests.map((object) => ({ object })) }
        : { 'app/.keep': [] },
  };
  const result = runControlPlane({
    repository: repo,
    objects: [],
    actions: [
      {
        at: 1,
        type: 'kubectl-apply',
        objects: [...live.map((o) => withTracking('my-app', o)), application('my-app', { path: 'app' })],
      },
    ],
    untilSeconds: 20,
  });
  return result.applications.find((a) => a.metadata.name === 'my-app').status;
}
const rows = (status: JsonAny) =>
  (status.resources ?? []).map(
    (r: JsonAny) => `${r.kind}/${r.name} ${r.status}${r.requiresPruning ? ' prune' : ''}`,
  );

describe('controller/state_test.go CompareAppState', () => {
  it('TestCompareAppStateEmpty: no manifests and nothing live is Synced, with no resources and no conditions', () => {
    const status = compare([]);
    expect(status.sync.status).toBe('Synced');
    expect(rows(status)).toEqual([]);
    expect(status.conditions).toBeUndefined();
  });

  it('TestCompareAppStateMissing: a pod in Git and not live is OutOfSync, one resource', () => {
    const status = compare([pod()]);
    expect(status.sync.status).toBe('OutOfSync');
    expect(rows(status)).toEqual(['Pod/my-pod OutOfSync']);
    expect(status.conditions).toBeUndefined();
  });

  it('TestCompareAppStateExtra: a live pod of the app not in Git is OutOfSync, one resource to prune', () => {
    const status = compare([], [pod()]);
    expect(status.sync.status).toBe('OutOfSync');
    expect(rows(status)).toEqual(['Pod/my-pod OutOfSync prune']);
  });

  it('TestCompareAppStateHook: a PreSync hook in Git is no resource and leaves the app Synced', () => {
    const status = compare([pod({ 'argocd.argoproj.io/hook': 'PreSync' })]);
    expect(status.sync.status).toBe('Synced');
    expect(rows(status)).toEqual([]);
  });

  it('TestCompareAppStateSkipHook: a Skip target is one resource with no sync status, and the app is Synced', () => {
    // state.go L1040: "For resource hooks, skipped resources … don't store sync status, and do not affect overall
    // sync status"; controller/health.go skips the Skip target too, so the row has no health either.
    const status = compare([pod({ 'argocd.argoproj.io/hook': 'Skip' })]);
    expect(status.sync.status).toBe('Synced');
    expect(status.resources).toEqual([
      { group: '', version: 'v1', kind: 'Pod', namespace: 'default', name: 'my-pod' },
    ]);
    expect(status.conditions).toBeUndefined();
  });

  it('TestCompareAppStateExtraHook: an extra live PreSync hook is one resource, `hook: true`, and the app is Synced', () => {
    // No manifests: the live hook is an extra live object of the app (state.go L1006-L1009: `Hook: isHook(obj)`,
    // requiresPruning as for any live object with no target), with no sync status (L1040) and no health
    // (controller/health.go: hooks take no part in the app's health).
    const status = compare([], [pod({ 'argocd.argoproj.io/hook': 'PreSync' })]);
    expect(status.sync.status).toBe('Synced');
    expect(status.resources).toEqual([
      {
        group: '',
        version: 'v1',
        kind: 'Pod',
        namespace: 'default',
        name: 'my-pod',
        hook: true,
        requiresPruning: true,
      },
    ]);
    expect(status.health.status).toBe('Healthy');
    expect(status.conditions).toBeUndefined();
  });

  describe('TestCompareAppStateSyncHookSyncWave: a live hook shows the wave of its Git hook (state.go L1014-L1019)', () => {
    const cases: [string, string, string, number | undefined][] = [
      ['Sync hook with wave 2', 'Sync', '2', 2],
      ['PreSync hook with wave 1', 'PreSync', '1', 1],
      ['PostSync hook with negative wave', 'PostSync', '-1', -1],
      // Wave 0 is omitted, as the Go field's `omitempty` leaves it out of the JSON.
      ['Sync hook without explicit wave', 'Sync', '', undefined],
    ];
    for (const [name, hookType, wave, expected] of cases) {
      it(name, () => {
        const annotations: Record<string, string> = { 'argocd.argoproj.io/hook': hookType };
        if (wave !== '') annotations['argocd.argoproj.io/sync-wave'] = wave;
        const status = compare([pod(annotations)], [pod(annotations)]);
        const hooks = status.resources.filter((r: JsonAny) => r.hook);
        expect(hooks.map((r: JsonAny) => `${r.kind}/${r.name} ${r.syncWave}`)).toEqual([
          `Pod/my-pod ${expected}`,
        ]);
        expect(hooks[0].status).toBeUndefined();
        expect(status.sync.status).toBe('Synced');
      });
    }
  });

  it('TestCompareAppStateCompareOptionIgnoreExtraneous: an extraneous live pod with IgnoreExtraneous leaves the app Synced', () => {
    // The Go test annotates the pod but leaves managedLiveObjs empty; the sandbox runs it live, which is the
    // option's point: the extra resource does not make the app OutOfSync.
    const status = compare([], [pod({ 'argocd.argoproj.io/compare-options': 'IgnoreExtraneous' })]);
    expect(status.sync.status).toBe('Synced');
    expect(status.conditions).toBeUndefined();
  });

  it('TestCompareAppStateDuplicatedNamespacedResources: a pod twice (once without namespace) gives one RepeatedResourceWarning', () => {
    // obj1 in the destination namespace, obj2 the same pod with none (so the same resource), obj3 in kube-system;
    // the Go test's obj4 and obj5 (generateName, no name) are left out: the sandbox's reader asks for a name.
    const status = compare(
      [pod(undefined), pod(undefined, null), pod(undefined, 'kube-system')],
      [pod(undefined), pod(undefined, 'kube-system')],
    );
    expect(status.conditions).toEqual([
      expect.objectContaining({
        type: 'RepeatedResourceWarning',
        message: 'Resource /Pod/default/my-pod appeared 2 times among application resources.',
        lastTransitionTime: expect.any(String),
      }),
    ]);
    expect(status.resources.map((r: JsonAny) => `${r.namespace}/${r.name}`)).toEqual([
      'default/my-pod',
      'kube-system/my-pod',
    ]);
  });
});

describe('controller/state_test.go, an app that manages itself', () => {
  it('TestSetHealthSelfReferencedApp: the app whose folder holds its own Application is Healthy, not waiting on itself', () => {
    const root = application('root', { path: 'root', namespace: 'argocd' });
    const result = runControlPlane({
      repository: { name: 'main', files: { 'root/app.yaml': [{ object: root }] } },
      objects: [root],
      healthOverrides: applicationHealthCheck,
      untilSeconds: 120,
    });
    const status = result.applications.find((a) => a.metadata.name === 'root').status;
    expect(status.resources.map((r: JsonAny) => `${r.kind}/${r.name} ${r.status}`)).toEqual([
      'Application/root Synced',
    ]);
    expect(status.health).toEqual({ status: 'Healthy', message: '' });
  });
});
