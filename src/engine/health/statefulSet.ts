import type { HealthStatus, KubeObject } from '../types';
import { int, isSet, str } from './fields';

/**
 * Health of an apps/v1 StatefulSet (argocd-semantics.md §3.2). With the API server's defaults a StatefulSet
 * has a RollingUpdate strategy with `partition: 0`, so rule 3 answers for almost every StatefulSet
 * (`partitioned roll out complete: …`); rules 5 and 6 only apply to an explicit RollingUpdate strategy written
 * without a `rollingUpdate` block.
 */
export function statefulSetHealth(sts: KubeObject): HealthStatus {
  const spec = sts.spec ?? {};
  const status = sts.status ?? {};
  const observed = int(status.observedGeneration);
  // §3.2 rule 1.
  if (observed === 0 || int(sts.metadata.generation) > observed) {
    return { status: 'Progressing', message: 'Waiting for statefulset spec update to be observed...' };
  }
  const ready = int(status.readyReplicas);
  const updated = int(status.updatedReplicas);
  // §3.2 rule 2.
  if (isSet(spec.replicas) && ready < spec.replicas) {
    return { status: 'Progressing', message: `Waiting for ${spec.replicas - ready} pods to be ready...` };
  }
  const strategy = spec.updateStrategy ?? {};
  // §3.2 rule 3.
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate != null) {
    const partition = strategy.rollingUpdate.partition;
    if (isSet(spec.replicas) && isSet(partition) && updated < spec.replicas - partition) {
      return {
        status: 'Progressing',
        message: `Waiting for partitioned roll out to finish: ${updated} out of ${spec.replicas - partition} new pods have been updated...`,
      };
    }
    return {
      status: 'Healthy',
      message: `partitioned roll out complete: ${updated} new pods have been updated...`,
    };
  }
  // §3.2 rule 4.
  if (strategy.type === 'OnDelete') {
    return { status: 'Healthy', message: `statefulset has ${ready} ready pods` };
  }
  // §3.2 rule 5.
  if (str(status.updateRevision) !== str(status.currentRevision)) {
    return {
      status: 'Progressing',
      message: `waiting for statefulset rolling update to complete ${updated} pods at revision ${str(status.updateRevision)}...`,
    };
  }
  // §3.2 rule 6.
  return {
    status: 'Healthy',
    message: `statefulset rolling update complete ${int(status.currentReplicas)} pods at revision ${str(status.currentRevision)}...`,
  };
}
