import type { Json } from '../types';
import { isJsonObject, nestedString } from '../util/unstructured';
import { conditionList, conditionOf, findCondition, type ReadCondition } from './conditionOf';

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
export function hasCondition(status: Json, type: string): boolean {
  return findCondition(status, type)?.status === 'True';
}

/** The condition of `type`, if any (job_controller.go `findConditionByType`). */
export function findConditionByType(status: Json, type: string): ReadCondition | undefined {
  return findCondition(status, type);
}

/**
 * Set a condition (the controller's `ensureJobConditionStatus`): an existing one of the same type keeps its
 * transition time unless its status changes; a new one is appended. Returns the new list.
 */
export function ensureJobConditionStatus(
  conditions: readonly Json[] | undefined,
  type: string,
  status: 'True' | 'False',
  why: { reason: string; message: string },
  timestamp: string,
): Json[] {
  const list = [...conditionList({ conditions })];
  const i = list.findIndex((c) => nestedString(c, 'type') === type);
  if (i >= 0) {
    const old = conditionOf(list[i]);
    if (old.status === status && old.reason === why.reason && old.message === why.message) return list;
    const lastTransitionTime = old.status === status ? old.lastTransitionTime : timestamp;
    list[i] = {
      // Fields of the condition this controller does not write are kept, as the API's update keeps them.
      ...(isJsonObject(list[i]) ? list[i] : {}),
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
