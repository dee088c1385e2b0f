import { toTimestamp } from '../clock';
import type { Json, KubeObject } from '../types';
import { normalizedTargets } from '../sync/reconcile';

/** The condition type Argo CD gives an app whose manifests hold one resource more than once. */
export const REPEATED_RESOURCE_WARNING = 'RepeatedResourceWarning';

/**
 * One message per resource that appears more than once among an app's manifests, in the order of its first copy
 * (controller/state.go `DeduplicateTargetObjects` L606-L618, "Resource /Pod/ns/my-pod appeared 2 times among
 * application resources."). The sync keeps the last copy, as reconcile.ts does; the key is Argo CD's
 * `group/Kind/namespace/name`, the destination namespace filled in.
 */
export function repeatedResourceMessages(objects: readonly KubeObject[], namespace: string): string[] {
  return normalizedTargets(objects, namespace).problems.map((problem) => problem.message);
}

/**
 * The app's conditions with one RepeatedResourceWarning per message (state.go L1168 sets the comparison's
 * conditions of that type, replacing the old ones); a message already there keeps its lastTransitionTime.
 */
export function setRepeatedResourceConditions(conditions: Json[], messages: string[], nowMs: number): Json[] {
  const existing = conditions.filter((c) => c.type === REPEATED_RESOURCE_WARNING);
  if (messages.length === 0 && existing.length === 0) return conditions;
  if (existing.length === messages.length && existing.every((c, i) => c.message === messages[i]))
    return conditions;
  const now = toTimestamp(nowMs);
  return [
    ...conditions.filter((c) => c.type !== REPEATED_RESOURCE_WARNING),
    ...messages.map((message) => ({
      type: REPEATED_RESOURCE_WARNING,
      message,
      lastTransitionTime: existing.find((c) => c.message === message)?.lastTransitionTime ?? now,
    })),
  ];
}
