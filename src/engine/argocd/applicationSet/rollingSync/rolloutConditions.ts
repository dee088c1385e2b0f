/**
 * The two RollingSync conditions (argocd-semantics.md §5.1 "Conditions"; progressive_sync.go
 * `getProgressingCondition`, `getInvalidRolloutConfig`). Both are undefined when the set is not RollingSync.
 */
import type { KubeObject } from '../../../types';
import type { ApplicationSetCondition } from '../conditions';
import type { ApplicationStatusEntry } from './applicationStatus';
import { isRollingSyncStrategy, rolloutSteps } from './strategy';
import type { ValidationIssues } from './validationIssues';

/** `RolloutProgressing`: True naming the first step with an entry not Healthy; steps without entries are skipped. */
export function progressingCondition(
  appSet: KubeObject,
  entries: readonly ApplicationStatusEntry[],
): ApplicationSetCondition | undefined {
  if (!isRollingSyncStrategy(appSet)) return undefined;
  const completed = new Map<string, boolean>();
  for (const entry of entries) {
    completed.set(entry.step, (completed.get(entry.step) ?? true) && entry.status === 'Healthy');
  }
  for (let i = 0; i < rolloutSteps(appSet).length; i++) {
    const step = String(i + 1);
    if (completed.get(step) === false) {
      return {
        type: 'RolloutProgressing',
        status: 'True',
        reason: 'ApplicationSetModified',
        message: `ApplicationSet is performing rollout of step ${step}`,
      };
    }
  }
  return {
    type: 'RolloutProgressing',
    status: 'False',
    reason: 'ApplicationSetRolloutComplete',
    message: 'ApplicationSet Rollout has completed',
  };
}

/** `InvalidRolloutConfig`: True with the first issue's message, else False. */
export function invalidRolloutConfigCondition(
  appSet: KubeObject,
  issues: ValidationIssues,
): ApplicationSetCondition | undefined {
  if (!isRollingSyncStrategy(appSet)) return undefined;
  if (issues.hasIssues()) {
    return {
      type: 'InvalidRolloutConfig',
      status: 'True',
      reason: 'ApplicationSetInvalidRolloutConfig',
      message: issues.conditionMessage(),
    };
  }
  return {
    type: 'InvalidRolloutConfig',
    status: 'False',
    reason: 'ApplicationSetValidRolloutConfig',
    message: 'Rolling Sync Configured correctly',
  };
}
