import { describe, expect, it } from 'vitest';
import { eventsOf, stepStarts } from '../kits/eventQueries.testKit';
import { configMap, docs, runYaml } from './runYaml';

/**
 * argocd-semantics.md §6, "facts that commonly confuse users", 2 to 8, observed on the fake cluster. Fact 1 is
 * cases 87 and 95 (hooks.test.ts, waves.test.ts), fact 5 is case 94 and the failure matrix. Facts 9 to 17 are in
 * factsOrder.test.ts.
 */

const hookConfigMap = (name: string, hook: string, policy?: string) => `
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: ${name}
    annotations:
      argocd.argoproj.io/hook: ${hook}
      ${policy ? `argocd.argoproj.io/hook-delete-policy: ${policy}` : ''}
  data: {key: v}`;

const hookPod = (name: string, hook: string, options: { policy?: string; exitCode?: number } = {}) => `
  apiVersion: v1
  kind: Pod
  metadata:
    name: ${name}
    annotations:
      argocd.argoproj.io/hook: ${hook}
      ${options.policy ? `argocd.argoproj.io/hook-delete-policy: ${options.policy}` : ''}
      sandbox.argocd.dev/exit-code: "${options.exitCode ?? 0}"
  spec:
    restartPolicy: Never
    containers: [{name: main, image: busybox}]`;

const deployment = (
  name: string,
  wave: number,
  options: { readySeconds?: number; paused?: boolean } = {},
) => `
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: ${name}, annotations: {argocd.argoproj.io/sync-wave: "${wave}"}}
  spec:
    paused: ${options.paused ?? false}
    selector: {matchLabels: {app: ${name}}}
    template:
      metadata:
        labels: {app: ${name}}
        annotations: {sandbox.argocd.dev/ready-seconds: "${options.readySeconds ?? 1}"}
      spec:
        containers: [{name: main, image: nginx}]`;

describe('§6 facts 2–8', () => {
  it('6 #2 hooks are not compared: a revision that only adds a hook leaves the app Synced', () => {
    const run = runYaml(docs(configMap('a'), hookConfigMap('report', 'PostSync')), {
      history: [configMap('a')],
      recordHistory: true,
    });
    expect(run.appAt(0)).toEqual({ sync: 'Synced', health: 'Healthy' });
    expect(eventsOf(run.events, 'app').filter((e) => e.t >= 0 && e.sync !== 'Synced')).toEqual([]);
    // The hook left live is listed, but with no sync status and no health (controller/state.go L1040).
    expect(run.resource('ConfigMap', 'report')).toEqual({
      group: '',
      version: 'v1',
      kind: 'ConfigMap',
      namespace: 'default',
      name: 'report',
      hook: true,
      requiresPruning: true,
    });
  });

  it('6 #2 a hook deleted by its policy is not Missing: the app stays Synced and Healthy', () => {
    const run = runYaml(docs(configMap('a'), hookPod('report', 'PostSync', { policy: 'HookSucceeded' })));
    expect(run.live('Pod', 'report')).toBeUndefined();
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    expect(run.result.application.status.resources.map((r) => r.name)).toEqual(['a']);
  });

  it('6 #3 a ConfigMap-only wave passes at the next tick; a Deployment wave waits for its rollout', () => {
    const quick = runYaml(docs(configMap('settings', 0), configMap('after', 1)));
    expect(stepStarts(quick.events).map((s) => s.t)).toEqual([0, 5]);
    const slow = runYaml(docs(deployment('web', 0, { readySeconds: 20 }), configMap('after', 1)));
    const [, second] = stepStarts(slow.events);
    const healthy = eventsOf(slow.events, 'health').find((e) => e.name === 'web' && e.status === 'Healthy')!;
    expect(second.t).toBeGreaterThanOrEqual(healthy.t);
    expect(healthy.t).toBeGreaterThan(20);
  });

  it('6 #4 Suspended blocks before a PostSync hook: a paused Deployment keeps the sync Running', () => {
    const run = runYaml(docs(deployment('web', 0, { paused: true }), hookPod('smoke', 'PostSync')), {
      untilSeconds: 300,
    });
    expect(run.op).toMatchObject({
      phase: 'Running',
      message: 'waiting for healthy state of apps/Deployment/web',
    });
    expect(run.live('Pod', 'smoke')).toBeUndefined();
  });

  it('6 #6 in-sync waves are not skipped: each is applied ("unchanged") and each boundary costs a tick', () => {
    const app = docs(configMap('a', 0), configMap('b', 1), configMap('c', 2));
    const run = runYaml(app, { history: [app] });
    expect(eventsOf(run.events, 'apply').map((e) => `${e.name} ${e.message}`)).toEqual([
      'a configmap/a unchanged',
      'b configmap/b unchanged',
      'c configmap/c unchanged',
    ]);
    // No managed resource changed; the operation state did, and the Application's own update re-queues the
    // operation after the 5 s batching (§2.1 item 4), which covers the 2 s wave delay.
    expect(stepStarts(run.events).map((s) => s.t)).toEqual([0, 5, 10]);
  });

  it('6 #6 ApplyOutOfSyncOnly=true skips the unchanged objects but still runs the hooks (§6.9)', () => {
    const before = docs(configMap('a', 0), configMap('b', 1), configMap('c', 2));
    const after = docs(
      configMap('a', 0),
      configMap('b', 1),
      configMap('c', 2, 'changed'),
      hookConfigMap('report', 'PostSync'),
    );
    const run = runYaml(after, { history: [before], syncOptions: ['ApplyOutOfSyncOnly=true'] });
    expect(eventsOf(run.events, 'apply').map((e) => e.name)).toEqual(['c', 'report']);
    expect(run.op.phase).toBe('Succeeded');
  });

  it('6 #7 delete policies are judged on the operation: HookSucceeded kept, HookFailed deleted after a failure', () => {
    const run = runYaml(
      docs(
        hookPod('keep-on-failure', 'PreSync', { policy: 'HookSucceeded' }),
        hookPod('delete-on-failure', 'PreSync', { policy: 'HookFailed' }),
        hookPod('smoke', 'PostSync', { exitCode: 1 }),
        configMap('a'),
      ),
    );
    expect(run.op.phase).toBe('Failed');
    expect(run.rowSummary()).toContain('Pod/keep-on-failure Synced Succeeded');
    expect(run.rowSummary()).toContain('Pod/delete-on-failure Synced Succeeded');
    expect(run.live('Pod', 'keep-on-failure')).toBeDefined();
    expect(run.live('Pod', 'delete-on-failure')).toBeUndefined();
    expect(eventsOf(run.events, 'delete')).toMatchObject([
      { name: 'delete-on-failure', reason: 'HookFailed' },
    ]);
  });

  it('6 #8 a named Job hook with only HookSucceeded that failed is re-applied and read as failed again', () => {
    const migrate = `
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: migrate
        annotations: {argocd.argoproj.io/hook: PreSync, argocd.argoproj.io/hook-delete-policy: HookSucceeded}
      spec:
        backoffLimit: 0
        template:
          metadata: {annotations: {sandbox.argocd.dev/exit-code: "1"}}
          spec:
            restartPolicy: Never
            containers: [{name: main, image: busybox}]`;
    const app = docs(migrate, configMap('a'));
    const run = runYaml(app, { history: [app] });
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully',
    });
    expect(eventsOf(run.events, 'delete')).toEqual([]);
    expect(eventsOf(run.events, 'apply')).toMatchObject([{ name: 'migrate', result: 'configured' }]);
    // No new pod ran: the old Job's failure was read again at the first tick after the apply.
    expect(eventsOf(run.events, 'pod').filter((e) => e.state === 'ContainerCreating')).toEqual([]);
    expect(run.row('Job', 'migrate')).toMatchObject({
      hookPhase: 'Failed',
      message: 'Job has reached the specified backoff limit',
    });
  });

  it('6 #8 the same Job with the default BeforeHookCreation policy is deleted and recreated, and runs again', () => {
    const migrate = `
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: migrate
        annotations: {argocd.argoproj.io/hook: PreSync}
      spec:
        backoffLimit: 0
        template:
          spec:
            restartPolicy: Never
            containers: [{name: main, image: busybox}]`;
    const app = docs(migrate, configMap('a'));
    const run = runYaml(app, { history: [app] });
    expect(run.op.phase).toBe('Succeeded');
    expect(eventsOf(run.events, 'delete')).toMatchObject([{ name: 'migrate', reason: 'BeforeHookCreation' }]);
    expect(eventsOf(run.events, 'apply')[0]).toMatchObject({ name: 'migrate', result: 'created' });
  });
});
