import type { KubeObject } from '../types';
import { allSets, scaleInRollout, type DeploymentSync, type RolloutSets } from './deploymentSync';
import {
  byCreation,
  desiredReplicas,
  maxUnavailable,
  newRSNewReplicas,
  specReplicas,
  sumSpecReplicas,
  sumStatus,
} from './deploymentUtil';

/**
 * One step of a RollingUpdate (k8s.io/kubernetes `pkg/controller/deployment/rolling.go`): scale the new
 * ReplicaSet up as far as maxSurge allows, or else scale old ones down as far as maxUnavailable allows.
 * Each step waits for the pods of the previous one to become available, which is what makes a rolling
 * update roll. Returns whether anything was scaled (the caller then only refreshes the status).
 */
export function rollingStep(sync: DeploymentSync, sets: RolloutSets): boolean {
  if (sets.newRS && reconcileNewReplicaSet(sync, sets, sets.newRS)) return true;
  return reconcileOldReplicaSets(sync, sets);
}

function reconcileNewReplicaSet(sync: DeploymentSync, sets: RolloutSets, newRS: KubeObject): boolean {
  const replicas = desiredReplicas(sync.d);
  const current = specReplicas(newRS);
  if (current === replicas) return false;
  if (current > replicas) return scaleInRollout(sync, sets, newRS, replicas);
  return scaleInRollout(sync, sets, newRS, newRSNewReplicas(sync.d, allSets(sets), newRS));
}

function reconcileOldReplicaSets(sync: DeploymentSync, sets: RolloutSets): boolean {
  const oldPods = sumSpecReplicas(sets.oldRSs);
  if (oldPods === 0) return false;
  const minAvailable = desiredReplicas(sync.d) - maxUnavailable(sync.d);
  const newRS = sets.newRS;
  const newUnavailable = newRS ? specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0) : 0;
  const maxScaledDown = sumSpecReplicas(allSets(sets)) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  // Unhealthy old pods go first: they serve nobody, and keeping them could block the rollout.
  const cleaned = cleanupUnhealthyReplicas(sync, sets, maxScaledDown);
  const scaledDown = scaleDownOldReplicaSets(sync, sets, minAvailable);
  return cleaned + scaledDown > 0;
}

/** `cleanupUnhealthyReplicas`: shrink old ReplicaSets by their unavailable pods, oldest first. */
function cleanupUnhealthyReplicas(sync: DeploymentSync, sets: RolloutSets, maxCleanup: number): number {
  let total = 0;
  for (const rs of [...sets.oldRSs].sort(byCreation)) {
    if (total >= maxCleanup) break;
    const size = specReplicas(rs);
    const unhealthy = size - (rs.status?.availableReplicas ?? 0);
    if (size === 0 || unhealthy <= 0) continue;
    const count = Math.min(maxCleanup - total, unhealthy);
    scaleInRollout(sync, sets, rs, size - count);
    total += count;
  }
  return total;
}

/** `scaleDownOldReplicaSetsForRollingUpdate`: remove available old pods while minAvailable still holds. */
function scaleDownOldReplicaSets(sync: DeploymentSync, sets: RolloutSets, minAvailable: number): number {
  const available = sumStatus(allSets(sets), 'availableReplicas');
  if (available <= minAvailable) return 0;
  const budget = available - minAvailable;
  let total = 0;
  for (const rs of [...sets.oldRSs].sort(byCreation)) {
    if (total >= budget) break;
    const size = specReplicas(rs);
    if (size === 0) continue;
    const count = Math.min(size, budget - total);
    scaleInRollout(sync, sets, rs, size - count);
    total += count;
  }
  return total;
}
