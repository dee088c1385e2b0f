import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { docs, runYaml } from './runYaml';

/**
 * argocd-semantics.md §4.9, the sync-wave cases of Argo CD's e2e suite (test/e2e/sync_waves_test.go).
 */

/** A Deployment in `wave`; `notReady` keeps its pod from ever becoming Ready. */
function web(
  name: string,
  wave: number,
  options: { notReady?: boolean; deadline?: number; image?: string } = {},
) {
  return `
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: ${name}
      annotations: {argocd.argoproj.io/sync-wave: "${wave}"}
    spec:
      progressDeadlineSeconds: ${options.deadline ?? 600}
      selector: {matchLabels: {app: ${name}}}
      template:
        metadata:
          labels: {app: ${name}}
          annotations: {sandbox.argocd.dev/ready-seconds: "${options.notReady ? 'never' : 1}"}
        spec:
          containers: [{name: main, image: "${options.image ?? 'nginx:1.27'}"}]`;
}

const cm2 = `
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: cm-2
    annotations: {argocd.argoproj.io/sync-wave: "2"}
  data: {key: value}`;

describe('§4.9 sync waves (e2e sync_waves_test.go)', () => {
  // The e2e test forces cm-1 Degraded with a Lua health override, which the sandbox does not run; a Deployment
  // whose pod never becomes Ready turns Degraded the same way once its 20 s progress deadline passes (§3.1).
  const broken = docs(web('web-1', 1, { notReady: true, deadline: 20 }), cm2);

  it('4.9 #94 TestFixingDegradedApp: a Degraded wave-1 object fails the sync, wave 2 is never applied', () => {
    const run = runYaml(broken);
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully',
    });
    expect([run.sync, run.health]).toEqual(['OutOfSync', 'Degraded']);
    expect(run.rows).toMatchObject([
      {
        kind: 'Deployment',
        status: 'Synced',
        hookPhase: 'Failed',
        message: 'Deployment "web-1" exceeded its progress deadline',
      },
    ]);
    expect(run.resource('ConfigMap', 'cm-2')).toMatchObject({
      status: 'OutOfSync',
      health: { status: 'Missing' },
    });
    // The failure waits for the deadline: Degraded needs time (§6.5).
    expect(run.endT()).toBeGreaterThanOrEqual(20);
  });

  it('4.9 #94 TestFixingDegradedApp: once fixed in Git, the next sync succeeds with two results', () => {
    const run = runYaml(docs(web('web-1', 1, { deadline: 20 }), cm2), {
      history: [broken],
      recordHistory: true,
    });
    const first = eventsOf(run.events, 'operation')
      .filter((e) => e.t < 0)
      .at(-1);
    expect(first?.phase).toBe('Failed');
    expect(run.op).toMatchObject({ phase: 'Succeeded', message: 'successfully synced (all tasks run)' });
    expect(run.rowSummary()).toEqual(['Deployment/web-1 Synced Succeeded', 'ConfigMap/cm-2 Synced Running']);
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
  });

  it('4.9 #95 TestOneProgressingDeploymentIsSucceededAndSynced: an unpullable image does not hold the sync', () => {
    const run = runYaml(web('web', 0, { image: 'nginx:doesnotexist' }), { untilSeconds: 60 });
    expect(run.op).toMatchObject({ phase: 'Succeeded', message: 'successfully synced (all tasks run)' });
    expect(run.endT()).toBe(0);
    expect([run.sync, run.health]).toEqual(['Synced', 'Progressing']);
  });

  it('4.9 #95 TestDegradedDeploymentIsSucceededAndSynced: with progressDeadlineSeconds 1 it ends Degraded', () => {
    const run = runYaml(web('web', 0, { image: 'nginx:doesnotexist', deadline: 1 }), { untilSeconds: 60 });
    expect(run.op.phase).toBe('Succeeded');
    expect([run.sync, run.health]).toEqual(['Synced', 'Degraded']);
  });

  // The e2e app: ServiceAccount and Role in wave 0, RoleBinding in wave 1, a Pod in wave 2. Git is emptied and
  // the app synced with --prune: objects go in the reverse order, each wave waiting until the last is gone.
  const created = (podFinalizer: boolean) =>
    docs(
      `
      apiVersion: v1
      kind: ServiceAccount
      metadata: {name: modify-pods-sa, annotations: {argocd.argoproj.io/sync-wave: "0"}}`,
      `
      apiVersion: rbac.authorization.k8s.io/v1
      kind: Role
      metadata: {name: modify-pods-role, annotations: {argocd.argoproj.io/sync-wave: "0"}}
      rules: [{apiGroups: [""], resources: [pods], verbs: [get, patch]}]`,
      `
      apiVersion: rbac.authorization.k8s.io/v1
      kind: RoleBinding
      metadata: {name: modify-pods-rolebinding, annotations: {argocd.argoproj.io/sync-wave: "1"}}
      subjects: [{kind: ServiceAccount, name: modify-pods-sa}]
      roleRef: {kind: Role, name: modify-pods-role, apiGroup: rbac.authorization.k8s.io}`,
      `
      apiVersion: v1
      kind: Pod
      metadata:
        name: pod-with-finalizers
        annotations: {argocd.argoproj.io/sync-wave: "2"}
        finalizers: [${podFinalizer ? 'example.com/block-delete' : ''}]
      spec:
        containers: [{name: container, image: "nginx:alpine"}]`,
    );

  it('4.9 #96 TestSyncPruneOrderWithSyncWaves: prunes Pod → RoleBinding → SA & Role, Succeeded, 4 results', () => {
    const run = runYaml('', { history: [created(false)], prune: true });
    expect(run.op).toMatchObject({ phase: 'Succeeded', message: 'successfully synced (all tasks run)' });
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    expect(run.rowSummary()).toEqual([
      'Pod/pod-with-finalizers Pruned Succeeded',
      'RoleBinding/modify-pods-rolebinding Pruned Succeeded',
      'ServiceAccount/modify-pods-sa Pruned Succeeded',
      'Role/modify-pods-role Pruned Succeeded',
    ]);
    // One step per prune wave; each starts on a later tick, once the objects of the previous one are gone.
    const deletes = eventsOf(run.events, 'delete');
    expect(deletes.map((e) => `${e.t} ${e.kind}`)).toEqual([
      '0 Pod',
      '5 RoleBinding',
      '10 ServiceAccount',
      '10 Role',
    ]);
    // The reversal is re-derived every tick from what is still live, so each of these steps is wave 0 (§2.4).
    expect(eventsOf(run.events, 'step').map((e) => `${e.phase} ${e.wave}`)).toEqual([
      'Sync 0',
      'Sync 0',
      'Sync 0',
    ]);
    expect(run.result.live.filter((o) => o.metadata.annotations?.['argocd.argoproj.io/tracking-id'])).toEqual(
      [],
    );
  });

  it('4.9 #96 TestSyncPruneOrderWithSyncWaves: a pod stuck terminating holds the next prune wave (§2.8 step 5)', () => {
    // In the e2e test the pod's preStop hook removes its finalizer; without it the pod never goes away.
    const run = runYaml('', { history: [created(true)], prune: true, untilSeconds: 120 });
    expect(run.op).toMatchObject({
      phase: 'Running',
      message: 'waiting for deletion of /Pod/pod-with-finalizers',
    });
    expect(run.rowSummary()).toEqual(['Pod/pod-with-finalizers Pruned Succeeded']);
    expect(run.live('RoleBinding', 'modify-pods-rolebinding')).toBeDefined();
    expect(run.live('Pod', 'pod-with-finalizers')?.metadata.deletionTimestamp).toBeDefined();
  });
});
