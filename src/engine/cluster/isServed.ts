import { kinds } from './kinds';
import type { ObjectStore } from './store';

/**
 * The group/kinds the fake API server serves out of the box (kinds.ts, its `served` rows). A custom resource is
 * served only once its CRD exists, so a CR whose CRD is neither in the cluster nor in the sync fails validation
 * (argocd-semantics.md §2.6).
 */
const builtIn = new Set(kinds.filter((k) => k.served).map((k) => `${k.group}/${k.kind}`));

/** Whether the API server serves group/kind: a built-in kind or one defined by a CRD in the cluster. */
export function isServed(store: ObjectStore, group: string, kind: string): boolean {
  if (builtIn.has(`${group}/${kind}`)) return true;
  return store
    .list({ kind: 'CustomResourceDefinition' })
    .some((crd) => crd.spec?.group === group && crd.spec?.names?.kind === kind);
}
