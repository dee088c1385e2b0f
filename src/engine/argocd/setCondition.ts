import { toTimestamp } from '../clock';
import type { Json } from '../types';

/**
 * An Application's `status.conditions` with the condition of `type` set (or replaced), keeping its transition time
 * when the message is unchanged, as `ApplicationStatus.SetConditions` does (pkg/apis/application/v1alpha1/types.go);
 * with no message, the condition of that type removed. The same array comes back when nothing changes.
 */
export function setCondition(
  conditions: Json[],
  type: string,
  message: string | undefined,
  nowMs: number,
): Json[] {
  const existing = conditions.find((c) => c.type === type);
  if (message === undefined) return existing ? conditions.filter((c) => c.type !== type) : conditions;
  if (existing?.message === message) return conditions;
  const rest = conditions.filter((c) => c.type !== type);
  return [...rest, { type, message, lastTransitionTime: toTimestamp(nowMs) }];
}
