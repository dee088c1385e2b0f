/**
 * One RollingSync reconcile of the statuses, in Argo CD's order (progressive_sync.go `PerformProgressiveSyncs`;
 * argocd-semantics.md §5.1): steps, pass 1 (persisted), eligibility from pass 1's entries, pass 2 (persisted), then
 * the RolloutProgressing and InvalidRolloutConfig conditions from the final entries. The caller writes both passes
 * separately (each persisted change is an `appset-status` event) and then the apps via `syncDesiredApplications`.
 */
import type { KubeObject } from '../../../types';
import type { ApplicationSetCondition } from '../conditions';
import type { ApplicationStatusEntry } from './applicationStatus';
import { applicationSetStatusOf } from '../applicationSetTypes';
import { getAppsToSync } from './appsToSync';
import { buildAppDependencyList } from './buildAppDependencyList';
import { invalidRolloutConfigCondition, progressingCondition } from './rolloutConditions';
import { updateApplicationSetApplicationStatus, type StatusPassOptions } from './updateApplicationStatus';
import { updateApplicationSetApplicationStatusProgress } from './updateApplicationStatusProgress';

export interface ProgressiveSyncResult {
  afterPass1: ApplicationStatusEntry[];
  afterPass2: ApplicationStatusEntry[];
  appsToSync: Set<string>;
  /** InvalidRolloutConfig then RolloutProgressing, as Argo CD hands them in. */
  conditions: ApplicationSetCondition[];
}

export function performProgressiveSyncs(
  appSet: KubeObject,
  currentApplications: readonly KubeObject[],
  desiredApplications: readonly KubeObject[],
  options: StatusPassOptions,
): ProgressiveSyncResult {
  const { appDependencyList, appStepMap, issues } = buildAppDependencyList(appSet, desiredApplications);
  const afterPass1 = updateApplicationSetApplicationStatus(
    applicationSetStatusOf(appSet).applicationStatus,
    currentApplications,
    desiredApplications,
    appStepMap,
    options,
  );
  const appsToSync = getAppsToSync(afterPass1, appDependencyList, currentApplications);
  const afterPass2 = updateApplicationSetApplicationStatusProgress(
    appSet,
    afterPass1,
    appsToSync,
    appStepMap,
    options.now,
    issues,
  );
  const conditions = [
    invalidRolloutConfigCondition(appSet, issues),
    progressingCondition(appSet, afterPass2),
  ].filter((condition): condition is ApplicationSetCondition => condition !== undefined);
  return { afterPass1, afterPass2, appsToSync, conditions };
}
