import { setConditionsOfType } from './setConditions';
import { TRACKING_ANNOTATION } from './tracking';
import type { JsonAny, KubeObject } from '../types';

/** The condition Argo CD gives an app whose resource another app manages (types.go L1916). */
export const SHARED_RESOURCE_WARNING = 'SharedResourceWarning';

/**
 * The SharedResourceWarning messages of an app (controller/state.go `CompareAppState` L855-L864): for each live
 * object of the app's targets whose tracking annotation names another application, "<Kind>/<name> is part of
 * applications <this app's qualified name> and <the other's instance name>". The comparison runs on every
 * refresh, so the condition follows the annotation: the app that applied the object last is its owner and the
 * other one carries the warning. Argo CD only warns; the sync goes on unless `FailOnSharedResource=true`.
 */
export function sharedResourceMessages(
  app: { name: string; namespace: string },
  targetsLive: Iterable<KubeObject>,
): string[] {
  const messages: string[] = [];
  for (const live of targetsLive) {
    const id = live.metadata.annotations?.[TRACKING_ANNOTATION];
    if (typeof id !== 'string') continue;
    const colon = id.indexOf(':');
    const owner = colon < 0 ? '' : id.slice(0, colon);
    if (owner === '' || owner === app.name) continue;
    // An app outside the control plane's namespace is tracked as `<namespace>_<name>` (InstanceName).
    const other = owner.replaceAll('_', '/');
    messages.push(
      `${live.kind}/${live.metadata.name ?? ''} is part of applications ${app.namespace}/${app.name} and ${other}`,
    );
  }
  return messages;
}

/**
 * The app's conditions with its SharedResourceWarning conditions replaced by one per message
 * (`ApplicationStatus.SetConditions`).
 */
export function setSharedResourceConditions(
  conditions: JsonAny[],
  messages: string[],
  nowMs: number,
): JsonAny[] {
  return setConditionsOfType(conditions, SHARED_RESOURCE_WARNING, messages, nowMs);
}
