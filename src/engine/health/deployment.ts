import type { HealthStatus, KubeObject } from '../types';
import { findCondition, int, isSet } from './fields';

/**
 * Health of an apps/v1 Deployment (argocd-semantics.md §3.1), in the order kubectl's `rollout status` uses.
 * Crash-looping pods do not make a Deployment Degraded by themselves: only the controller's
 * `ProgressDeadlineExceeded` condition does.
 */
export function deploymentHealth(deployment: KubeObject): HealthStatus {
  const spec = deployment.spec ?? {};
  const status = deployment.status ?? {};
  // §3.1 rule 1.
  if (spec.paused === true) return { status: 'Suspended', message: 'Deployment is paused' };
  // §3.1 rule 3: the controller has not seen the latest spec yet.
  if (int(deployment.metadata.generation) > int(status.observedGeneration)) {
    return {
      status: 'Progressing',
      message: 'Waiting for rollout to finish: observed deployment generation less than desired generation',
    };
  }
  const updated = int(status.updatedReplicas);
  // §3.1 rule 2.1: the reason decides; the condition's status is not looked at.
  if (findCondition(status, 'Progressing')?.reason === 'ProgressDeadlineExceeded') {
    return {
      status: 'Degraded',
      message: `Deployment "${deployment.metadata.name ?? ''}" exceeded its progress deadline`,
    };
  }
  // §3.1 rule 2.2.
  if (isSet(spec.replicas) && updated < spec.replicas) {
    return {
      status: 'Progressing',
      message: `Waiting for rollout to finish: ${updated} out of ${spec.replicas} new replicas have been updated...`,
    };
  }
  // §3.1 rule 2.3.
  if (int(status.replicas) > updated) {
    return {
      status: 'Progressing',
      message: `Waiting for rollout to finish: ${int(status.replicas) - updated} old replicas are pending termination...`,
    };
  }
  // §3.1 rule 2.4.
  if (int(status.availableReplicas) < updated) {
    return {
      status: 'Progressing',
      message: `Waiting for rollout to finish: ${int(status.availableReplicas)} of ${updated} updated replicas are available...`,
    };
  }
  return { status: 'Healthy', message: '' };
}
