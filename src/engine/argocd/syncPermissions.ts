import { isNamespaced, keyOf, refOf } from '../cluster/gvk';
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
  let cached:
    | {
        project: KubeObject | undefined;
        name: string;
        key: string;
        rules: ProjectRules | undefined;
        spec: unknown;
        /** Each target's verdict under this project object and this app spec (a target is read-only). */
        verdicts: WeakMap<KubeObject, string | undefined>;
      }
    | undefined;
  return (obj) => {
    const spec = app()?.spec ?? {};
    const name: string = spec.project ?? 'default';
    const key =
      cached?.name === name
        ? cached.key
        : keyOf({ group: 'argoproj.io', kind: 'AppProject', namespace: ARGOCD_NAMESPACE, name });
    const project = store.getByKey(key);
    // The verdict depends on the project's object, on the app's spec (project, destination) and on the target:
    // a status write keeps the spec object, and a tick's targets are the same objects from tick to tick, so the
    // verdicts are kept while those stay (a sync asks for every task at every tick).
    if (!cached || cached.project !== project || cached.name !== name || cached.spec !== spec)
      cached = {
        project,
        name,
        key,
        spec,
        rules:
          cached && cached.project === project && cached.name === name
            ? cached.rules
            : projectRulesOf(store, name),
        verdicts: new WeakMap(),
      };
    if (!cached.rules) return undefined;
    if (cached.verdicts.has(obj)) return cached.verdicts.get(obj);
    const cluster = destinationCluster(spec.destination ?? {});
    const ref = refOf(obj);
    const verdict = syncPermissionError(
      cached.rules,
      cluster,
      { ...ref, namespace: ref.namespace || (spec.destination?.namespace ?? '') },
      isNamespaced(obj.kind),
    );
    cached.verdicts.set(obj, verdict);
    return verdict;
  };
}
