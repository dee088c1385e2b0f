import type { Cluster } from '../cluster/cluster';
import type { JsonAny, KubeObject } from '../types';
import { scaleIfNeeded, scaleReplicaSet } from './deploymentUtil';

/**
 * One reconcile of a Deployment. Kubernetes' controller writes the Deployment several times per sync (the
 * revision annotation, a NewReplicaSetCreated condition, then the counts); the sandbox gathers those
 * changes here and writes them once at the end. `status` starts as the stored status, so comparisons with
 * "the previous status" (has the rollout progressed?) read the counts from before this sync.
 */
export interface DeploymentSync {
  readonly cluster: Cluster;
  readonly d: KubeObject;
  /** The ReplicaSets the Deployment controls (adopted ones included). */
  rsList: KubeObject[];
  /** The Deployment's status as of now: stored counts, conditions as updated during this sync. */
  status: JsonAny;
  /** The `deployment.kubernetes.io/revision` the Deployment should carry, once known. */
  revision?: string;
}

/** The ReplicaSets of a rollout: the one matching the current template (if any) and all others. */
export interface RolloutSets {
  newRS: KubeObject | undefined;
  oldRSs: KubeObject[];
}

/** All ReplicaSets of a rollout, the new one last (`append(oldRSs, newRS)`). */
export function allSets(sets: RolloutSets): KubeObject[] {
  return sets.newRS ? [...sets.oldRSs, sets.newRS] : [...sets.oldRSs];
}

/**
 * Scale one ReplicaSet of the rollout (`scaleReplicaSetAndRecordEvent`, or `scaleReplicaSet` with `always`,
 * which also refreshes the replica annotations at the same size) and put the stored copy back into `sets`
 * and `sync.rsList`, so the rest of the sync sees the new size. Returns whether the size changed.
 */
export function scaleInRollout(
  sync: DeploymentSync,
  sets: RolloutSets,
  rs: KubeObject,
  newScale: number,
  always = false,
): boolean {
  const result = always
    ? scaleReplicaSet(sync.cluster, rs, newScale, sync.d)
    : scaleIfNeeded(sync.cluster, rs, newScale, sync.d);
  const swap = (x: KubeObject) => (x.metadata.uid === rs.metadata.uid ? result.rs : x);
  if (sets.newRS) sets.newRS = swap(sets.newRS);
  sets.oldRSs = sets.oldRSs.map(swap);
  sync.rsList = sync.rsList.map(swap);
  return result.scaled;
}
