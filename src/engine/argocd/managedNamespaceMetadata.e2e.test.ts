/**
 * `spec.syncPolicy.managedNamespaceMetadata` with `CreateNamespace=true` (controller/sync_namespace.go
 * `syncNamespace`, given to gitops-engine at controller/sync.go L413): the created namespace carries the labels
 * and annotations, plus `argocd.argoproj.io/sync-options: ServerSideApply=true`, and a later sync with changed
 * metadata updates the namespace. Follows e2e app_management_ns_test.go `TestNamespacedNamespaceAutoCreationWithMetadata`
 * (its app-in-any-namespace part aside).
 */
import { describe, expect, it } from 'vitest';
import { application } from '../../../test/kits/controlPlane.testKit';
import { configMap } from '../../../test/kits/simulation.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../types';

function app(labels: Record<string, string>): KubeObject {
  const base = application('web', { path: 'app', namespace: 'team-ns' });
  return {
    ...base,
    spec: {
      ...base.spec,
      syncPolicy: {
        syncOptions: ['CreateNamespace=true'],
        managedNamespaceMetadata: { labels, annotations: { bar: 'bat' } },
      },
    },
  };
}
const own = (map: Record<string, string> | undefined) =>
  Object.fromEntries(
    Object.entries(map ?? {}).filter(
      ([k]) =>
        k !== 'kubernetes.io/metadata.name' &&
        k !== 'argocd.argoproj.io/tracking-id' &&
        k !== 'kubectl.kubernetes.io/last-applied-configuration',
    ),
  );

describe('managedNamespaceMetadata (controller/sync_namespace.go syncNamespace)', () => {
  const run = (actions: JsonAny[]) =>
    runControlPlane({
      repository: { name: 'main', files: { 'app/cm.yaml': [{ object: configMap('settings') }] } },
      objects: [app({ foo: 'bar' })],
      actions: [{ at: 0, type: 'sync', app: 'web' }, ...actions],
      untilSeconds: 200,
    });

  it('TestNamespacedNamespaceAutoCreationWithMetadata: the created namespace carries the labels and annotations', () => {
    const result = run([]);
    const ns = result.live.find((o) => o.kind === 'Namespace' && o.metadata.name === 'team-ns')!;
    expect(own(ns.metadata.labels)).toEqual({ foo: 'bar' });
    expect(own(ns.metadata.annotations)).toEqual({
      bar: 'bat',
      'argocd.argoproj.io/sync-options': 'ServerSideApply=true',
    });
    expect(result.applications[0].status.operationState.phase).toBe('Succeeded');
  });

  it('TestNamespacedNamespaceAutoCreationWithMetadata: changed labels reach the namespace at the next sync', () => {
    const result = run([
      { at: 60, type: 'kubectl-apply', objects: [app({ new: 'label' })] },
      { at: 70, type: 'sync', app: 'web' },
    ]);
    const ns = result.live.find((o) => o.kind === 'Namespace' && o.metadata.name === 'team-ns')!;
    expect(own(ns.metadata.labels)).toEqual({ new: 'label' });
  });
});
