import { isNamespaced } from '../cluster/gvk';
import type { KubeObject, ObjectRef, SyncPhase } from '../types';
import { deepEqual } from '../util/clone';
import { addToIndex, findLive, kindNameOf, type LiveIndex } from './findLive';
import { isHook } from './hookTypes';
import type { SyncPorts } from './ports';
import { keyOfLive, type Normalized, type ResourcePair } from './reconcile';
import type { SyncResults } from './results';
import type { InputProblem, SyncOperationOptions } from './syncInput';
import { newTask, resultKey, taskRef, type SyncTask } from './syncTask';

/**
 * The task list of one tick, kept for the next ticks of the same operation (rebuilding it, pairing,
 * sorting and merging a thousand tasks, was most of a large app's tick). What tasks there are, their phases,
 * targets, order and wave overrides (tasks.ts steps 1–8) depend only on
 * - the normalized desired objects (reconcile.ts keeps them per desired list: the same object means the same),
 * - the options that shape the list: revision and start (they name hooks), the sync options, skipped hooks,
 * - the live objects no target claims (prune candidates and live hooks): which ones, and their annotations (hook
 *   type, wave, PruneLast), since the list is made from them,
 * - whether the auto-created namespace exists yet.
 * Live objects a target claims only decide each task's `live`, which is looked up afresh every tick. So a tick
 * whose inputs agree on all of that gets the kept list back as new task objects (a tick changes its tasks) with
 * its own live objects, its own validation and the persisted results merged in. Anything unusual builds the list
 * from scratch: a new unclaimed object that is not a hook, a validation failure, a namespace modifier, a
 * selective sync's filter, two live objects under one key.
 *
 * `taskCache.test.ts` checks each way the list can go stale against a list built from scratch.
 */

/** One task of a kept list, as the tick that built it left it before results were merged in. */
export interface TaskTemplate {
  phase: SyncPhase;
  target?: KubeObject;
  waveOverride?: number;
  /** The slot (`KeptTasks.slotOf`) of the pairing key (reconcile.ts `keyOfLive`) of the task's pair, for resource and prune tasks. */
  pairSlot?: number;
  /** The slot of the target's own pairing key, and its `kind/name`, to look up the live object of a task without a pair. */
  targetSlot?: number;
  kindName?: string;
  /** What validation reads: the group and kind of the task's object. */
  group: string;
  kind: string;
  resultKey: string;
}

/** What the kept list knows of one live object (by uid): its key, and for an unclaimed one its annotations. */
interface LiveInfo {
  kind: string;
  apiVersion: string;
  name: string | undefined;
  namespace: string | undefined;
  key: string;
  /** The key's slot (`KeptTasks.slotOf`). */
  slot: number;
  kindName: string;
  /** A namespaced kind without a namespace (never from the store): findLive.ts may match it in any namespace. */
  unnamespaced: boolean;
  claimed: boolean;
  hook: boolean;
  annotations: Record<string, string> | undefined;
}

/** What a kept list was built from, and the list. */
export interface KeptTasks {
  revision: string;
  startedAt: number;
  skipHooks: boolean;
  syncOptions: readonly string[];
  /** The pairing keys of the targets: a live object with one of these is claimed. */
  targetKeys: ReadonlySet<string>;
  /**
   * A number for each pairing key the list knows (targets', then live objects' as they are first seen): a tick
   * files its live objects in an array by these instead of a new map by key, since the keys of the objects it
   * has seen before never change (their identity is checked).
   */
  slotOf: Map<string, number>;
  /** The slots of `targetKeys`, in their order. */
  targetSlots: readonly number[];
  /** The live object in each slot during one tick; emptied at its start and kept for the next. */
  bySlot: (KubeObject | undefined)[];
  /** Live objects seen so far, by uid (by identity for objects without one). */
  seen: Map<unknown, LiveInfo>;
  /** How many live objects no target claimed and were not hooks when the list was built (its prune tasks). */
  unclaimed: number;
  /** The namespace whose absence makes the auto-created namespace's task, when the list may have one. */
  namespaceRef?: ObjectRef;
  hasNamespaceTask: boolean;
  templates: readonly TaskTemplate[];
  /** Hooks and targets that may define the CRD of an unknown kind (validation, §2.6). */
  crdTargets: readonly KubeObject[];
  warnings: readonly string[];
  problems: readonly InputProblem[];
}

const keptLists = new WeakMap<Normalized, KeptTasks>();

/** How many lists were reused and kept, for the tests that prove a kept list is used and for profiles. */
export const taskCacheCounts = { reused: 0, kept: 0 };

/** A freshly built list (tasks.ts), sorted, before any result is merged in, with what it was built from. */
export interface BuiltList {
  options: SyncOperationOptions;
  live: readonly KubeObject[];
  pairs: readonly ResourcePair[];
  tasks: readonly SyncTask[];
  /** The pairing key of each task made from a pair. */
  pairKeys: ReadonlyMap<SyncTask, string>;
  namespaceRef?: ObjectRef;
  hasNamespaceTask: boolean;
  crdTargets: readonly KubeObject[];
  warnings: readonly string[];
  problems: readonly InputProblem[];
}

/**
 * Keep a freshly built list for the next ticks. Nothing is kept when two targets or two live objects share a
 * pairing key: only the full pairing says which one pairs (reconcile.ts pairs the first target, the last live).
 */
export function keepBuiltTasks(normalized: Normalized, built: BuiltList): void {
  keptLists.delete(normalized);
  const targetKeys = new Set<string>();
  for (const { target } of built.pairs) {
    if (!target) continue;
    const key = keyOfLive(target);
    if (targetKeys.has(key)) return;
    targetKeys.add(key);
  }
  const slotOf = new Map<string, number>();
  for (const key of targetKeys) slotOf.set(key, slotOf.size);
  const seen = new Map<unknown, LiveInfo>();
  const liveKeys = new Set<string>();
  let unclaimed = 0;
  for (const obj of built.live) {
    const info = describe(obj, targetKeys, slotOf);
    if (liveKeys.has(info.key)) return;
    liveKeys.add(info.key);
    seen.set(idOf(obj), info);
    if (!info.claimed && !info.hook) unclaimed++;
  }
  const { options } = built;
  taskCacheCounts.kept++;
  keptLists.set(normalized, {
    revision: options.revision,
    startedAt: options.startedAt,
    skipHooks: options.skipHooks ?? false,
    syncOptions: [...options.syncOptions],
    targetKeys,
    slotOf,
    targetSlots: [...targetKeys].map((key) => slotOf.get(key)!),
    bySlot: [],
    seen,
    unclaimed,
    namespaceRef: built.namespaceRef,
    hasNamespaceTask: built.hasNamespaceTask,
    templates: built.tasks.map((task) => templateOf(task, built.pairKeys.get(task), slotOf)),
    crdTargets: built.crdTargets,
    warnings: built.warnings,
    problems: built.problems,
  });
}

function templateOf(task: SyncTask, pairKey: string | undefined, slotOf: Map<string, number>): TaskTemplate {
  const ref = taskRef(task);
  return {
    phase: task.phase,
    target: task.target,
    waveOverride: task.waveOverride,
    pairSlot: pairKey !== undefined ? slotFor(slotOf, pairKey) : undefined,
    targetSlot: task.target ? slotFor(slotOf, keyOfLive(task.target)) : undefined,
    kindName: task.target ? kindNameOf(task.target) : undefined,
    group: ref.group,
    kind: ref.kind,
    resultKey: resultKey(task),
  };
}

/** How a tick validates one task (tasks.ts `validationFailure`): a failure's message, after setting skipDryRun. */
export type Validate = (
  task: SyncTask,
  ref: { group: string; kind: string },
  crdTargets: readonly KubeObject[],
) => string | undefined;

/**
 * The kept task list for this tick, or undefined when it must be built from scratch. `ports.getLive` answers the
 * namespace question; `validate` is the tick's own validation (a failure means rebuilding, which records it).
 */
export function reuseTasks(
  normalized: Normalized,
  input: {
    live: readonly KubeObject[];
    options: SyncOperationOptions;
    ports: Pick<SyncPorts, 'getLive'>;
    namespaceModifier?: unknown;
  },
  validate: Validate,
  results: SyncResults,
): { tasks: SyncTask[]; warnings: string[]; problems: InputProblem[] } | undefined {
  const kept = keptLists.get(normalized);
  const { options } = input;
  if (!kept || input.namespaceModifier || options.resourceFilter || !sameOptions(kept, options))
    return undefined;
  const live = liveBySlot(kept, input.live);
  if (!live) return undefined;
  const { bySlot, unnamespaced } = live;
  // With the default namespace modifier the task exists exactly while the namespace does not.
  const wantsNamespaceTask = kept.namespaceRef !== undefined && !input.ports.getLive(kept.namespaceRef);
  if (wantsNamespaceTask !== kept.hasNamespaceTask) return undefined;

  let index: LiveIndex | undefined;
  const tasks: SyncTask[] = [];
  for (const t of kept.templates) {
    let obj = t.pairSlot !== undefined ? bySlot[t.pairSlot] : undefined;
    // findLive (tasks.ts step 5) wants the same group, kind and name, in the target's namespace unless the live
    // kind is cluster-scoped: with no namespaced object lacking its namespace, that is the object under the
    // target's own pairing key, at most one. Otherwise it is asked, as the full build does.
    if (!obj && t.target)
      obj = unnamespaced
        ? findLive((index ??= indexOf(kept, input.live, bySlot)), t.target, t.kindName)
        : bySlot[t.targetSlot!];
    const task = newTask(t.phase, t.target, obj);
    if (t.waveOverride !== undefined) task.waveOverride = t.waveOverride;
    if (validate(task, t, kept.crdTargets) !== undefined) return undefined;
    const row = results.get(t.resultKey);
    if (row) {
      task.status = row.status;
      task.hookPhase = row.hookPhase;
      task.message = row.message;
    }
    tasks.push(task);
  }
  taskCacheCounts.reused++;
  return { tasks, warnings: [...kept.warnings], problems: [...kept.problems] };
}

function sameOptions(kept: KeptTasks, options: SyncOperationOptions): boolean {
  return (
    kept.revision === options.revision &&
    kept.startedAt === options.startedAt &&
    kept.skipHooks === (options.skipHooks ?? false) &&
    kept.syncOptions.length === options.syncOptions.length &&
    kept.syncOptions.every((o, i) => o === options.syncOptions[i])
  );
}

/**
 * The live objects by the slot of their pairing key, or undefined when the list would change: an unclaimed object
 * that is new and not a hook, or whose annotations changed, or one of the list's prune candidates gone, or two
 * under one key. The array is the kept list's own, emptied first: no tick of the list runs inside another.
 */
function liveBySlot(
  kept: KeptTasks,
  live: readonly KubeObject[],
): { bySlot: readonly (KubeObject | undefined)[]; unnamespaced: boolean } | undefined {
  // Filled in order, never past its end, so that the array stays a packed one (an array written at scattered
  // indices becomes a dictionary, and reading it costs what the map did).
  const bySlot = kept.bySlot;
  bySlot.fill(undefined);
  while (bySlot.length < kept.slotOf.size) bySlot.push(undefined);
  let unclaimed = 0;
  let unnamespaced = false;
  for (const obj of live) {
    const id = idOf(obj);
    let info = kept.seen.get(id);
    if (info && !sameIdentity(info, obj)) return undefined;
    if (!info) {
      info = describe(obj, kept.targetKeys, kept.slotOf);
      if (!info.claimed && !info.hook) return undefined;
      kept.seen.set(id, info);
      while (bySlot.length < kept.slotOf.size) bySlot.push(undefined);
    }
    if (!info.claimed) {
      const annotations = obj.metadata.annotations;
      if (annotations !== info.annotations && !deepEqual(annotations, info.annotations)) return undefined;
      if (!info.hook) unclaimed++;
    }
    if (bySlot[info.slot] !== undefined) return undefined;
    bySlot[info.slot] = obj;
    if (info.unnamespaced) unnamespaced = true;
  }
  return unclaimed === kept.unclaimed ? { bySlot, unnamespaced } : undefined;
}

/** findLive.ts's index in the order of the pairs: claimed objects in their targets' order, then the others. */
function indexOf(
  kept: KeptTasks,
  live: readonly KubeObject[],
  bySlot: readonly (KubeObject | undefined)[],
): LiveIndex {
  const index: LiveIndex = new Map();
  for (const slot of kept.targetSlots) {
    const obj = bySlot[slot];
    if (obj) addToIndex(index, kept.seen.get(idOf(obj))!.kindName, obj);
  }
  for (const obj of live) {
    const info = kept.seen.get(idOf(obj))!;
    if (!info.claimed) addToIndex(index, info.kindName, obj);
  }
  return index;
}

function describe(obj: KubeObject, targetKeys: ReadonlySet<string>, slotOf: Map<string, number>): LiveInfo {
  const key = keyOfLive(obj);
  return {
    slot: slotFor(slotOf, key),
    kind: obj.kind,
    apiVersion: obj.apiVersion,
    name: obj.metadata.name,
    namespace: obj.metadata.namespace,
    key,
    kindName: kindNameOf(obj),
    unnamespaced: isNamespaced(obj.kind) && !obj.metadata.namespace,
    claimed: targetKeys.has(key),
    hook: isHook(obj),
    annotations: obj.metadata.annotations,
  };
}

/** The slot of a pairing key, a new one for a key not seen before. */
function slotFor(slotOf: Map<string, number>, key: string): number {
  let slot = slotOf.get(key);
  if (slot === undefined) slotOf.set(key, (slot = slotOf.size));
  return slot;
}

function sameIdentity(info: LiveInfo, obj: KubeObject): boolean {
  return (
    info.kind === obj.kind &&
    info.apiVersion === obj.apiVersion &&
    info.name === obj.metadata.name &&
    info.namespace === obj.metadata.namespace
  );
}

function idOf(obj: KubeObject): unknown {
  return obj.metadata.uid ?? obj;
}
