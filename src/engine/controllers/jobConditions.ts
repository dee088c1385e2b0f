import type { JsonAny } from '../types';

/**
 * Job conditions with the Job controller's words (k8s.io/api batch/v1 and pkg/controller/job). Recent
 * Kubernetes (1.31+) first records the interim `SuccessCriteriaMet` / `FailureTarget`, and adds the terminal
 * `Complete` / `Failed` once no pod of the Job is still terminating.
 */
export const jobReasons = {
  backoffLimit: { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' },
  deadline: { reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' },
  completions: { reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' },
  suspended: { reason: 'JobSuspended', message: 'Job suspended' },
  resumed: { reason: 'JobResumed', message: 'Job resumed' },
} as const;

/** Whether the Job has a condition of this type with status True. */
export function hasCondition(status: JsonAny, type: string): boolean {
  return (status?.conditions ?? []).some((c: JsonAny) => c.type === type && c.status === 'True');
}

/** The condition of `type`, if any (job_controller.go `findConditionByType`). */
export function findConditionByType(status: JsonAny, type: string): JsonAny | undefined {
  return (status?.conditions ?? []).find((c: JsonAny) => c.type === type);
}

/**
 * Set a condition (the controller's `ensureJobConditionStatus`): an existing one of the same type keeps its
 * transition time unless its status changes; a new one is appended. Returns the new list.
 */
export function ensureJobConditionStatus(
  conditions: JsonAny[] | undefined,
  type: string,
  status: 'True' | 'False',
  why: { reason: string; message: string },
  timestamp: string,
): JsonAny[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((c) => c.type === type);
  if (i >= 0) {
    const old = list[i];
    if (old.status === status && old.reason === why.reason && old.message === why.message) return list;
    const lastTransitionTime = old.status === status ? old.lastTransitionTime : timestamp;
    list[i] = {
      ...old,
      status,
      reason: why.reason,
      message: why.message,
      lastProbeTime: timestamp,
      lastTransitionTime,
    };
    return list;
  }
  list.push({
    type,
    status,
    lastProbeTime: timestamp,
    lastTransitionTime: timestamp,
    reason: why.reason,
    message: why.message,
  });
  return list;
}
