import { groupOf, isNamespaced } from '../cluster/gvk';
import type { KubeObject } from '../types';

/** Live objects by `kind/name`, so looking one up per task stays linear in the app's size. */
export type LiveIndex = Map<string, KubeObject[]>;

/** The key of `LiveIndex`. */
export function kindNameOf(obj: KubeObject): string {
  return `${obj.kind}/${obj.metadata.name}`;
}

export function indexLive(objects: Iterable<KubeObject>): LiveIndex {
  const index: LiveIndex = new Map();
  for (const live of objects) addToIndex(index, kindNameOf(live), live);
  return index;
}

export function addToIndex(index: LiveIndex, key: string, live: KubeObject): void {
  const list = index.get(key);
  if (list) list.push(live);
  else index.set(key, [live]);
}

/**
 * The live object a target without a pair stands for (argocd-semantics.md §2.2 step 5): same group, kind and name,
 * in the target's namespace unless the live kind is cluster-scoped. This is how a named hook finds last sync's
 * object.
 */
export function findLive(
  index: LiveIndex,
  target: KubeObject,
  key = kindNameOf(target),
): KubeObject | undefined {
  const group = groupOf(target.apiVersion ?? '');
  for (const live of index.get(key) ?? []) {
    const liveNamespace = isNamespaced(live.kind) ? (live.metadata.namespace ?? '') : '';
    if (
      groupOf(live.apiVersion ?? '') === group &&
      live.kind === target.kind &&
      (liveNamespace === '' || liveNamespace === target.metadata.namespace) &&
      live.metadata.name === target.metadata.name
    )
      return live;
  }
  return undefined;
}
