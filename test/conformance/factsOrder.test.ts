import { describe, expect, it } from 'vitest';
import { eventsOf } from '../kits/eventQueries.testKit';
import { docs, runYaml } from './runYaml';

/**
 * argocd-semantics.md §6, facts 11 to 17 (ordering and classification), observed on the fake cluster. Fact 9
 * (selective syncs, `--strategy apply` and self-heal never run hooks) needs operation kinds the sandbox does
 * not start; its ApplyOutOfSyncOnly half is in facts.test.ts. Facts 10, 13 and 14 are case 84, the failure
 * matrix's terminate row, and src/engine/simulation/singleApp.terminateRetry.test.ts.
 */
const configMap = (name: string, annotations: Record<string, string> = {}) => `
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: ${name}
    annotations: {${Object.entries(annotations)
      .map(([k, v]) => `${k}: "${v}"`)
      .join(', ')}}
  data: {key: v}`;
const wave = (n: number) => ({ 'argocd.argoproj.io/sync-wave': String(n) });
const hook = (type: string, extra: Record<string, string> = {}) => ({
  'argocd.argoproj.io/hook': type,
  ...extra,
});

const failingPostSync = `
  apiVersion: v1
  kind: Pod
  metadata:
    name: smoke
    annotations: {argocd.argoproj.io/hook: PostSync, sandbox.argocd.dev/exit-code: "1"}
  spec:
    restartPolicy: Never
    containers: [{name: main, image: busybox}]`;

/** The order the sync applied (or pruned) objects in, as `phase wave name`. */
function actions(run: ReturnType<typeof runYaml>): string[] {
  return run.events.flatMap((e) =>
    e.type === 'apply'
      ? [`${e.phase} ${e.wave} ${e.name}`]
      : e.type === 'delete'
        ? [`${e.reason} ${e.name}`]
        : [],
  );
}

describe('§6 facts 11–17', () => {
  it('6 #11 all SyncFail hooks run together, whatever their waves', () => {
    const run = runYaml(
      docs(
        configMap('a'),
        failingPostSync,
        configMap('notify-late', { ...hook('SyncFail'), ...wave(5) }),
        configMap('notify-early', { ...hook('SyncFail'), ...wave(-5) }),
      ),
    );
    expect(run.op.phase).toBe('Failed');
    const syncFail = eventsOf(run.events, 'apply').filter((e) => e.phase === 'SyncFail');
    expect(syncFail.map((e) => `${e.t} ${e.name}`)).toEqual([
      `${syncFail[0].t} notify-early`,
      `${syncFail[0].t} notify-late`,
    ]);
    expect(eventsOf(run.events, 'step').some((e) => e.phase === 'SyncFail')).toBe(false);
  });

  it('6 #12 prunes go in reverse wave order, PruneLast after the Sync waves but before PostSync', () => {
    const live = docs(
      configMap('old-0'),
      configMap('old-3', wave(3)),
      configMap('old-last', { 'argocd.argoproj.io/sync-options': 'PruneLast=true' }),
    );
    const run = runYaml(docs(configMap('new', wave(-1)), configMap('report', hook('PostSync'))), {
      live,
      prune: true,
    });
    expect(actions(run)).toEqual([
      'Sync -1 new',
      'prune old-3',
      'prune old-0',
      'prune old-last',
      'PostSync 0 report',
    ]);
    expect(run.op.phase).toBe('Succeeded');
  });

  it('6 #12 without --prune the candidates are PruneSkipped and the app stays OutOfSync', () => {
    const run = runYaml(configMap('new'), { live: configMap('old') });
    expect(run.row('ConfigMap', 'old')).toMatchObject({
      status: 'PruneSkipped',
      message: 'ignored (requires pruning)',
    });
    expect(run.op.phase).toBe('Succeeded');
    expect(run.sync).toBe('OutOfSync');
    expect(run.resource('ConfigMap', 'old')).toMatchObject({ status: 'OutOfSync', requiresPruning: true });
  });

  it('6 #15 kind order ignores API groups (a Knative Service sorts with Services); custom kinds go last', () => {
    const crd = (plural: string, group: string, kind: string) => `
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: ${plural}.${group}}
      spec:
        group: ${group}
        names: {kind: ${kind}, plural: ${plural}}
        scope: Namespaced
        versions: [{name: v1, served: true, storage: true}]`;
    const run = runYaml(
      docs(
        `
        apiVersion: example.com/v1
        kind: AWidget
        metadata: {name: a-widget}`,
        `
        apiVersion: serving.knative.dev/v1
        kind: Service
        metadata: {name: c-knative}`,
        `
        apiVersion: v1
        kind: Service
        metadata: {name: b-core}
        spec: {ports: [{port: 80}]}`,
        configMap('z-settings'),
        crd('services', 'serving.knative.dev', 'Service'),
        crd('awidgets', 'example.com', 'AWidget'),
      ),
    );
    expect(eventsOf(run.events, 'apply').map((e) => `${e.group}/${e.kind}/${e.name}`)).toEqual([
      '/ConfigMap/z-settings',
      'apiextensions.k8s.io/CustomResourceDefinition/awidgets.example.com',
      'apiextensions.k8s.io/CustomResourceDefinition/services.serving.knative.dev',
      '/Service/b-core',
      'serving.knative.dev/Service/c-knative',
      'example.com/AWidget/a-widget',
    ]);
  });

  it('6 #16 Skip alone is never applied; a misspelled hook type makes the object vanish from the app', () => {
    const run = runYaml(
      docs(
        configMap('skipped', hook('Skip')),
        configMap('misspelled', hook('PreSnyc')),
        configMap('skip-and-postsync', hook('Skip,PostSync')),
        configMap('plain'),
      ),
    );
    expect(actions(run)).toEqual(['Sync 0 plain', 'PostSync 0 skip-and-postsync']);
    // status.resources lists the Skip target and the live PostSync hook with no sync status (controller/state.go
    // L1040); the misspelled hook is no target and never live, so it is no row.
    expect(
      run.result.application.status.resources.map(
        (r) => `${r.name} ${r.status ?? '-'}${r.hook ? ' hook' : ''}`,
      ),
    ).toEqual(['plain Synced', 'skip-and-postsync - hook', 'skipped -']);
    expect([run.sync, run.op.phase]).toEqual(['Synced', 'Succeeded']);
  });

  it('6 #17 Helm hooks are mapped: pre-install and pre-upgrade are PreSync, hook-weight is the wave', () => {
    const run = runYaml(
      docs(
        configMap('install', { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-weight': '5' }),
        configMap('upgrade', { 'helm.sh/hook': 'pre-upgrade', 'helm.sh/hook-weight': '-1' }),
        configMap('argo-wins', { 'argocd.argoproj.io/hook': 'PostSync', 'helm.sh/hook': 'pre-install' }),
        configMap('rollback', { 'helm.sh/hook': 'pre-rollback' }),
        configMap('crds', { 'helm.sh/hook': 'crd-install' }),
        configMap('cleanup', {
          'helm.sh/hook': 'post-install',
          'helm.sh/hook-delete-policy': 'hook-succeeded',
        }),
      ),
    );
    expect(actions(run)).toEqual([
      'PreSync -1 upgrade',
      'PreSync 5 install',
      'Sync 0 crds',
      'PostSync 0 argo-wins',
      'PostSync 0 cleanup',
      'HookSucceeded cleanup',
    ]);
    expect(run.live('ConfigMap', 'rollback')).toBeUndefined();
  });

  it('2.7 CreateNamespace=true creates the namespace before the dry run, as a PreSync result', () => {
    const run = runYaml(configMap('a'), { namespace: 'brand-new', syncOptions: ['CreateNamespace=true'] });
    expect(eventsOf(run.events, 'operation')[1]).toMatchObject({
      t: 0,
      message: 'waiting for healthy state of /Namespace/brand-new',
    });
    expect(run.rows[0]).toMatchObject({
      kind: 'Namespace',
      name: 'brand-new',
      syncPhase: 'PreSync',
      status: 'Synced',
    });
    expect(run.live('ConfigMap', 'a')?.metadata.namespace).toBe('brand-new');
    expect(run.op.phase).toBe('Succeeded');
  });
});
