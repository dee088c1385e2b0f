import type { KubeObject } from '../types';
import { scaleInRollout, type DeploymentSync, type RolloutSets } from './deploymentSync';
import { desiredReplicas, specReplicas } from './deploymentUtil';

/**
 * The Recreate strategy (k8s.io/kubernetes `pkg/controller/deployment/recreate.go`): scale every old
 * ReplicaSet to zero, wait until none of their pods is left (terminating ones included), and only then
 * create and scale up the new ReplicaSet. There is a window with no pods at all; that is the point.
 *
 * Returns 'wait' while old pods still run, 'scaled' after scaling down, and 'ready' when the new
 * ReplicaSet may be created and scaled up.
 */
export function recreateStep(sync: DeploymentSync, sets: RolloutSets): 'scaled' | 'wait' | 'ready' {
  let scaled = false;
  for (const rs of sets.oldRSs.filter((x) => specReplicas(x) > 0))
    scaled = scaleInRollout(sync, sets, rs, 0) || scaled;
  if (scaled) return 'scaled';
  return oldPodsRunning(sync, sets) ? 'wait' : 'ready';
}

/** `scaleUpNewReplicaSetForRecreate`. */
export function scaleUpForRecreate(sync: DeploymentSync, sets: RolloutSets, newRS: KubeObject): void {
  scaleInRollout(sync, sets, newRS, desiredReplicas(sync.d));
}

/** `oldPodsRunning`: an old ReplicaSet still reports pods, or still owns a pod that has not finished. */
function oldPodsRunning(sync: DeploymentSync, sets: RolloutSets): boolean {
  if (sets.oldRSs.some((rs) => (rs.status?.replicas ?? 0) > 0)) return true;
  for (const rs of sets.oldRSs) {
    const pods = sync.cluster.store.list({
      kind: 'Pod',
      namespace: rs.metadata.namespace ?? '',
      ownerUid: rs.metadata.uid,
    });
    if (pods.some((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')) return true;
  }
  return false;
}
