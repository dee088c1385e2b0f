import { fromTimestamp } from '../clock';
import type { Json, KubeObject } from '../types';
import { isJsonObject, nestedNumber, nestedSlice, nestedString } from '../util/unstructured';
import { findCondition, type ReadCondition } from './conditionOf';

/**
 * How workload controllers read a Pod, as k8s.io/kubernetes `pkg/api/v1/pod/util.go` and
 * `pkg/controller/controller_utils.go` do. The kubelet writes the fields; controllers only read them.
 */

/** The pod's `Ready` condition, if the kubelet has written one. */
export function readyCondition(pod: KubeObject): ReadCondition | undefined {
  return findCondition(pod.status, 'Ready');
}

/** `IsPodReady`: the Ready condition is True. */
export function isPodReady(pod: KubeObject): boolean {
  return readyStatus(readyEntry(pod)) === 'True';
}

/**
 * The pod's `Ready` condition as it stands in the status, unread: the readers below take the one or two fields
 * they need from it rather than reading every field into a new object (`readyCondition`). A ReplicaSet of 1,000
 * pods asks each pod at each of its reconciles, so that object was most of its reconcile's garbage.
 */
function readyEntry(pod: KubeObject): Json | undefined {
  // conditionList and nestedString's rules written out in one loop: the readers' rest-parameter arrays and the
  // find's closure were made for every pod at every reconcile.
  const status: Json = pod.status;
  if (!isJsonObject(status) || !Object.hasOwn(status, 'conditions')) return undefined;
  const conditions = status.conditions;
  if (!Array.isArray(conditions)) return undefined;
  for (const c of conditions) if (isJsonObject(c) && Object.hasOwn(c, 'type') && c.type === 'Ready') return c;
  return undefined;
}

function readyStatus(entry: Json | undefined): string | undefined {
  return entry === undefined ? undefined : nestedString(entry, 'status');
}

/** Running and Ready: what a StatefulSet waits for before the next ordinal (`isRunningAndReady`). */
export function isRunningAndReady(pod: KubeObject): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/**
 * The virtual time (ms) at which a ready pod counts as available: Ready since `minReadySeconds`. Undefined
 * while the pod is not ready. Kubernetes compares the condition's lastTransitionTime (whole seconds).
 */
export function availableAt(pod: KubeObject, minReadySeconds = 0): number | undefined {
  const ready = readyEntry(pod);
  if (readyStatus(ready) !== 'True') return undefined;
  // Available as soon as ready; -Infinity rather than 0, since virtual time before an operation is negative.
  if (!minReadySeconds) return Number.NEGATIVE_INFINITY;
  const transition = nestedString(ready, 'lastTransitionTime');
  const since = transition ? fromTimestamp(transition) : 0;
  return since + minReadySeconds * 1000;
}

/** `IsPodAvailable`: ready, and for at least `minReadySeconds` at virtual time `now`. */
export function isPodAvailable(pod: KubeObject, minReadySeconds: number, now: number): boolean {
  const at = availableAt(pod, minReadySeconds);
  return at !== undefined && at <= now;
}

/** A pod being deleted (it keeps running until the kubelet has stopped its containers). */
export function isTerminating(obj: KubeObject): boolean {
  return obj.metadata.deletionTimestamp !== undefined;
}

/** `IsPodActive`: not being deleted and not finished (Succeeded or Failed pods do not count). */
export function isPodActive(pod: KubeObject): boolean {
  const phase = pod.status?.phase;
  return !isTerminating(pod) && phase !== 'Succeeded' && phase !== 'Failed';
}

/** Restarts of all containers, for ranking pods to delete. */
export function restartCount(pod: KubeObject): number {
  let total = 0;
  for (const c of nestedSlice(pod.status, 'containerStatuses') ?? [])
    total += nestedNumber(c, 'restartCount') ?? 0;
  return total;
}

/**
 * The earliest future time at which one of `pods` becomes available, so a controller with
 * minReadySeconds can ask to be woken then (Kubernetes' `AddAfter(minReadySeconds)`).
 */
export function nextAvailability(
  pods: KubeObject[],
  minReadySeconds: number,
  now: number,
): number | undefined {
  let next: number | undefined;
  for (const pod of pods) {
    const at = availableAt(pod, minReadySeconds);
    if (at !== undefined && at > now && (next === undefined || at < next)) next = at;
  }
  return next;
}
