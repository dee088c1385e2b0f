import { refOf } from '../cluster/gvk';
import type { KubeObject } from '../types';
import { allSets, scaleInRollout, type DeploymentSync, type RolloutSets } from './deploymentSync';
import {
  byCreation,
  desiredReplicas,
  DESIRED_REPLICAS_ANNOTATION,
  isRollingUpdate,
  maxSurge,
  MAX_REPLICAS_ANNOTATION,
  revisionOf,
  specReplicas,
  sumSpecReplicas,
} from './deploymentUtil';

/**
 * Scaling a Deployment without rolling it out (k8s.io/kubernetes `pkg/controller/deployment/sync.go`):
 * used when `spec.replicas` changed (a scaling event) and while the Deployment is paused.
 */

/** `isScalingEvent`: an active ReplicaSet was last sized for a different `spec.replicas`. */
export function isScalingEvent(sets: RolloutSets, d: KubeObject): boolean {
  for (const rs of allSets(sets)) {
    if (specReplicas(rs) === 0) continue;
    const desired = rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION];
    if (desired !== undefined && Number(desired) !== desiredReplicas(d)) return true;
  }
  return false;
}

/**
 * `scale`: one active ReplicaSet takes the whole size; a saturated new ReplicaSet scales the old ones to
 * zero; otherwise, mid-rollout, the change is shared out in proportion to the ReplicaSets' sizes.
 */
export function scale(sync: DeploymentSync, sets: RolloutSets): void {
  const { d } = sync;
  const replicas = desiredReplicas(d);
  const activeOrLatest = findActiveOrLatest(sets);
  if (activeOrLatest) {
    scaleInRollout(sync, sets, activeOrLatest, replicas);
    return;
  }
  if (isSaturated(d, sets.newRS)) {
    for (const old of sets.oldRSs.filter((rs) => specReplicas(rs) > 0)) scaleInRollout(sync, sets, old, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;
  const active = allSets(sets).filter((rs) => specReplicas(rs) > 0);
  const allowed = replicas > 0 ? replicas + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(active);
  // Larger first; among equals, newer first when growing and older first when shrinking.
  active.sort(
    (a, b) => specReplicas(b) - specReplicas(a) || (toAdd > 0 ? byCreation(b, a) : byCreation(a, b)),
  );
  let added = 0;
  const sizes = active.map((rs) => {
    if (toAdd === 0) return specReplicas(rs);
    const proportion = replicaSetProportion(rs, sync, toAdd, added);
    added += proportion;
    return specReplicas(rs) + proportion;
  });
  // Leftovers from rounding go to the largest ReplicaSet.
  if (toAdd !== 0 && sizes.length > 0) sizes[0] = Math.max(0, sizes[0] + toAdd - added);
  active.forEach((rs, i) => scaleInRollout(sync, sets, rs, sizes[i], true));
}

/**
 * `cleanupDeployment`: delete the oldest scaled-down ReplicaSets beyond `revisionHistoryLimit` (default 10).
 * Those still holding pods, not yet observed, or already being deleted are kept.
 */
export function cleanupDeployment(sync: DeploymentSync, oldRSs: KubeObject[]): void {
  const limit = sync.d.spec?.revisionHistoryLimit;
  if (typeof limit !== 'number') return;
  const alive = oldRSs.filter((rs) => !rs.metadata.deletionTimestamp);
  const diff = alive.length - limit;
  if (diff <= 0) return;
  const byRevision = [...alive].sort((a, b) => revisionOf(a) - revisionOf(b) || byCreation(a, b));
  for (const rs of byRevision.slice(0, diff)) {
    const busy = (rs.status?.replicas ?? 0) !== 0 || specReplicas(rs) !== 0;
    const unobserved = (rs.metadata.generation ?? 1) > (rs.status?.observedGeneration ?? 0);
    if (busy || unobserved) continue;
    sync.cluster.store.delete(refOf(rs));
    sync.rsList = sync.rsList.filter((x) => x.metadata.uid !== rs.metadata.uid);
  }
}

/** The only active ReplicaSet, or the newest when none is active (`FindActiveOrLatest`). */
function findActiveOrLatest(sets: RolloutSets): KubeObject | undefined {
  const all = allSets(sets);
  if (all.length === 0) return undefined;
  const active = all.filter((rs) => specReplicas(rs) > 0);
  if (active.length === 1) return active[0];
  if (active.length > 1) return undefined;
  return sets.newRS ?? [...sets.oldRSs].sort(byCreation).at(-1);
}

/** `IsSaturated`: the new ReplicaSet is at full size and all its pods are available. */
function isSaturated(d: KubeObject, rs: KubeObject | undefined): boolean {
  if (!rs) return false;
  const replicas = desiredReplicas(d);
  return (
    specReplicas(rs) === replicas &&
    Number(rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION]) === replicas &&
    (rs.status?.availableReplicas ?? 0) === replicas
  );
}

/** `GetReplicaSetProportion`: this ReplicaSet's share of the pods to add (or remove, when negative). */
function replicaSetProportion(rs: KubeObject, sync: DeploymentSync, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, sync);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

function replicaSetFraction(rs: KubeObject, sync: DeploymentSync): number {
  const { d } = sync;
  if (desiredReplicas(d) === 0) return -specReplicas(rs);
  const maxReplicas = desiredReplicas(d) + maxSurge(d);
  let before = Number(rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION] ?? 0);
  if (!before) before = sync.status.replicas ?? 0;
  if (!before) return 0;
  return Math.round((specReplicas(rs) * maxReplicas) / before) - specReplicas(rs);
}
