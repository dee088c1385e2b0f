import type { JsonAny, KubeObject } from '../types';
import { repeatedTargetMessages } from '../sync/reconcile';
import { setConditionsOfType } from './setConditions';

/** The condition type Argo CD gives an app whose manifests hold one resource more than once. */
export const REPEATED_RESOURCE_WARNING = 'RepeatedResourceWarning';

/**
 * One message per resource that appears more than once among an app's manifests, in the order of its first copy
 * (controller/state.go `DeduplicateTargetObjects` L606-L618, "Resource /Pod/ns/my-pod appeared 2 times among
 * application resources."). The sync keeps the last copy, as reconcile.ts does; the key is Argo CD's
 * `group/Kind/namespace/name`, the destination namespace filled in.
 */
export function repeatedResourceMessages(objects: readonly KubeObject[], namespace: string): string[] {
  return repeatedTargetMessages(objects, namespace);
}

/** The app's conditions with one RepeatedResourceWarning per message (state.go L1168). */
export function setRepeatedResourceConditions(
  conditions: JsonAny[],
  messages: string[],
  nowMs: number,
): JsonAny[] {
  return setConditionsOfType(conditions, REPEATED_RESOURCE_WARNING, messages, nowMs);
}
