import type { ObjectStore } from '../cluster/store';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';

/** The AppProjects that exist: `default` always, plus every `AppProject` object in `argocd` (§5.1, §5.2). */
export function projectsOf(store: ObjectStore): Set<string> {
  const names = new Set(['default']);
  for (const obj of store.scan({ kind: 'AppProject', namespace: ARGOCD_NAMESPACE }))
    if (obj.metadata.name && !obj.metadata.deletionTimestamp) names.add(obj.metadata.name);
  return names;
}
