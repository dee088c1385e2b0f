import type { KubeObject } from '../../types';
import type { ApplicationSetCondition } from './conditions';
import type { ApplicationStatusEntry } from './rollingSync/applicationStatus';

/**
 * An ApplicationSet's `status` as the sandbox's ApplicationSet controller writes it (upstream
 * pkg/apis/application/v1alpha1/applicationset_types.go `ApplicationSetStatus`): its conditions
 * (`ApplicationSetCondition`, conditions.ts) and, with progressive syncs on, one entry per Application
 * (`ApplicationSetApplicationStatus`, rollingSync/applicationStatus.ts). Both are `omitempty` upstream, so an empty
 * list is no field at all.
 *
 * Upstream's `resources`, `resourcesCount` and `health` (the Applications' sync status and health copied up by the
 * controller's `updateResourcesStatus`) are not written: nothing the sandbox prints or decides reads them, and a
 * type for a field nobody writes would promise what the store never holds.
 */
export interface ApplicationSetStatus {
  conditions?: ApplicationSetCondition[];
  applicationStatus?: ApplicationStatusEntry[];
}

/** The ApplicationSet's status as stored, typed; `{}` for an object the controller has not written yet. */
export function applicationSetStatusOf(appSet: KubeObject | undefined): ApplicationSetStatus {
  return (appSet?.status as ApplicationSetStatus | undefined) ?? {};
}
