import type { HealthStatus, KubeObject } from '../types';
import { findCondition, int, isSet } from './fields';

/** Health of an apps/v1 ReplicaSet (argocd-semantics.md §3.4). */
export function replicaSetHealth(replicaSet: KubeObject): HealthStatus {
  const status = replicaSet.status ?? {};
  const replicas = replicaSet.spec?.replicas;
  if (int(replicaSet.metadata.generation) > int(status.observedGeneration)) {
    return {
      status: 'Progressing',
      message: 'Waiting for rollout to finish: observed replica set generation less than desired generation',
    };
  }
  // A ReplicaFailure condition (e.g. a quota refused the pods) only counts while its status is True.
  const failure = findCondition(status, 'ReplicaFailure');
  if (failure?.status === 'True') return { status: 'Degraded', message: failure.message };
  const available = int(status.availableReplicas);
  if (isSet(replicas) && available < replicas) {
    return {
      status: 'Progressing',
      message: `Waiting for rollout to finish: ${available} out of ${replicas} new replicas are available...`,
    };
  }
  return { status: 'Healthy', message: '' };
}
