import { annotationHelmHookDeletePolicy, annotationKeyHookDeletePolicy } from '../annotations';
import { groupOf, refOf } from '../cluster/gvk';
import type { HookDeletePolicy, KubeObject, ObjectRef, ResultCode, SyncPhase, TaskPhase } from '../types';
import { deletePolicies } from './deletePolicy';
import { isHook } from './hookTypes';
import { waveOf } from './waves';

/**
 * One (object, sync phase) pair the engine may act on (argocd-semantics.md §1 "task"; engine `sync_task.go`).
 * `target` is the desired object and `live` the object in the cluster; at least one is set. A task without a
 * target is a prune task. The last three fields are copied from the persisted result of the same result key
 * each tick, which is all the memory the engine has between ticks (§2.1).
 */
export interface SyncTask {
  phase: SyncPhase;
  target?: KubeObject;
  live?: KubeObject;
  /** Replaces the annotated wave: prune reversal, PruneLast and dependency bubbling set it (§2.4, §2.5). */
  waveOverride?: number;
  /** The kind is not known to the API yet but will be (its CRD is in the sync), so the dry run skips it. */
  skipDryRun: boolean;
  status: ResultCode | '';
  hookPhase: TaskPhase;
  message: string;
}

export function newTask(phase: SyncPhase, target?: KubeObject, live?: KubeObject): SyncTask {
  return { phase, target, live, skipDryRun: false, status: '', hookPhase: '', message: '' };
}

/** The target if there is one, else the live object (engine `obj()`). */
export function taskObj(t: SyncTask): KubeObject {
  return (t.target ?? t.live) as KubeObject;
}

export function isPruneTask(t: SyncTask): boolean {
  return t.target === undefined;
}

export function taskWave(t: SyncTask): number {
  return t.waveOverride ?? waveOf(taskObj(t)).wave;
}

export function isHookTask(t: SyncTask): boolean {
  return isHook(taskObj(t));
}

/** The resource key as gitops-engine prints it: the object's own namespace, even for cluster-scoped kinds. */
export function taskRef(t: SyncTask): ObjectRef {
  const obj = taskObj(t);
  return {
    group: groupOf(obj.apiVersion ?? ''),
    kind: obj.kind ?? '',
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name ?? '',
  };
}

/** The ref to use against the API: cluster-scoped kinds lose the namespace the engine put on them. */
export function apiRef(t: SyncTask): ObjectRef {
  return refOf(t.live ?? taskObj(t));
}

export function taskVersion(t: SyncTask): string {
  const apiVersion = taskObj(t).apiVersion ?? '';
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
}

/** `group/kind/namespace/name`, gitops-engine's `ResourceKey.String()`. */
export function refKey(ref: ObjectRef): string {
  return `${ref.group}/${ref.kind}/${ref.namespace}/${ref.name}`;
}

/** The key results are persisted under: `<group>/<kind>/<namespace>/<name>:<syncPhase>` (§1 terminology). */
export function resultKey(t: SyncTask): string {
  return `${refKey(taskRef(t))}:${t.phase}`;
}

/** The phase name for hooks, empty for plain resources (§1.6). */
export function hookTypeOf(t: SyncTask): SyncPhase | '' {
  return isHookTask(t) ? t.phase : '';
}

export function isPending(t: SyncTask): boolean {
  return t.hookPhase === '';
}

export function isRunning(t: SyncTask): boolean {
  return t.hookPhase === 'Running';
}

/** Completed = Failed, Error or Succeeded (engine `OperationPhase.Completed`). */
export function isCompleted(t: SyncTask): boolean {
  return t.hookPhase === 'Failed' || t.hookPhase === 'Error' || t.hookPhase === 'Succeeded';
}

export function isSuccessful(t: SyncTask): boolean {
  return t.hookPhase === 'Succeeded';
}

/** A delete policy on something that is not a hook means nothing (§4.1 case 7). */
export function hasDeletePolicy(t: SyncTask, policy: HookDeletePolicy): boolean {
  return isHookTask(t) && policiesOf(taskObj(t)).includes(policy);
}

/**
 * `deletePolicies`, made once for each pair of the two annotation texts it reads: a tick asks it of every finished
 * hook (the 4,000-resource bench sync 10,840 times), and each answer was two lists of words and a list of policies.
 * Read-only, and bounded, as the texts are the user's: past the bound an answer is made each time, as before.
 */
function policiesOf(obj: KubeObject): readonly HookDeletePolicy[] {
  const annotations = obj.metadata.annotations;
  const argo = annotations?.[annotationKeyHookDeletePolicy];
  const helm = annotations?.[annotationHelmHookDeletePolicy];
  let byHelm = knownPolicies.get(argo);
  let known = byHelm?.get(helm);
  if (known === undefined) {
    known = deletePolicies(obj);
    if (knownPairs < 1000) {
      if (!byHelm) knownPolicies.set(argo, (byHelm = new Map()));
      byHelm.set(helm, known);
      knownPairs++;
    }
  }
  return known;
}

const knownPolicies = new Map<string | undefined, Map<string | undefined, readonly HookDeletePolicy[]>>();
let knownPairs = 0;

/** A pending hook whose object is still in the cluster and that must be deleted before it is created again. */
export function deleteBeforeCreation(t: SyncTask): boolean {
  return t.live !== undefined && isPending(t) && hasDeletePolicy(t, 'BeforeHookCreation');
}

export function deleteOnPhaseSuccessful(t: SyncTask): boolean {
  return t.live !== undefined && hasDeletePolicy(t, 'HookSucceeded');
}

export function deleteOnPhaseFailed(t: SyncTask): boolean {
  return t.live !== undefined && hasDeletePolicy(t, 'HookFailed');
}

/** Whether the object carries a finalizer (the hook finalizer, in practice). */
export function hasFinalizer(obj: KubeObject | undefined, finalizer: string): boolean {
  return obj?.metadata.finalizers?.includes(finalizer) ?? false;
}
