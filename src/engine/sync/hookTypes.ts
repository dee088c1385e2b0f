import { annotationCsv, annotationHelmHook, annotationKeyHook } from '../annotations';
import type { KubeObject, SyncPhase } from '../types';

/** The hook types the sync engine knows: the four phases plus `Skip` (argocd-semantics.md §1.3 step 1). */
export type EngineHookType = SyncPhase | 'Skip';

export const engineHookTypeWords: readonly string[] = ['PreSync', 'Sync', 'PostSync', 'SyncFail', 'Skip'];

/** Helm hook values that map to an engine type (§1.3 step 2); every other Helm value maps to none. */
export const helmToEngine: Readonly<Record<string, EngineHookType>> = {
  'pre-install': 'PreSync',
  'pre-upgrade': 'PreSync',
  'post-install': 'PostSync',
  'post-upgrade': 'PostSync',
};

/** Helm hook values that map to the controller's app-deletion hooks (not engine phases, §5.5). */
const helmToDeleteHook: Record<string, 'PreDelete' | 'PostDelete'> = {
  'pre-delete': 'PreDelete',
  'post-delete': 'PostDelete',
};

/**
 * The engine hook types of an object (§1.3 steps 1–2): the valid words of `argocd.argoproj.io/hook`, or, when
 * there are none, the mapped Helm types. Any valid Argo type makes the Helm annotation irrelevant.
 */
export function hookTypes(obj: KubeObject): EngineHookType[] {
  const argo = annotationCsv(obj, annotationKeyHook).filter((t) => engineHookTypeWords.includes(t));
  if (argo.length > 0) return argo as EngineHookType[];
  const helm: EngineHookType[] = [];
  for (const value of annotationCsv(obj, annotationHelmHook)) {
    const mapped = helmToEngine[value];
    if (mapped && !helm.includes(mapped)) helm.push(mapped);
  }
  return helm;
}

/**
 * Skip ⇔ the type list is exactly `[Skip]` (§1.3 step 3); `Skip,PreSync` is a hook, not a skip. Only the Argo hook
 * annotation can say Skip (no Helm value maps to it), so the answer is a function of that annotation's value, kept
 * by value: the sync asks of every task at every tick, and splitting the annotation each time was most of that
 * cost. A run has few distinct values.
 */
export function isSkip(obj: KubeObject): boolean {
  const value = obj.metadata.annotations?.[annotationKeyHook];
  if (value === undefined) return false;
  let skip = typeof value === 'string' ? skipByValue.get(value) : undefined;
  if (skip === undefined) {
    const types = hookTypes(obj);
    skip = types.length === 1 && types[0] === 'Skip';
    if (typeof value === 'string' && skipByValue.size < 1000) skipByValue.set(value, skip);
  }
  return skip;
}

const skipByValue = new Map<string, boolean>();

/**
 * IsHook (§1.3 step 4): the Argo hook key is present (any value) and the object is not Skip; or, without that
 * key, `helm.sh/hook` is present with a value other than `crd-install` (Helm marks CRDs that way).
 */
export function isHook(obj: KubeObject): boolean {
  const annotations = obj.metadata.annotations ?? {};
  if (annotationKeyHook in annotations) return !isSkip(obj);
  return annotationHelmHook in annotations && annotations[annotationHelmHook] !== 'crd-install';
}

/**
 * A "garbage hook" (§1.3 step 5): a hook without one valid type, e.g. `hook: Garbage` or `helm.sh/hook:
 * pre-rollback`. Argo CD drops it from the desired state entirely: not applied, not compared, not pruned.
 */
export function isIgnored(obj: KubeObject): boolean {
  return isHook(obj) && hookTypes(obj).length === 0;
}

/**
 * The app-deletion hook types (PreDelete, PostDelete) of an object, which only the argo-cd controller runs when
 * the Application itself is deleted (§1.2, §5.5). The sync engine never sees them as phases.
 */
export function deleteHookTypes(obj: KubeObject): Array<'PreDelete' | 'PostDelete'> {
  const argo = annotationCsv(obj, annotationKeyHook).filter(
    (t): t is 'PreDelete' | 'PostDelete' => t === 'PreDelete' || t === 'PostDelete',
  );
  if (argo.length > 0) return argo;
  const out: Array<'PreDelete' | 'PostDelete'> = [];
  for (const value of annotationCsv(obj, annotationHelmHook)) {
    const mapped = helmToDeleteHook[value];
    if (mapped && !out.includes(mapped)) out.push(mapped);
  }
  return out;
}
