import { describe, expect, it } from 'vitest';
import { runSingleApp } from '../../src/engine';
import { appGetText } from '../../src/text/appGetText';
import { docs, objects, runYaml } from './runYaml';

/**
 * The cases of Argo CD's e2e app_management_test.go that one Application's syncs can show, replayed on the fake
 * cluster. Most of that file is about the API server, RBAC, the CLI's other commands and the UI; the index
 * (upstream-tests.md) says why each of those is left out.
 */
const image = 'quay.io/argoprojlabs/argocd-e2e-container:0.1';
/** test/e2e/testdata/two-nice-pods. */
const nicePod = (name: string, annotations = '') => `
  apiVersion: v1
  kind: Pod
  metadata:
    name: ${name}
    ${annotations}
  spec:
    containers: [{name: main, image: ${image}, imagePullPolicy: IfNotPresent, command: ["true"]}]
    restartPolicy: Never`;
const noPrune = 'annotations: {argocd.argoproj.io/sync-options: Prune=false}';

describe('app_management_test.go: Prune=false', () => {
  it.each([
    ['TestSyncOptionPruneFalseResourceLevel', [], noPrune],
    ['TestSyncOptionPruneFalseAppLevel', ['Prune=false'], ''],
    ['TestSyncOptionPruneFalseResourceOverride', ['Prune=true'], noPrune],
  ])(
    '%s: pod-1 deleted from Git stays, the sync Succeeds and the app is OutOfSync',
    (_name, syncOptions, annotations) => {
      const before = docs(nicePod('pod-1', annotations), nicePod('pod-2'));
      const run = runYaml(nicePod('pod-2'), { history: [before], prune: true, syncOptions });
      expect(run.op.phase).toBe('Succeeded');
      expect(run.sync).toBe('OutOfSync');
      expect(run.resource('Pod', 'pod-1')?.status).toBe('OutOfSync');
      expect(run.row('Pod', 'pod-1')).toMatchObject({
        status: 'PruneSkipped',
        message: 'ignored (no prune)',
      });
      expect(run.live('Pod', 'pod-1')).toBeDefined();
    },
  );
});

describe('app_management_test.go: how objects are written', () => {
  // test/e2e/testdata/secrets, with the test's patch: a new field, and the Secret made immutable.
  const secret = (value: string) => `
    apiVersion: v1
    kind: Secret
    metadata: {name: test-secret}
    stringData: {username: test-username}
    data: {password: dGVzdC1wYXNzd29yZA==, new-field: ${value}}
    immutable: true`;

  it('TestImmutableChange: an immutable Secret cannot change; the sync fails until it is forced', () => {
    const refused = runYaml(secret('dGVzdDI='), { history: [secret('dGVzdA==')] });
    expect([refused.op.phase, refused.sync]).toEqual(['Failed', 'OutOfSync']);
    expect(refused.rows).toHaveLength(1);
    expect(refused.row('Secret', 'test-secret')).toMatchObject({
      version: 'v1',
      syncPhase: 'Sync',
      status: 'SyncFailed',
      hookPhase: 'Failed',
    });
    expect(refused.row('Secret', 'test-secret')?.message).toMatch(/^Secret "test-secret" is invalid/);
    // `argocd app sync --force` forces every apply, as Force=true on the resource does (gitops-engine
    // sync_context.go: the operation's force or the resource's option); the sandbox's run takes the latter.
    const forcedSecret = secret('dGVzdDI=').replace(
      'metadata: {name: test-secret}',
      'metadata: {name: test-secret, annotations: {argocd.argoproj.io/sync-options: Force=true}}',
    );
    const forced = runYaml(forcedSecret, { history: [secret('dGVzdA==')] });
    expect([forced.op.phase, forced.sync, forced.health]).toEqual(['Succeeded', 'Synced', 'Healthy']);
  });

  it('TestSyncOptionReplace: Replace=true creates the ConfigMap, then replaces it', () => {
    const map = `
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: my-map
        annotations: {argocd.argoproj.io/sync-options: Replace=true}
      data: {foo: bar}`;
    const first = runYaml(map);
    expect([first.sync, first.rows[0].message]).toEqual(['Synced', 'configmap/my-map created']);
    const second = runYaml(map, { history: [map] });
    expect([second.sync, second.rows[0].message]).toEqual(['Synced', 'configmap/my-map replaced']);
  });

  it('TestSyncOptionReplaceFromCLI: argocd app sync --replace (the operation option) creates, then replaces', () => {
    const map = `
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: my-map}
      data: {foo: bar}`;
    const first = runYaml(map, { syncOptions: ['Replace=true'] });
    expect([first.sync, first.rows[0].message]).toEqual(['Synced', 'configmap/my-map created']);
    const second = runYaml(map, { history: [map], syncOptions: ['Replace=true'] });
    expect([second.sync, second.rows[0].message]).toEqual(['Synced', 'configmap/my-map replaced']);
  });

  // test/e2e/testdata/multi-sync: a ConfigMap, or a CRD, synced twice, client- or server-side, changed in between
  // or not; "Big" adds 16 fields of 16 KiB (more than a client-side last-applied annotation could hold).
  const cm = (big: boolean, label: boolean) => `
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: test-cm
      labels: {purpose: test${label ? ', test-label: test-value' : ''}}
    data:
      foo: bar
${big ? Array.from({ length: 16 }, (_, i) => `      field${i}: ${'A'.repeat(16 * 1024)}`).join('\n') : ''}`;
  const crd = (big: boolean, label: boolean) => `
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata:
      name: dummies.argoproj.io
      labels: {e2e.argoproj.io: "true"${label ? ', test-label: test-value' : ''}}
    spec:
      group: argoproj.io
      names: {kind: Dummy, listKind: DummyList, plural: dummies, singular: dummy}
      scope: Namespaced
      versions:
        - name: v1alpha1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              description: ${big ? 'A'.repeat(256 * 1024) : 'a dummy'}`;
  it.each([
    ['TestMultiSyncCRDClientSideSame', crd, false, false, false],
    ['TestMultiSyncCRDClientSideChanged', crd, false, true, false],
    ['TestMultiSyncCRDServerSideSame', crd, true, false, false],
    ['TestMultiSyncCRDServerSideSameBig', crd, true, false, true],
    ['TestMultiSyncCRDServerSideChanged', crd, true, true, false],
    ['TestMultiSyncCRDServerSideChangedBig', crd, true, true, true],
    ['TestMultiSyncBuiltinClientSideSame', cm, false, false, false],
    ['TestMultiSyncBuiltinClientSideChanged', cm, false, true, false],
    ['TestMultiSyncBuiltinServerSideSame', cm, true, false, false],
    ['TestMultiSyncBuiltinServerSideSameBig', cm, true, false, true],
    ['TestMultiSyncBuiltinServerSideChanged', cm, true, true, false],
    ['TestMultiSyncBuiltinServerSideChangedBig', cm, true, true, true],
  ] as const)(
    '%s: the second sync Succeeds and the app is Synced',
    (_name, manifest, serverSide, change, big) => {
      const syncOptions = serverSide ? ['ServerSideApply=true'] : [];
      const run = runYaml(manifest(big, change), { history: [manifest(big, false)], syncOptions });
      expect([run.op.phase, run.sync]).toEqual(['Succeeded', 'Synced']);
    },
  );
});

describe('app_management_test.go: namespaces', () => {
  it('TestNamespaceAutoCreation (e2e): CreateNamespace=true creates the new destination namespace; all Healthy there', () => {
    const guestbook = docs(
      `
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: guestbook-ui}
      spec:
        replicas: 0
        selector: {matchLabels: {app: guestbook-ui}}
        template:
          metadata: {labels: {app: guestbook-ui}}
          spec: {containers: [{name: guestbook-ui, image: quay.io/argoprojlabs/argocd-e2e-container:0.2}]}`,
      `
      apiVersion: v1
      kind: Service
      metadata: {name: guestbook-ui}
      spec: {ports: [{port: 80}], selector: {app: guestbook-ui}}`,
    );
    const run = runYaml(guestbook, { namespace: 'updated-ns', syncOptions: ['CreateNamespace=true'] });
    expect(run.op.phase).toBe('Succeeded');
    expect(run.live('Namespace', 'updated-ns')).toBeDefined();
    expect(run.resource('Deployment', 'guestbook-ui')).toMatchObject({
      namespace: 'updated-ns',
      status: 'Synced',
      health: { status: 'Healthy' },
    });
  });
});

describe('app_management_test.go: operations', () => {
  it('TestFailedSyncWithRetry: a failing PreSync hook, retried once after 1 s → Failed, "retried 1 times"', () => {
    const failingHook = `
      apiVersion: v1
      kind: Pod
      metadata:
        name: hook
        annotations: {argocd.argoproj.io/hook: PreSync}
      spec:
        containers: [{name: main, image: ${image}, command: ["false"]}]
        restartPolicy: Never`;
    const result = runSingleApp({
      desired: objects(docs(failingHook, nicePod('pod'))),
      retry: { limit: 1, durationMs: 1000, factor: 2, maxDurationMs: 180_000 },
    });
    const op = result.application.status.operationState!;
    expect(op.phase).toBe('Failed');
    expect(op.message).toContain('retried 1 times');
  });

  it('TestTrackAppStateAndSyncApp: the CLI lists the Service and the Deployment Synced, the app Healthy', () => {
    const guestbook = docs(
      `
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: guestbook-ui}
      spec:
        replicas: 0
        selector: {matchLabels: {app: guestbook-ui}}
        template:
          metadata: {labels: {app: guestbook-ui}}
          spec: {containers: [{name: guestbook-ui, image: quay.io/argoprojlabs/argocd-e2e-container:0.2}]}`,
      `
      apiVersion: v1
      kind: Service
      metadata: {name: guestbook-ui}
      spec: {ports: [{port: 80}], selector: {app: guestbook-ui}}`,
    );
    const run = runYaml(guestbook);
    expect([run.op.phase, run.sync, run.health]).toEqual(['Succeeded', 'Synced', 'Healthy']);
    const text = appGetText(run.result.application, { showOperation: true });
    expect(text).toMatch(/^ +Service +default +guestbook-ui +Synced /m);
    expect(text).toMatch(/^apps +Deployment +default +guestbook-ui +Synced/m);
    expect(run.op).toMatchObject({ phase: 'Succeeded' });
    expect(run.rows.length).toBeGreaterThan(0);
  });
});
