import { applyDefaults } from '../cluster/defaults';
import type { JsonAny, KubeObject, SyncStatusCode } from '../types';
import { TRACKING_ANNOTATION } from './tracking';

/** Fields the cluster owns or that Argo CD's diff normalises away. */
const ignoredTopLevel = new Set(['status', 'metadata', 'apiVersion', 'kind']);
const ignoredAnnotations = new Set([TRACKING_ANNOTATION, 'kubectl.kubernetes.io/last-applied-configuration']);

/**
 * Argo CD's sync status of one resource (argocd-semantics.md §1.7), from a simplified diff: the resource is
 * `Synced` when every field set in Git (after the API server's defaults) has the same value live. Fields that
 * only exist live (a Service's clusterIP, a PVC's volumeName, a status) do not count, as in Argo CD's
 * three-way diff against the last applied configuration.
 */
export function syncStatusOf(
  desired: KubeObject | undefined,
  live: KubeObject | undefined,
  normalize?: (obj: KubeObject) => KubeObject,
): SyncStatusCode {
  if (!desired || !live) return 'OutOfSync';
  return isModified(desired, live, normalize) ? 'OutOfSync' : 'Synced';
}

/**
 * Whether applying `desired` would change `live` (the "modified" flag ApplyOutOfSyncOnly uses, §2.8 step 10).
 * `normalize` removes the app's ignored fields (ignoreDifferences.ts) from both sides, after the defaults, as
 * Argo CD normalizes the config and live objects before it diffs them (gitops-engine diff.go `Diff`).
 */
export function isModified(
  desired: KubeObject,
  liveObject: KubeObject,
  normalize?: (obj: KubeObject) => KubeObject,
): boolean {
  const defaulted = defaultedDesired(desired);
  const want = normalize ? normalize(defaulted) : defaulted;
  const live = normalize ? normalize(liveObject) : liveObject;
  // Own keys walked with for…in (JSON objects inherit none): no key or entry arrays and no iterator results for
  // the thousands of diffs a big app makes before V8 compiles this.
  for (const field in want) {
    if (!Object.hasOwn(want, field) || ignoredTopLevel.has(field)) continue;
    if (!isSubset(want[field], live[field])) return true;
  }
  const labels = want.metadata.labels ?? {};
  for (const k in labels)
    if (Object.hasOwn(labels, k) && live.metadata.labels?.[k] !== labels[k]) return true;
  const annotations = want.metadata.annotations ?? {};
  for (const k in annotations) {
    if (!Object.hasOwn(annotations, k)) continue;
    if (!ignoredAnnotations.has(k) && live.metadata.annotations?.[k] !== annotations[k]) return true;
  }
  return false;
}

/**
 * The desired object with the API server's defaults, made once per desired object: the app's comparisons and
 * every tick's diff of an operation ask about the same objects (a 1,000-resource sync asked 2,200 times, each a
 * deep copy of the manifest). Desired objects are read-only (reconcile.ts keeps them so, and a task that changes
 * its target changes a copy), so a kept copy cannot go stale; nothing else sees it.
 */
function defaultedDesired(desired: KubeObject): KubeObject {
  let defaulted = defaultedCache.get(desired);
  if (!defaulted) defaultedCache.set(desired, (defaulted = applyDefaults(desired)));
  return defaulted;
}

const defaultedCache = new WeakMap<KubeObject, KubeObject>();

/**
 * Whether `isModified(desired, b)` must answer as `isModified(desired, a)` did, judged by identity alone: the
 * same fields outside status and metadata, each the very same value, and the same labels and annotations
 * objects. The store shares all of these between an object and its status-only rewrite (`setStatus`), so a
 * caller can keep its verdict across status writes. Never true for two objects that merely look alike.
 */
export function sameDiffInputs(a: KubeObject | undefined, b: KubeObject | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.metadata.labels !== b.metadata.labels || a.metadata.annotations !== b.metadata.annotations)
    return false;
  let fields = 0;
  for (const k in a) {
    if (ignoredTopLevel.has(k)) continue;
    if (a[k] !== b[k]) return false;
    fields++;
  }
  for (const k in b) if (!ignoredTopLevel.has(k)) fields--;
  return fields === 0;
}

/** Whether every value set in `want` is present and equal in `have` (arrays compared element by element). */
export function isSubset(want: JsonAny, have: JsonAny): boolean {
  if (want === undefined || want === null) return true;
  if (typeof want !== 'object') return want === have || String(want) === String(have);
  if (have === undefined || have === null || typeof have !== 'object') return false;
  if (Array.isArray(want)) {
    if (!Array.isArray(have) || have.length !== want.length) return false;
    for (let i = 0; i < want.length; i++) if (!isSubset(want[i], have[i])) return false;
    return true;
  }
  // No key array and no closure per object compared (isModified's note).
  for (const k in want) if (Object.hasOwn(want, k) && !isSubset(want[k], have[k])) return false;
  return true;
}
