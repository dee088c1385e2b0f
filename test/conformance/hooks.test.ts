import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { docs, runYaml } from './runYaml';

/**
 * argocd-semantics.md §4.9, the hook cases of Argo CD's e2e suite (test/e2e/hook_test.go), each replayed on the
 * fake cluster. The e2e `hook` app is a Pod `pod` plus one hook Pod; `exit-code` is the sandbox's switch for
 * what the container does (src/engine/containers/behaviour.ts).
 *
 * Cases 97 and 98 (TestPreDeleteHook*, TestPostDeleteHook) are about deleting the Application: the single-app
 * form runs sync operations only, so here the part a sync shows is that such a hook is left out of it (the last
 * test below, PreDelete/PostDelete are not engine phases, §1.2); the deletion itself runs in the control plane,
 * src/engine/argocd/deleteHooks.test.ts.
 */
function hookPod(name: string, hook: string, options: { exitCode?: number; policy?: string } = {}): string {
  return `
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
}

/** The e2e app's main pod: it runs to completion (restartPolicy Never), so it is Healthy once it exits 0. */
const mainPod = `
  apiVersion: v1
  kind: Pod
  metadata: {name: pod}
  spec:
    restartPolicy: Never
    containers: [{name: main, image: busybox, command: ["true"]}]`;

const failed = 'one or more synchronization tasks completed unsuccessfully';
const exit1 = 'container "main" failed with exit code 1';

describe('§4.9 hooks (e2e hook_test.go)', () => {
  it('4.9 #84 TestPreSyncHookFailure: Failed, app OutOfSync, one result, the main pod never created', () => {
    const run = runYaml(docs(hookPod('hook', 'PreSync', { exitCode: 1 }), mainPod));
    expect(run.op).toMatchObject({ phase: 'Failed', message: failed });
    expect(run.sync).toBe('OutOfSync');
    expect(run.rows).toHaveLength(1);
    expect(run.row('Pod', 'hook')).toMatchObject({ status: 'Synced', hookPhase: 'Failed', message: exit1 });
    expect(run.resource('Pod', 'pod')).toMatchObject({ status: 'OutOfSync', health: { status: 'Missing' } });
    expect(run.live('Pod', 'pod')).toBeUndefined();
    // The failed hook is kept for inspection, without the hook finalizer (§2.18).
    expect(run.live('Pod', 'hook')?.metadata.finalizers ?? []).not.toContain(
      'argocd.argoproj.io/hook-finalizer',
    );
  });

  it('4.9 #85 TestSyncHookFailure: Failed, app Synced, two results', () => {
    const run = runYaml(docs(hookPod('hook', 'Sync', { exitCode: 1 }), mainPod));
    expect(run.op).toMatchObject({ phase: 'Failed', message: failed });
    expect(run.sync).toBe('Synced');
    expect(run.rowSummary()).toEqual(['Pod/hook Synced Failed', 'Pod/pod Synced Succeeded']);
  });

  it('4.9 #86 TestSyncHookResourceFailure: a never-ready Deployment beside a Sync hook → Succeeded, Progressing', () => {
    const neverReady = `
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web}
      spec:
        selector: {matchLabels: {app: web}}
        template:
          metadata:
            labels: {app: web}
            annotations: {sandbox.argocd.dev/ready-seconds: never}
          spec:
            containers: [{name: main, image: nginx}]`;
    const run = runYaml(docs(hookPod('hook', 'Sync'), neverReady), { untilSeconds: 120 });
    expect(run.op).toMatchObject({ phase: 'Succeeded', message: 'successfully synced (no more tasks)' });
    // The Deployment was only refreshed while the hook ran: a single-step sync does not wait for it (§2.8).
    expect(run.row('Deployment', 'web')).toMatchObject({ status: 'Synced', hookPhase: 'Running' });
    expect(run.appAt(run.endT())).toEqual({ sync: 'Synced', health: 'Progressing' });
  });

  it('4.9 #87 TestPostSyncHookFailure: Failed while the app is Synced and Healthy, two results', () => {
    const run = runYaml(docs(hookPod('hook', 'PostSync', { exitCode: 1 }), mainPod));
    expect(run.op).toMatchObject({ phase: 'Failed', message: failed });
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    expect(run.rowSummary()).toEqual(['Pod/pod Synced Succeeded', 'Pod/hook Synced Failed']);
  });

  it('4.9 #88 TestPostSyncHookPodFailure: the main pod fails, so the PostSync hook is never created', () => {
    const run = runYaml(docs(hookPod('hook', 'PostSync'), mainPod), { fail: ['pod/pod'] });
    expect(run.op).toMatchObject({ phase: 'Failed', message: failed });
    expect(run.rowSummary()).toEqual(['Pod/pod Synced Failed']);
    expect(run.resource('Pod', 'pod')?.health?.status).toBe('Degraded');
    expect(run.live('Pod', 'hook')).toBeUndefined();
  });

  it('4.9 #89 TestSyncFailHookPodFailure: the SyncFail hook runs after the PostSync hook failed', () => {
    const run = runYaml(
      docs(hookPod('hook', 'PostSync', { exitCode: 1 }), hookPod('sync-fail-hook', 'SyncFail'), mainPod),
    );
    expect(run.op).toMatchObject({ phase: 'Failed', message: failed });
    expect(run.row('Pod', 'sync-fail-hook')).toMatchObject({
      status: 'Synced',
      hookPhase: 'Succeeded',
      message: 'pod/sync-fail-hook created',
      syncPhase: 'SyncFail',
    });
  });

  it('4.9 #90 TestInvalidlHookWaitsForOtherHooksToComplete: an apply error waits for the other Sync hook', () => {
    // A pod named like the hook is left from an earlier sync; the hook's policy is not BeforeHookCreation, so it
    // is re-applied, and the API server refuses to add a container to a pod (the dry run cannot know).
    const earlier = `
      apiVersion: v1
      kind: Pod
      metadata:
        name: invalid-hook
        annotations: {argocd.argoproj.io/hook: Sync}
      spec:
        restartPolicy: Never
        containers: [{name: main, image: busybox}]`;
    const invalid = `
      apiVersion: v1
      kind: Pod
      metadata:
        name: invalid-hook
        annotations: {argocd.argoproj.io/hook: Sync, argocd.argoproj.io/hook-delete-policy: HookSucceeded}
      spec:
        restartPolicy: Never
        containers: [{name: main, image: busybox}, {name: extra, image: busybox}]`;
    const slow = `
      apiVersion: v1
      kind: Pod
      metadata:
        name: hook
        annotations: {argocd.argoproj.io/hook: Sync}
      spec:
        restartPolicy: Never
        containers: [{name: main, image: busybox, command: [sleep, "20"]}]`;
    const run = runYaml(docs(invalid, slow), { live: earlier });
    const refused =
      'Pod "invalid-hook" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers';
    expect(run.row('Pod', 'invalid-hook')).toMatchObject({
      status: 'SyncFailed',
      hookPhase: 'Failed',
      message: refused,
    });
    expect(run.row('Pod', 'hook')).toMatchObject({ status: 'Synced', hookPhase: 'Succeeded' });
    expect(run.op).toMatchObject({ phase: 'Failed', message: `${failed}, reason: ${refused}` });
    const phases = eventsOf(run.events, 'operation');
    expect(phases.map((e) => e.message)).toContain('waiting for completion of hook /Pod/hook');
    expect(run.endT()).toBeGreaterThan(20);
  });

  it.each([
    ['TestHookDeletePolicyHookSucceededHookExit0', 'HookSucceeded', 0, 'Succeeded', false],
    ['TestHookDeletePolicyHookSucceededHookExit1', 'HookSucceeded', 1, 'Failed', true],
    ['TestHookDeletePolicyHookFailedHookExit0', 'HookFailed', 0, 'Succeeded', true],
    ['TestHookDeletePolicyHookFailedHookExit1', 'HookFailed', 1, 'Failed', false],
  ] as const)('4.9 #91 %s: %s, hook exits %i → %s, hook kept: %s', (_name, policy, exitCode, phase, kept) => {
    const run = runYaml(docs(hookPod('hook', 'PostSync', { exitCode, policy }), mainPod));
    expect(run.op.phase).toBe(phase);
    expect(run.live('Pod', 'hook') !== undefined).toBe(kept);
    if (!kept) expect(eventsOf(run.events, 'delete')).toMatchObject([{ name: 'hook', reason: policy }]);
  });

  it('4.9 #92 TestHookBeforeHookCreation: two syncs both succeed, and the hook pod is recreated', () => {
    const app = docs(hookPod('hook', 'PostSync'), mainPod);
    const run = runYaml(app, { history: [app], recordHistory: true });
    const ends = eventsOf(run.events, 'operation').filter((e) => e.phase !== 'Running');
    expect(ends.map((e) => [e.t < 0 ? 'first' : 'second', e.phase])).toEqual([
      ['first', 'Succeeded'],
      ['second', 'Succeeded'],
    ]);
    const second = run.events.filter((e) => e.t >= 0);
    expect(eventsOf(second, 'delete')).toMatchObject([{ name: 'hook', reason: 'BeforeHookCreation' }]);
    expect(eventsOf(second, 'apply').find((e) => e.name === 'hook')?.result).toBe('created');
    // A new object: created during the second sync, an hour after the first.
    expect((run.live('Pod', 'hook')?.metadata.creationTimestamp ?? '') >= '2026-01-01T00:00:00Z').toBe(true);
  });

  it('4.9 #93 TestHookSkip: a Skip pod is never created; the sync succeeds with one result', () => {
    const skipped = `
      apiVersion: v1
      kind: Pod
      metadata:
        name: skipped
        annotations: {argocd.argoproj.io/hook: Skip}
      spec:
        containers: [{name: main, image: nginx}]`;
    const run = runYaml(docs(skipped, mainPod));
    expect(run.op.phase).toBe('Succeeded');
    expect(run.rowSummary()).toEqual(['Pod/pod Synced Running']);
    expect(run.live('Pod', 'skipped')).toBeUndefined();
    // Listed in status.resources all the same, with no sync status and no health (TestCompareAppStateSkipHook).
    expect(run.resource('Pod', 'skipped')).toEqual({
      group: '',
      version: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name: 'skipped',
    });
  });

  it('4.9 #93 TestNamingNonHookResource: an unnamed non-hook pod fails the dry run, nothing is created', () => {
    const unnamed = `
      apiVersion: v1
      kind: Pod
      metadata: {generateName: my-pod-}
      spec:
        containers: [{name: main, image: nginx}]`;
    const run = runYaml(docs(hookPod('hook', 'PreSync'), unnamed));
    expect(run.op).toMatchObject({
      phase: 'Failed',
      message: 'one or more objects failed to apply (dry run)',
    });
    expect(run.rows).toMatchObject([
      {
        kind: 'Pod',
        name: '',
        status: 'SyncFailed',
        message: 'from my-pod-: cannot use generate name with apply',
      },
    ]);
    expect(run.result.live.filter((o) => o.kind === 'Pod')).toEqual([]);
  });

  it('4.9 #97 TestPreDeleteHook (the sync half): a PreDelete hook is not part of the sync, the app is Synced', () => {
    const run = runYaml(docs(hookPod('pre-delete', 'PreDelete'), mainPod));
    expect(run.op.phase).toBe('Succeeded');
    expect(run.sync).toBe('Synced');
    expect(run.live('Pod', 'pre-delete')).toBeUndefined();
    expect(run.row('Pod', 'pre-delete')).toBeUndefined();
  });
});

describe('§2.16 terminate with running hooks (e2e hook_test.go)', () => {
  /** The e2e test's hook: a PreSync Pod running `cmd` through `/bin/sh -c --`. */
  const e2eHook = (name: string, policy: string, cmd: string) => `
    apiVersion: v1
    kind: Pod
    metadata:
      annotations:
        argocd.argoproj.io/hook: PreSync
        argocd.argoproj.io/hook-delete-policy: ${policy}
      name: ${name}
    spec:
      containers:
        - command: [ "/bin/sh", "-c", "--" ]
          args: [ "${cmd}" ]
          image: "quay.io/argoprojlabs/argocd-e2e-container:0.1"
          imagePullPolicy: IfNotPresent
          name: main
      restartPolicy: Never`;
  const hooks = [
    e2eHook('running-delete-on-success', 'HookSucceeded', 'sleep 300'),
    e2eHook('running-delete-on-create', 'BeforeHookCreation', 'sleep 300'),
    e2eHook('running-delete-on-failed', 'HookFailed', 'sleep 300'),
    e2eHook('complete-delete-on-success', 'HookSucceeded', 'true'),
    e2eHook('complete-delete-on-create', 'BeforeHookCreation', 'true'),
    e2eHook('complete-delete-on-failed', 'HookFailed', 'true'),
  ];

  it('TestTerminateWithRunningHooks: the sleeping hooks are Terminated and deleted, the completed ones kept', () => {
    const run = runYaml(docs(mainPod, ...hooks), { terminateAtSeconds: 60 });
    // Still running at 60 s: `sh -c -- "sleep 300"` sleeps, it does not run a program called `--`.
    const deletes = eventsOf(run.events, 'delete').filter((e) => e.reason === 'terminate');
    expect(deletes.map((e) => e.name).sort()).toEqual([
      'running-delete-on-create',
      'running-delete-on-failed',
      'running-delete-on-success',
    ]);
    expect(deletes.every((e) => e.t >= 60 && e.t < 61)).toBe(true);
    expect(run.op).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    expect(run.rows).toHaveLength(6);
    for (const name of [
      'complete-delete-on-success',
      'complete-delete-on-create',
      'complete-delete-on-failed',
    ]) {
      expect(run.row('Pod', name)).toMatchObject({
        status: 'Synced',
        message: `pod/${name} created`,
        hookType: 'PreSync',
        hookPhase: 'Succeeded',
        syncPhase: 'PreSync',
        images: ['quay.io/argoprojlabs/argocd-e2e-container:0.1'],
      });
      // Completed hooks lose their finalizer and stay (nothing deletes them: the operation did not succeed).
      expect(run.live('Pod', name)?.metadata.finalizers ?? []).toEqual([]);
    }
    for (const name of [
      'running-delete-on-success',
      'running-delete-on-create',
      'running-delete-on-failed',
    ]) {
      expect(run.row('Pod', name)).toMatchObject({
        status: 'Synced',
        message: 'Terminated',
        hookType: 'PreSync',
        hookPhase: 'Failed',
        syncPhase: 'PreSync',
        images: ['quay.io/argoprojlabs/argocd-e2e-container:0.1'],
      });
      const live = run.live('Pod', name);
      expect(
        live === undefined || (live.metadata.deletionTimestamp && !live.metadata.finalizers?.length),
      ).toBe(true);
    }
    expect(run.endT()).toBeLessThan(300);
    expect(run.live('Pod', 'pod')).toBeUndefined();
  });
});
