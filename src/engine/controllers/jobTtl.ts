import { fromTimestamp } from '../clock';
import type { Cluster } from '../cluster/cluster';
import type { KubeObject, ObjectRef } from '../types';
import { findConditionByType } from './jobConditions';

/**
 * ttlSecondsAfterFinished: the TTL controller deletes a finished Job with Foreground propagation, as
 * Kubernetes does (pkg/controller/ttlafterfinished). A Job that carries finalizers (Argo CD's hook
 * finalizer) only gets its deletionTimestamp until they are removed; the store handles that.
 */
export function expireAfterTtl(
  cluster: Cluster,
  ref: ObjectRef,
  job: KubeObject,
  now: number,
  wake: number[],
): void {
  const ttl = job.spec?.ttlSecondsAfterFinished;
  if (typeof ttl !== 'number' || job.metadata.deletionTimestamp) return;
  const done = findConditionByType(job.status, 'Complete') ?? findConditionByType(job.status, 'Failed');
  if (done?.status !== 'True') return;
  const expiresAt = fromTimestamp(job.status.completionTime ?? done.lastTransitionTime) + ttl * 1000;
  if (now >= expiresAt) cluster.store.delete(ref, { propagationPolicy: 'Foreground' });
  else wake.push(expiresAt);
}
