import { isNamespaced, refOf } from '../cluster/gvk';
import type { ObjectStore } from '../cluster/store';
import type { KubeObject } from '../types';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';
import { destinationCluster, projectRulesOf, syncPermissionError, type ProjectRules } from './projectRules';

/**
 * The permission validator a sync gives gitops-engine (controller/sync.go L381-L385 → `validateSyncPermissions`):
 * for each resource of the sync, its group and kind against the project's resource allow and deny lists, and a
 * namespaced resource's namespace against its destinations. An error makes that task invalid, so the operation
 * fails "one or more synchronization tasks are not valid" with the resource's message (argocd-semantics.md §2.6).
 * The project's rules are read again only when its object changes.
 */
export function syncPermissionCheck(
  store: ObjectStore,
  app: () => KubeObject | undefined,
): (obj: KubeObject) => string | undefined {
  let cached: { project: KubeObject | undefined; name: string; rules: ProjectRules | undefined } | undefined;
  return (obj) => {
    const spec = app()?.spec ?? {};
    const name: string = spec.project ?? 'default';
    const project = store.get({
      group: 'argoproj.io',
      kind: 'AppProject',
      namespace: ARGOCD_NAMESPACE,
      name,
    });
    if (!cached || cached.project !== project || cached.name !== name)
      cached = { project, name, rules: projectRulesOf(store, name) };
    if (!cached.rules) return undefined;
    const cluster = destinationCluster(spec.destination ?? {});
    const ref = refOf(obj);
    return syncPermissionError(
      cached.rules,
      cluster,
      { ...ref, namespace: ref.namespace || (spec.destination?.namespace ?? '') },
      isNamespaced(obj.kind),
    );
  };
}
