import { toTimestamp } from '../clock';
import type { Json } from '../types';
import { nestedString } from '../util/unstructured';
import { conditionOf } from './conditionOf';

/** A status condition of an apps/v1 workload, with its fields in the order the API server writes them. */
export interface WorkloadCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime?: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** A new condition stamped with the virtual time `now` (`NewDeploymentCondition`). */
export function newDeploymentCondition(
  type: string,
  status: WorkloadCondition['status'],
  reason: string,
  message: string,
  now: number,
): WorkloadCondition {
  const at = toTimestamp(now);
  return { type, status, lastUpdateTime: at, lastTransitionTime: at, reason, message };
}

/** The condition of `type` in a status' condition list, if present. */
export function getDeploymentCondition(
  conditions: readonly Json[] | undefined,
  type: string,
): WorkloadCondition | undefined {
  const found = conditions?.find((c) => nestedString(c, 'type') === type);
  // Read with its types; the controller wrote every field of it (newDeploymentCondition).
  return found === undefined ? undefined : (conditionOf(found) as WorkloadCondition);
}

/**
 * `SetDeploymentCondition`: a condition with the same status and reason as the present one changes nothing;
 * one with the same status keeps the old lastTransitionTime; the new condition goes to the end of the list.
 * Returns the new list (the input is not changed).
 */
export function setDeploymentCondition(
  conditions: readonly Json[] | undefined,
  condition: WorkloadCondition,
): readonly Json[] {
  const list = conditions ?? [];
  const current = getDeploymentCondition(list, condition.type);
  if (current && current.status === condition.status && current.reason === condition.reason) return list;
  const next = { ...condition };
  if (current && current.status === condition.status) next.lastTransitionTime = current.lastTransitionTime;
  return [...list.filter((c) => nestedString(c, 'type') !== condition.type), next];
}

/** The list without conditions of `type`. */
export function removeDeploymentCondition(conditions: readonly Json[] | undefined, type: string): Json[] {
  return (conditions ?? []).filter((c) => nestedString(c, 'type') !== type);
}
