import type { HealthStatus, KubeObject } from '../types';
import { int } from './fields';

/** Health of an apps/v1 DaemonSet (argocd-semantics.md §3.3). */
export function daemonSetHealth(daemonSet: KubeObject): HealthStatus {
  const status = daemonSet.status ?? {};
  const name = daemonSet.metadata.name ?? '';
  const desired = int(status.desiredNumberScheduled);
  const updated = int(status.updatedNumberScheduled);
  const available = int(status.numberAvailable);
  // §3.3 rule 1.
  if (int(daemonSet.metadata.generation) > int(status.observedGeneration)) {
    return {
      status: 'Progressing',
      message: 'Waiting for rollout to finish: observed daemon set generation less than desired generation',
    };
  }
  // §3.3 rule 2: with OnDelete, old pods stay until someone deletes them, so there is nothing to wait for.
  if (daemonSet.spec?.updateStrategy?.type === 'OnDelete') {
    return {
      status: 'Healthy',
      message: `daemon set ${updated} out of ${desired} new pods have been updated`,
    };
  }
  // §3.3 rule 3.
  if (updated < desired) {
    return {
      status: 'Progressing',
      message: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`,
    };
  }
  // §3.3 rule 4.
  if (available < desired) {
    return {
      status: 'Progressing',
      message: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`,
    };
  }
  return { status: 'Healthy', message: '' };
}
