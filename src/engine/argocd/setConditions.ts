import { toTimestamp } from '../clock';
import type { ApplicationCondition } from './applicationTypes';

/**
 * `ApplicationStatus.SetConditions` (pkg/apis/application/v1alpha1/types.go) for one evaluated type: the
 * Application's `status.conditions` with the condition of `type` set (or replaced), keeping its transition time
 * when the message is unchanged; with no message, the condition of that type removed (it was evaluated and is
 * gone). The same array comes back when nothing changes.
 */
export function setConditions(
  conditions: ApplicationCondition[],
  type: string,
  message: string | undefined,
  nowMs: number,
): ApplicationCondition[] {
  const existing = conditions.find((c) => c.type === type);
  if (message === undefined) return existing ? conditions.filter((c) => c.type !== type) : conditions;
  if (existing?.message === message) return conditions;
  const rest = conditions.filter((c) => c.type !== type);
  return [...rest, { type, message, lastTransitionTime: toTimestamp(nowMs) }];
}
