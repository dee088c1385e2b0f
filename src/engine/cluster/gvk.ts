import type { KubeObject, ObjectRef } from '../types';
import { kinds } from './kinds';

/** The API group of an apiVersion: `apps/v1` → `apps`, `v1` → '' (the core group). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** Cluster-scoped kinds the sandbox knows (kinds.ts); every other kind is namespaced. */
const clusterScoped = new Set(kinds.filter((k) => !k.namespaced).map((k) => k.kind));

export function isNamespaced(kind: string): boolean {
  return !clusterScoped.has(kind);
}

/** The ref of an object, with the namespace emptied for cluster-scoped kinds. */
export function refOf(obj: KubeObject): ObjectRef {
  return {
    group: groupOf(obj.apiVersion ?? ''),
    kind: obj.kind,
    namespace: isNamespaced(obj.kind) ? (obj.metadata.namespace ?? '') : '',
    name: obj.metadata.name ?? '',
  };
}

/** The store key of a ref: `group/Kind/namespace/name`. */
export function keyOf(ref: ObjectRef): string {
  return `${ref.group}/${ref.kind}/${isNamespaced(ref.kind) ? ref.namespace : ''}/${ref.name}`;
}

/** How Argo CD prints an object in its messages: `<group>/<kind>/<name>` (argocd-semantics.md §2.10). */
export function argoName(ref: Pick<ObjectRef, 'group' | 'kind' | 'name'>): string {
  return `${ref.group}/${ref.kind}/${ref.name}`;
}

/** kubectl's lower-case resource name for messages like `deployment.apps/backend created`. */
export function kubectlName(ref: Pick<ObjectRef, 'group' | 'kind' | 'name'>): string {
  const kind = ref.kind.toLowerCase();
  return ref.group ? `${kind}.${ref.group}/${ref.name}` : `${kind}/${ref.name}`;
}
