import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { configMap, docs, runYaml } from './runYaml';

/**
 * argocd-semantics.md §2.12, the failure matrix, row by row, on the fake cluster. Rows it cannot produce: the
 * auto-created namespace failing to apply and a prune's delete call failing (the fake API server refuses
 * neither), and a SyncWaveHook error (the sandbox's wave hook is the delay, which cannot fail). The last two
 * rows (a resource Degraded or Progressing in the final step, or after the operation) are cases 95 in
 * waves.test.ts.
 */
const syncFailJob = `
  apiVersion: batch/v1
  kind: Job
  metadata:
    name: notify
    annotations: {argocd.argoproj.io/hook: SyncFail}
  spec:
    backoffLimit: 0
    template:
      spec:
        restartPolicy: Never
        containers: [{name: main, image: busybox}]`;

/** A Job as an earlier sync left it, and the same Job with a new image: its pod template is immutable. */
const job = (image: string) => `
  apiVersion: batch/v1
  kind: Job
  metadata: {name: migrate}
  spec:
    backoffLimit: 0
    template:
      spec:
        restartPolicy: Never
        containers: [{name: main, image: "${image}", command: ["true"]}]`;
const immutable = 'Job.batch "migrate" is invalid: spec.template: Invalid value: "...": field is immutable';

const completed = 'one or more synchronization tasks completed unsuccessfully';

describe('§2.12 failure matrix', () => {
  it('2.12 discovery failure: a kind the API does not serve → not valid, on the first tick, no SyncFail hook', () => {
    const widget = `
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}`;
    const run = runYaml(docs(widget, configMap('cm'), syncFailJob));
    const why =
      'The Kubernetes API could not find example.com/Widget for requested resource default/w. ' +
      'Make sure the "Widget" CRD is installed on the destination cluster.';
    // The operation message keeps the engine's discovery error; only the resource's row is reworded by the
    // controller (controller/sync.go L450, util/argo/argo.go AugmentSyncMsg).
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message:
        'one or more synchronization tasks are not valid: failed to discover server resources for group version ' +
        'example.com/v1: the server could not find the requested resource',
    });
    expect(run.rows).toMatchObject([{ kind: 'Widget', status: 'SyncFailed', message: why }]);
    expect(eventsOf(run.events, 'apply')).toEqual([]);
  });

  it('2.12 discovery: the same custom resource is valid when its CRD is in the sync (§2.6, case 17)', () => {
    const crd = `
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.example.com}
      spec:
        group: example.com
        names: {kind: Widget, plural: widgets}
        scope: Namespaced
        versions: [{name: v1, served: true, storage: true}]`;
    const widget = `
      apiVersion: example.com/v1
      kind: Widget
      metadata: {name: w}`;
    const run = runYaml(docs(widget, crd));
    expect(run.op.phase).toBe('Succeeded');
    expect(run.rowSummary()).toEqual([
      'CustomResourceDefinition/widgets.example.com Synced Running',
      'Widget/w Synced Running',
    ]);
  });

  it('2.12 dry-run failure: Failed (dry run) before anything is applied, and no SyncFail hook', () => {
    const unnamed = `
      apiVersion: v1
      kind: ConfigMap
      metadata: {generateName: settings-}`;
    const run = runYaml(docs(configMap('cm'), unnamed, syncFailJob));
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: 'one or more objects failed to apply (dry run)',
    });
    expect(eventsOf(run.events, 'apply')).toEqual([]);
  });

  it('2.12 apply error with nothing else of the step running: Failed in the same tick, with the reason', () => {
    const run = runYaml(job('busybox:1.37'), { live: job('busybox:1.36') });
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: `one or more objects failed to apply, reason: ${immutable}`,
    });
    expect(run.row('Job', 'migrate')).toMatchObject({
      status: 'SyncFailed',
      hookPhase: 'Failed',
      message: immutable,
    });
    expect(run.endT()).toBe(0);
  });

  it('2.12 apply error with a SyncFail hook: the hook runs, then the failure reads "completed unsuccessfully"', () => {
    const run = runYaml(docs(job('busybox:1.37'), syncFailJob), { live: job('busybox:1.36') });
    expect(run.row('Job', 'notify')).toMatchObject({ syncPhase: 'SyncFail', hookPhase: 'Succeeded' });
    expect(run.op).toMatchObject({ phase: 'Failed', message: `${completed}, reason: ${immutable}` });
  });

  it('2.12 apply error while other tasks of the step run: Failed on a later tick, with the reason', () => {
    const run = runYaml(docs(job('busybox:1.37'), configMap('cm')), { live: job('busybox:1.36') });
    const messages = eventsOf(run.events, 'operation').map((e) => `${e.t} ${e.phase} ${e.message}`);
    expect(messages).toContain('0 Running waiting for healthy state of /ConfigMap/cm');
    expect(run.op).toMatchObject({ phase: 'Failed', message: `${completed}, reason: ${immutable}` });
    expect(run.endT()).toBeGreaterThan(0);
    expect(run.live('ConfigMap', 'cm')).toBeDefined();
  });

  it('2.12 hook ends Degraded: a failed PreSync Job fails the sync without a reason, then SyncFail runs', () => {
    const migrate = `
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: migrate
        annotations: {argocd.argoproj.io/hook: PreSync}
      spec:
        backoffLimit: 0
        template:
          metadata: {annotations: {sandbox.argocd.dev/exit-code: "1"}}
          spec:
            restartPolicy: Never
            containers: [{name: main, image: busybox}]`;
    const run = runYaml(docs(migrate, configMap('cm'), syncFailJob));
    expect(run.op).toMatchObject({ phase: 'Failed', message: completed });
    expect(run.row('Job', 'migrate')).toMatchObject({
      status: 'Synced',
      hookPhase: 'Failed',
      message: 'Job has reached the specified backoff limit',
    });
    expect(run.row('Job', 'notify')?.hookPhase).toBe('Succeeded');
    expect(run.live('ConfigMap', 'cm')).toBeUndefined();
  });

  it('2.12 resource Degraded while waited on: a crash-looping Deployment fails a multi-step sync at its deadline', () => {
    const api = `
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: api}
      spec:
        progressDeadlineSeconds: 30
        selector: {matchLabels: {app: api}}
        template:
          metadata: {labels: {app: api}}
          spec:
            containers: [{name: main, image: nginx}]`;
    const run = runYaml(docs(api, configMap('later', 1), syncFailJob), {
      fail: ['deployment/api'],
      untilSeconds: 300,
    });
    expect(run.op).toMatchObject({ phase: 'Failed', message: completed });
    expect(run.row('Deployment', 'api')).toMatchObject({
      hookPhase: 'Failed',
      message: 'Deployment "api" exceeded its progress deadline',
    });
    expect(run.row('Job', 'notify')?.hookPhase).toBe('Succeeded');
    const syncFailStart = eventsOf(run.events, 'apply').find((e) => e.name === 'notify')!;
    expect(syncFailStart.t).toBeGreaterThanOrEqual(30);
    expect(run.live('ConfigMap', 'later')).toBeUndefined();
  });

  it('2.12 waited-on object disappears: a Job removed by its TTL fails the sync as missing', () => {
    const once = `
      apiVersion: batch/v1
      kind: Job
      metadata: {name: once}
      spec:
        ttlSecondsAfterFinished: 0
        backoffLimit: 0
        template:
          metadata: {annotations: {sandbox.argocd.dev/run-seconds: "1"}}
          spec:
            restartPolicy: Never
            containers: [{name: main, image: busybox}]`;
    const run = runYaml(docs(once, configMap('later', 1)));
    const missing = 'Resource batch/Job/once is missing, it might have been deleted';
    expect(run.row('Job', 'once')).toMatchObject({
      status: 'SyncFailed',
      hookPhase: 'Error',
      message: missing,
    });
    expect(run.op).toMatchObject({ phase: 'Failed', message: `${completed}, reason: ${missing}` });
  });

  it('2.12 Suspended blocks (§6.4): a paused Deployment in a non-final wave keeps the sync Running until `until`', () => {
    const paused = `
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: paused}
      spec:
        paused: true
        selector: {matchLabels: {app: paused}}
        template:
          metadata: {labels: {app: paused}}
          spec:
            containers: [{name: main, image: nginx}]`;
    const run = runYaml(docs(paused, configMap('later', 1)), { untilSeconds: 200 });
    expect(run.op).toMatchObject({
      phase: 'Running',
      message: 'waiting for healthy state of apps/Deployment/paused',
    });
    expect(run.result.endT).toBe(200);
    expect(run.health).toBe('Suspended');
    expect(run.live('ConfigMap', 'later')).toBeUndefined();
  });

  it('2.12 terminate: Failed "Operation terminated", the running hook deleted, no SyncFail hook, no retry', () => {
    const slow = `
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: slow
        annotations: {argocd.argoproj.io/hook: PostSync}
      spec:
        template:
          metadata: {annotations: {sandbox.argocd.dev/run-seconds: "300"}}
          spec:
            restartPolicy: Never
            containers: [{name: main, image: busybox}]`;
    const retry = { limit: 3, durationMs: 5000, factor: 2, maxDurationMs: 180_000 };
    const run = runYaml(docs(configMap('cm'), slow, syncFailJob), { terminateAtSeconds: 30, retry });
    expect(run.op).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    expect(run.row('Job', 'slow')).toMatchObject({ hookPhase: 'Failed', message: 'Terminated' });
    expect(eventsOf(run.events, 'delete')).toMatchObject([{ name: 'slow', reason: 'terminate' }]);
    expect(run.row('Job', 'notify')).toBeUndefined();
    // Terminating does not roll back (§6.13): what was applied stays.
    expect(run.live('ConfigMap', 'cm')).toBeDefined();
    expect(eventsOf(run.events, 'operation').some((e) => e.message.includes('Retrying'))).toBe(false);
  });
});
