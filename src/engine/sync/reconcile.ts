import { groupOf, isNamespaced } from '../cluster/gvk';
import type { KubeObject, SourcePosition } from '../types';
import { clone } from '../util/clone';
import { isHook, isIgnored } from './hookTypes';
import type { InputProblem } from './syncInput';

/** A desired object paired with its live counterpart; a pair without target is a prune candidate. */
export interface ResourcePair {
  target?: KubeObject;
  live?: KubeObject;
}

export interface Reconciliation {
  /** Non-hook desired objects with their live objects, then the live objects nobody wants. */
  pairs: ResourcePair[];
  /** Desired hooks (never compared, never paired). */
  hooks: KubeObject[];
  problems: InputProblem[];
}

/** The key reconcile pairs a target and a live object by (cluster-scoped kinds without namespace). */
export function keyOfLive(obj: KubeObject): string {
  const namespace = isNamespaced(obj.kind) ? (obj.metadata.namespace ?? '') : '';
  return `${groupOf(obj.apiVersion ?? '')}/${obj.kind}/${namespace}/${obj.metadata.name ?? ''}`;
}

/**
 * Turn desired and live objects into the engine's input (argocd-semantics.md §2.2): what the argo-cd controller
 * does before calling the engine (`DeduplicateTargetObjects`, `partitionTargetObjsForSync`) plus the engine's
 * `Reconcile`. Targets get the controller's namespace rule (namespaced kinds default to the destination
 * namespace, cluster-scoped kinds lose theirs); a duplicated object keeps its last copy and is reported;
 * ignored hooks are dropped; hooks are split off; each remaining target is paired with its live object.
 */
export function reconcile(
  desired: readonly KubeObject[],
  live: readonly KubeObject[],
  namespace: string,
  positions: readonly (SourcePosition | undefined)[] = noPositions,
): Reconciliation {
  const { kept, problems } = normalizedTargets(desired, namespace, positions);

  const hooks: KubeObject[] = [];
  const targets: KubeObject[] = [];
  for (const obj of kept) {
    if (isIgnored(obj)) continue;
    (isHook(obj) ? hooks : targets).push(obj);
  }

  const liveByKey = new Map<string, KubeObject>();
  for (const obj of live) liveByKey.set(keyOfLive(obj), obj);
  const pairs: ResourcePair[] = targets.map((target) => {
    const key = keyOfLive(target);
    const match = liveByKey.get(key);
    if (match) liveByKey.delete(key);
    return { target, live: match };
  });
  for (const obj of liveByKey.values()) pairs.push({ live: obj });
  return { pairs, hooks, problems: [...problems] };
}

const noPositions: readonly (SourcePosition | undefined)[] = [];

export interface Normalized {
  /** The desired objects the copies were made from, to notice a list changed in place. */
  sources: readonly KubeObject[];
  namespace: string;
  positions: readonly (SourcePosition | undefined)[];
  kept: readonly KubeObject[];
  problems: readonly InputProblem[];
}

/**
 * The desired objects of an operation do not change between its ticks, so their normalized, deduplicated
 * copies are kept per desired list (by identity) instead of cloning every object on every tick, which was the
 * main cost of a large app's sync ticks. The copies are read-only: the tasks that change a target clone it.
 */
const normalizedCache = new WeakMap<readonly KubeObject[], Normalized>();

/**
 * The key of each desired object as Argo CD deduplicates them, `group/Kind/namespace/name` (a generateName object
 * by its index), with the namespace as normalizing fills it in (the destination's for a namespaced kind without
 * one, none for a cluster-scoped kind), read from the object itself; and the indexes of the objects under each key.
 */
function targetKeys(
  desired: readonly KubeObject[],
  namespace: string,
): { keys: string[]; byKey: Map<string, number[]> } {
  const keys: string[] = [];
  const byKey = new Map<string, number[]>();
  desired.forEach((obj, index) => {
    const meta = obj.metadata ?? {};
    const name = meta.name || (meta.generateName ? `${meta.generateName}${index}` : '');
    const ns = isNamespaced(obj.kind) ? meta.namespace || namespace : '';
    const key = `${groupOf(obj.apiVersion ?? '')}/${obj.kind}/${ns}/${name}`;
    keys.push(key);
    const indexes = byKey.get(key);
    if (indexes) indexes.push(index);
    else byKey.set(key, [index]);
  });
  return { keys, byKey };
}

/** One problem per key that more than one desired object has (controller/state.go `DeduplicateTargetObjects`). */
function repeatedProblems(
  byKey: ReadonlyMap<string, readonly number[]>,
  positions: readonly (SourcePosition | undefined)[],
): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [key, indexes] of byKey) {
    if (indexes.length > 1) {
      problems.push({
        message: `Resource ${key} appeared ${indexes.length} times among application resources.`,
        positions: indexes.map((i) => positions[i]).filter((p): p is SourcePosition => p !== undefined),
      });
    }
  }
  return problems;
}

/**
 * The messages of `normalizedTargets(desired, namespace).problems`, without copying the objects: the app's
 * comparison asks for them with each new rendering of its manifests, a list the copies kept by list could not
 * serve (two copies of a 1,000-resource app's every object, made for nothing, per comparison).
 */
export function repeatedTargetMessages(desired: readonly KubeObject[], namespace: string): string[] {
  return repeatedProblems(targetKeys(desired, namespace).byKey, noPositions).map((p) => p.message);
}

/** The desired objects as `reconcile` reads them; the same object as long as the list and namespace are. */
export function normalizedTargets(
  desired: readonly KubeObject[],
  namespace: string,
  positions: readonly (SourcePosition | undefined)[] = noPositions,
): Normalized {
  const cached = normalizedCache.get(desired);
  if (
    cached &&
    cached.namespace === namespace &&
    cached.positions === positions &&
    cached.sources.length === desired.length &&
    cached.sources.every((source, i) => source === desired[i])
  )
    return cached;
  const { keys, byKey } = targetKeys(desired, namespace);
  const normalized = desired.map((input) => {
    const obj = clone(input);
    obj.metadata ??= {};
    if (!isNamespaced(obj.kind)) delete obj.metadata.namespace;
    else if (!obj.metadata.namespace) obj.metadata.namespace = namespace;
    return obj;
  });

  const problems = repeatedProblems(byKey, positions);
  const kept: KubeObject[] = [];
  normalized.forEach((obj, index) => {
    const copies = byKey.get(keys[index]) ?? [];
    if (copies[copies.length - 1] === index) kept.push(obj);
  });

  const result = { sources: [...desired], namespace, positions, kept, problems };
  normalizedCache.set(desired, result);
  return result;
}
