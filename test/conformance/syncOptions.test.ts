import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { docs, runYaml } from './runYaml';

/**
 * Argo CD's e2e sync_options_test.go, replayed on the fake cluster. `guestbook` is the e2e guestbook app
 * (test/e2e/testdata/guestbook): a Deployment `guestbook-ui` (replicas 0 in Git) and its Service.
 */
function guestbookDeployment(
  options: { replicas?: number; annotations?: string; extra?: string } = {},
): string {
  return `
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: guestbook-ui
      labels: {test: "true"}
      ${options.annotations ? `annotations: ${options.annotations}` : ''}
    spec:
      replicas: ${options.replicas ?? 0}
      revisionHistoryLimit: 3
      selector:
        matchLabels: {app: guestbook-ui${options.extra ?? ''}}
      template:
        metadata:
          labels: {app: guestbook-ui${options.extra ?? ''}}
        spec:
          containers:
            - name: guestbook-ui
              image: quay.io/argoprojlabs/argocd-e2e-container:0.2
              ports: [{containerPort: 80}]`;
}
const guestbookService = `
  apiVersion: v1
  kind: Service
  metadata: {name: guestbook-ui}
  spec:
    ports: [{port: 80, targetPort: 80}]
    selector: {app: guestbook-ui}`;
const guestbook = docs(guestbookDeployment(), guestbookService);

/** The app's sync status as the controller saw it before the operation changed anything. */
const syncBefore = (run: ReturnType<typeof runYaml>) => eventsOf(run.events, 'app')[0]?.sync;

describe('sync_options_test.go', () => {
  it('TestSyncWithCreateNamespace: the new namespace is created, then the app; Synced, Healthy, three results', () => {
    const run = runYaml(guestbook, { namespace: 'guestbook-new', syncOptions: ['CreateNamespace=true'] });
    expect(syncBefore(run)).toBe('OutOfSync');
    expect([run.sync, run.health, run.op.phase]).toEqual(['Synced', 'Healthy', 'Succeeded']);
    expect(run.rows).toHaveLength(3);
    expect(run.row('Namespace', 'guestbook-new')).toMatchObject({
      message: 'namespace/guestbook-new created',
    });
  });

  it('TestSyncWithCreateNamespaceAndDryRunError: the namespace is created although the ServiceAccount is refused', () => {
    const invalid = `
      apiVersion: v1
      kind: ServiceAccount
      metadata:
        name: failure-during-sync
        labels: {my-label: has-inva/id-character!}`;
    const run = runYaml(invalid, { namespace: 'failure-ns', syncOptions: ['CreateNamespace=true'] });
    expect(syncBefore(run)).toBe('OutOfSync');
    expect(run.op.phase).toBe('Failed');
    expect(run.rows).toHaveLength(2);
    expect(run.row('Namespace', 'failure-ns')).toMatchObject({
      version: 'v1',
      status: 'Synced',
      message: 'namespace/failure-ns created',
      hookPhase: 'Running',
      syncPhase: 'PreSync',
    });
    const refused = run.row('ServiceAccount', 'failure-during-sync');
    expect(refused).toMatchObject({
      namespace: 'failure-ns',
      status: 'SyncFailed',
      hookPhase: 'Failed',
      syncPhase: 'Sync',
    });
    expect(refused?.message).toMatch(
      /^ServiceAccount "failure-during-sync" is invalid: metadata.labels: Invalid value/,
    );
  });

  // test/e2e/testdata/sync-options-validate-false: a ConfigMap with a field ConfigMaps do not have.
  const invalidCm = (annotations: string) => `
    apiVersion: v1
    kind: ConfigMap
    metadata:
      name: invalid-cm
      ${annotations}
    invalidKey: this-fails`;

  it('TestSyncOptionsValidateFalse: Validate=false lets a ConfigMap with an unknown field through', () => {
    const run = runYaml(invalidCm('annotations: {argocd.argoproj.io/sync-options: Validate=false}'));
    expect(run.op.phase).toBe('Succeeded');
  });

  it('TestSyncOptionsValidateTrue: without it the apply is refused (strict field validation)', () => {
    const run = runYaml(invalidCm(''));
    expect(run.op.phase).toBe('Failed');
    expect(run.row('ConfigMap', 'invalid-cm')?.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "invalidKey"',
    );
  });

  it('TestSyncWithApplyOutOfSyncOnly: after a replicas change only the Deployment is applied', () => {
    const changed = docs(guestbookDeployment({ replicas: 1 }), guestbookService);
    const run = runYaml(changed, { history: [guestbook], syncOptions: ['ApplyOutOfSyncOnly=true'] });
    expect(run.rows).toHaveLength(1);
    expect(run.rows[0]).toMatchObject({
      group: 'apps',
      version: 'v1',
      kind: 'Deployment',
      name: 'guestbook-ui',
      message: 'deployment.apps/guestbook-ui configured',
      syncPhase: 'Sync',
      hookPhase: 'Running',
      status: 'Synced',
    });
  });

  it('TestSyncWithForceReplace: Force=true,Replace=true changes an immutable selector; Synced and Healthy', () => {
    const forced = guestbookDeployment({
      replicas: 2,
      annotations: '{argocd.argoproj.io/sync-options: "Force=true,Replace=true"}',
      extra: ', env: e2e',
    }).replace('labels: {test: "true"}', 'labels: {test: "true"}\n      finalizers: [argoproj.io/e2e-test]');
    const run = runYaml(docs(forced, guestbookService), { history: [guestbook], untilSeconds: 600 });
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    // The old Deployment (no finalizer) was deleted once and replaced; the new one carries the finalizer.
    const live = run.live('Deployment', 'guestbook-ui');
    expect(live?.metadata.deletionTimestamp).toBeUndefined();
    expect(live?.spec?.selector).toEqual({ matchLabels: { app: 'guestbook-ui', env: 'e2e' } });
  });

  it('TestNamespaceCreationWithSSA: CreateNamespace=true with ServerSideApply=true; everything Synced and Healthy there', () => {
    const run = runYaml(guestbook, {
      namespace: 'ssa-new',
      syncOptions: ['CreateNamespace=true', 'ServerSideApply=true'],
    });
    expect(run.op.phase).toBe('Succeeded');
    expect([run.sync, run.health]).toEqual(['Synced', 'Healthy']);
    // Server-side apply writes no last-applied-configuration annotation (nor does the sandbox's client-side one).
    expect(run.live('Namespace', 'ssa-new')?.metadata.annotations ?? {}).not.toHaveProperty(
      'kubectl.kubernetes.io/last-applied-configuration',
    );
    for (const kind of ['Deployment', 'Service'])
      expect(run.resource(kind, 'guestbook-ui')).toMatchObject({
        namespace: 'ssa-new',
        status: 'Synced',
        health: { status: 'Healthy' },
      });
  });
});
