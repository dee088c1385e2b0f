/**
 * Pass 2 of a RollingSync reconcile: eligible `Waiting` entries become `Pending` within each step's maxUpdate
 * (argocd-semantics.md §5.1 "Pass 2, maxUpdate"; progressive_sync.go `UpdateApplicationSetApplicationStatusProgress`).
 *
 * Go indexes its per-step counters with a map lookup, so an app in no step counts in step 1 (index 0), and it
 * reads step 1's maxUpdate for it. Both quirks are kept: they change how many apps of step 1 may update at once.
 */
import type { KubeObject } from '../../../types';
import type { ApplicationStatusEntry } from './applicationStatus';
import { rollingSyncStrategyEnabled, rolloutSteps } from './strategy';
import type { ValidationIssues } from './validationIssues';

export const pendingMessage =
  'Application moved to Pending status, watching for the Application resource to start Progressing';

export function updateApplicationSetApplicationStatusProgress(
  appSet: KubeObject,
  entries: readonly ApplicationStatusEntry[],
  appsToSync: ReadonlySet<string>,
  appStepMap: ReadonlyMap<string, number>,
  now: string,
  issues?: ValidationIssues,
): ApplicationStatusEntry[] {
  if (!rollingSyncStrategyEnabled(appSet)) return [];
  const steps = rolloutSteps(appSet);
  const updating = steps.map(() => 0);
  const total = steps.map(() => 0);
  const stepOf = (name: string) => appStepMap.get(name) ?? 0;
  for (const entry of entries) {
    total[stepOf(entry.application)]++;
    if (entry.status === 'Pending' || entry.status === 'Progressing') updating[stepOf(entry.application)]++;
  }

  return entries.map((entry) => {
    const stepIndex = stepOf(entry.application);
    const maxUpdate = steps[stepIndex].maxUpdate;
    let allowed = true;
    if (maxUpdate !== undefined && maxUpdate !== null) {
      const limit = maxUpdateLimit(maxUpdate, total[stepIndex]);
      if (
        !limit.valid &&
        issues &&
        !issues.invalidMaxUpdates.some((issue) => issue.stepIndex === stepIndex)
      ) {
        issues.invalidMaxUpdates.push({ stepIndex, maxUpdate: String(maxUpdate) });
      }
      if (updating[stepIndex] >= limit.value) allowed = false;
    }
    if (entry.status === 'Waiting' && appsToSync.has(entry.application) && allowed) {
      updating[stepIndex]++;
      return { ...entry, status: 'Pending', message: pendingMessage, lastTransitionTime: now };
    }
    return entry;
  });
}

/**
 * Go `intstr.GetScaledValueFromIntOrPercent(maxUpdate, total, false)`, then Argo CD's rule that a string other
 * than `0%` allows at least one app. An integer is taken as is; `"<n>%"` is n % of total rounded down; any other
 * string is an error that leaves 0, so the string rule turns it into a limit of 1.
 */
export function maxUpdateLimit(maxUpdate: number | string, total: number): { value: number; valid: boolean } {
  if (typeof maxUpdate === 'number') return { value: maxUpdate, valid: true };
  let value = 0;
  let valid = false;
  const match = /^(-?\d+)%$/.exec(maxUpdate);
  if (match) {
    value = Math.floor((Number(match[1]) * total) / 100);
    valid = true;
  }
  if (maxUpdate !== '0%' && value < 1) value = 1;
  return { value, valid };
}
