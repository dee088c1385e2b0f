import { describe, expect, it } from 'vitest';
import { runSingleApp } from '../../src/engine';
import { eventsOf } from '../kits/eventQueries.testKit';
import { clusterAt } from '../../src/engine/simulation/objectHistory';
import { healthOverridesWithLua } from '../../src/lua/healthOverridesWithLua';
import { docs, objects, runYaml } from './runYaml';

/**
 * The rest of Argo CD's e2e hook_test.go, replayed on the fake cluster (hooks.test.ts has the failure cases). The
 * e2e `hook` app (test/e2e/testdata/hook) is a Pod `pod` and a hook Pod `hook`, both running `true` in the e2e
 * image; each test patches the hook's annotations or command, as written here.
 */
const image = 'quay.io/argoprojlabs/argocd-e2e-container:0.1';

function e2ePod(name: string, annotations: Record<string, string>, command = 'true'): string {
  const lines = Object.entries(annotations).map(([k, v]) => `    ${k}: ${v}`);
  return `
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
${lines.length ? `  annotations:\n${lines.join('\n')}` : ''}
spec:
  containers:
    - name: main
      image: ${image}
      imagePullPolicy: IfNotPresent
      command: [${JSON.stringify(command)}]
  restartPolicy: Never`;
}

const pod = e2ePod('pod', {});
const hook = (type: string, command = 'true') => e2ePod('hook', { 'argocd.argoproj.io/hook': type }, command);

describe('hook_test.go: hooks that succeed', () => {
  it.each([
    ['TestPreSyncHookSuccessful', 'PreSync'],
    ['TestSyncHookSuccessful', 'Sync'],
    ['TestPostSyncHookSuccessful', 'PostSync'],
  ])('%s: Succeeded, Synced, two results, and the completed %s hook keeps no finalizer', (_name, type) => {
    const run = runYaml(docs(hook(type), pod));
    expect(run.op.phase).toBe('Succeeded');
    expect(run.sync).toBe('Synced');
    expect(run.resource('Pod', 'pod')).toMatchObject({ status: 'Synced', health: { status: 'Healthy' } });
    expect(run.rows).toHaveLength(2);
    expect(run.row('Pod', 'hook')).toEqual({
      group: '',
      version: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name: 'hook',
      images: [image],
      status: 'Synced',
      message: 'pod/hook created',
      hookType: type,
      hookPhase: 'Succeeded',
      syncPhase: type,
    });
    const live = run.live('Pod', 'hook');
    expect(live?.metadata.annotations?.['argocd.argoproj.io/hook']).toBe(type);
    expect(live?.metadata.finalizers ?? []).not.toContain('argocd.argoproj.io/hook-finalizer');
  });
});

describe('hook_test.go: SyncFail hooks', () => {
  const syncFailHook = (name: string, command: string) =>
    e2ePod(name, { 'argocd.argoproj.io/hook': 'SyncFail' }, command);

  it('TestSyncFailHookPodFailureSyncFailFailure: a failing SyncFail hook is marked Failed, the other Succeeded', () => {
    const run = runYaml(
      docs(
        hook('PostSync', 'false'),
        pod,
        syncFailHook('successful-sync-fail-hook', 'true'),
        syncFailHook('failed-sync-fail-hook', 'false'),
      ),
    );
    expect(run.rows).toHaveLength(4);
    expect(run.row('Pod', 'successful-sync-fail-hook')).toMatchObject({
      images: [image],
      status: 'Synced',
      message: 'pod/successful-sync-fail-hook created',
      hookType: 'SyncFail',
      hookPhase: 'Succeeded',
      syncPhase: 'SyncFail',
    });
    expect(run.row('Pod', 'failed-sync-fail-hook')).toMatchObject({
      images: [image],
      status: 'Synced',
      message: 'container "main" failed with exit code 1',
      hookType: 'SyncFail',
      hookPhase: 'Failed',
      syncPhase: 'SyncFail',
    });
    expect(run.op.phase).toBe('Failed');
    expect(run.live('Pod', 'failed-sync-fail-hook')?.metadata.finalizers ?? []).toEqual([]);
  });

  it('TestInvalidSyncFailureHookWaitsForOtherHooksToComplete: an apply error of one SyncFail hook waits for the other', () => {
    // The invalid hook passes the dry run but not the apply: it is live from an earlier sync (HookSucceeded kept
    // it), and Git renames its container, which a Pod update may not do.
    const existing = e2ePod('invalid-sync-fail-hook', {
      'argocd.argoproj.io/hook': 'SyncFail',
      'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded',
    });
    const renamed = existing.replace('- name: main', '- name: immutable');
    const run = runYaml(
      docs(hook('Sync', 'false'), pod, syncFailHook('successful-sync-fail-hook', 'true'), renamed),
      { live: existing },
    );
    expect(run.rows).toHaveLength(4);
    const invalid = run.row('Pod', 'invalid-sync-fail-hook');
    expect(invalid).toMatchObject({ status: 'SyncFailed', hookType: 'SyncFail', hookPhase: 'Failed' });
    expect(invalid?.message).toMatch(/^Pod "invalid-sync-fail-hook" is invalid/);
    expect(run.row('Pod', 'successful-sync-fail-hook')).toMatchObject({
      status: 'Synced',
      message: 'pod/successful-sync-fail-hook created',
      hookPhase: 'Succeeded',
      syncPhase: 'SyncFail',
    });
    expect(run.op.phase).toBe('Failed');
    expect(run.live('Pod', 'successful-sync-fail-hook')?.metadata.finalizers ?? []).toEqual([]);
  });
});

describe('hook_test.go: naming and terminating', () => {
  it('TestHookBeforeHookCreation: a Sync hook with BeforeHookCreation, synced twice: two results each time, the hook pod recreated', () => {
    // hook_test.go TestHookBeforeHookCreation patches the e2e hook (a Sync hook) with the BeforeHookCreation policy.
    const app = docs(
      e2ePod('hook', {
        'argocd.argoproj.io/hook': 'Sync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      }),
      pod,
    );
    const expectSyncedTwoResults = (run: ReturnType<typeof runYaml>) => {
      expect(run.op.phase).toBe('Succeeded');
      expect(run.sync).toBe('Synced');
      expect(run.health).toBe('Healthy');
      // ResourceResultNumbering(2): the pod and the hook, once each.
      expect(run.rows.map((r) => `${r.kind}/${r.name}`).sort()).toEqual(['Pod/hook', 'Pod/pod']);
      expect(run.live('Pod', 'hook')).toBeDefined();
    };
    // The first sync, on a fresh cluster.
    expectSyncedTwoResults(runYaml(app));
    // The second sync, on the cluster the first one left (it ran an hour before t = 0).
    const second = runYaml(app, { history: [app], recordHistory: true });
    expectSyncedTwoResults(second);
    const before = clusterAt(second.result.objects, -1).find(
      (o) => o.kind === 'Pod' && o.metadata.name === 'hook',
    );
    const created1 = before?.metadata.creationTimestamp ?? '';
    const created2 = second.live('Pod', 'hook')?.metadata.creationTimestamp ?? '';
    expect(created1).not.toBe('');
    expect(created2).not.toBe('');
    expect(created2).not.toBe(created1);
    expect(
      eventsOf(
        second.events.filter((e) => e.t >= 0),
        'delete',
      ),
    ).toMatchObject([{ name: 'hook', reason: 'BeforeHookCreation' }]);
  });

  it('TestHookBeforeHookCreationFailure: a sleeping BeforeHookCreation hook, terminated after 1 s → Failed, two results', () => {
    const sleeping = e2ePod('hook', {
      'argocd.argoproj.io/hook': 'Sync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
    }).replace('command: ["true"]', 'command: ["sleep", "3"]');
    const run = runYaml(docs(sleeping, pod), { terminateAtSeconds: 1 });
    expect(run.op).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    expect(run.rows).toHaveLength(2);
  });

  it('TestAutomaticallyNamingUnnamedHook: an unnamed PreSync,PostSync hook gets a name per phase', () => {
    // `sim run` refuses a document without a name (contract §1.1), so the engine is given the object directly.
    const [unnamed] = objects(hook('PreSync,PostSync'));
    delete unnamed.metadata.name;
    const result = runSingleApp({ desired: [unnamed, ...objects(pod)] });
    const status = result.application.status;
    expect(status.operationState?.phase).toBe('Succeeded');
    expect(status.sync.status).toBe('Synced');
    const rows = status.operationState?.syncResult?.resources ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[0].name).toContain('presync');
    expect(rows[2].name).toContain('postsync');
    expect(rows[0].name).not.toBe(rows[2].name);
  });
});

describe('hook_test.go: the hook finalizer keeps a deleted hook until its health is read', () => {
  // The e2e test's health Lua for batch Job: Progressing until something deletes the Job, then Healthy, saying
  // whether Argo CD's hook finalizer still held it when its health was read.
  const jobHealth = `
    local hs = {}
    hs.status = "Healthy"
    if obj.metadata.deletionTimestamp == nil then
      hs.status = "Progressing"
      hs.message = "Waiting to be externally deleted"
      return hs
    end
    if obj.metadata.finalizers ~= nil then
      for i, finalizer in ipairs(obj.metadata.finalizers) do
        if finalizer == "argocd.argoproj.io/hook-finalizer" then
          hs.message = "Resource has finalizer"
          return hs
        end
      end
    end
    hs.message = "no finalizer for a hook is wrong"
    return hs`;
  const overrides = () =>
    healthOverridesWithLua([
      { key: 'resource.customizations.health.batch_Job', group: 'batch', kind: 'Job', source: jobHealth },
    ]);
  // test/e2e/testdata/hook-resource-deleted-externally: the TTL controller deletes the finished Job at once.
  const jobHook = (type: string) => `
apiVersion: batch/v1
kind: Job
metadata:
  annotations:
    argocd.argoproj.io/hook: ${type}
  name: hook
spec:
  ttlSecondsAfterFinished: 0
  backoffLimit: 0
  template:
    spec:
      containers:
        - command: ["true"]
          image: ${image}
          imagePullPolicy: IfNotPresent
          name: main
      restartPolicy: Never`;

  it.each([
    ['TestHookFinalizerPreSync', 'PreSync'],
    ['TestHookFinalizerSync', 'Sync'],
    ['TestHookFinalizerPostSync', 'PostSync'],
  ])('%s: the %s Job deleted by its TTL is still read, with the finalizer on it', (_name, type) => {
    const run = runYaml(docs(jobHook(type), pod), { healthOverrides: overrides() });
    expect(run.op.phase).toBe('Succeeded');
    expect(run.sync).toBe('Synced');
    expect(run.resource('Pod', 'pod')).toMatchObject({ status: 'Synced', health: { status: 'Healthy' } });
    expect(run.rows).toHaveLength(2);
    expect(run.row('Job', 'hook')).toMatchObject({
      group: 'batch',
      version: 'v1',
      kind: 'Job',
      name: 'hook',
      images: [image],
      message: 'Resource has finalizer',
      hookType: type,
      status: 'Synced',
      hookPhase: 'Succeeded',
      syncPhase: type,
    });
  });
});
