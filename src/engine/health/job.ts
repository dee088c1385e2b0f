import type { HealthStatus, KubeObject } from '../types';
import { conditionsOf } from './fields';

/**
 * Health of a batch/v1 Job (argocd-semantics.md §3.5). Conditions are read by type only; the status is
 * consulted for `Suspended` alone. That gives the quirk that a resumed Job (a `Suspended` condition with status
 * False and no Complete/Failed yet) counts as complete and so evaluates Healthy.
 */
export function jobHealth(job: KubeObject): HealthStatus {
  let failed = false;
  let complete = false;
  let suspended = false;
  let failMessage = '';
  let message = '';
  for (const condition of conditionsOf(job.status?.conditions)) {
    switch (condition.type) {
      case 'Failed':
        failed = true;
        complete = true;
        failMessage = condition.message;
        break;
      case 'Complete':
        complete = true;
        message = condition.message;
        break;
      case 'Suspended':
        complete = true;
        message = condition.message;
        if (condition.status === 'True') suspended = true;
        break;
    }
  }
  if (!complete) return { status: 'Progressing', message };
  if (failed) return { status: 'Degraded', message: failMessage };
  // [A] reports the Suspended condition's message (`Job suspended`); the standalone engine left it empty (§3.13).
  if (suspended) return { status: 'Suspended', message };
  return { status: 'Healthy', message };
}
