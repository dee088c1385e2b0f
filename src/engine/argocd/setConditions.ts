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

/**
 * `SetConditions` for a type Argo CD may set several times, one condition per message (SharedResourceWarning,
 * RepeatedResourceWarning: state.go sets the comparison's conditions of that type, replacing the old ones): a
 * message already there keeps its transition time; the same array comes back when nothing changes.
 */
export function setConditionsOfType<C extends ApplicationCondition>(
  conditions: C[],
  type: string,
  messages: readonly string[],
  nowMs: number,
): (C | ApplicationCondition)[] {
  const existing = conditions.filter((c) => c.type === type);
  // The common case, on every status write: none before and none now.
  if (messages.length === 0 && existing.length === 0) return conditions;
  if (existing.length === messages.length && existing.every((c, i) => c.message === messages[i]))
    return conditions;
  const now = toTimestamp(nowMs);
  return [
    ...conditions.filter((c) => c.type !== type),
    ...messages.map((message) => ({
      type,
      message,
      lastTransitionTime: existing.find((c) => c.message === message)?.lastTransitionTime ?? now,
    })),
  ];
}
