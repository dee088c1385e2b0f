/**
 * The ApplicationSet's `status.conditions` (argocd-semantics.md §5.1 "Conditions"; applicationset_controller.go
 * `setApplicationSetStatusCondition` and types `ApplicationSetStatus.SetConditions`). A reconcile hands in the
 * conditions it decided; this derives their companions (ErrorOccurred True ⇒ ResourcesUpToDate False, and the
 * reverse; ParametersGenerated), keeps conditions of types not evaluated this time, keeps an unchanged condition
 * with its old `lastTransitionTime`, and sorts by type, then status, reason and message, as Argo CD does.
 */

export type ApplicationSetConditionType =
  | 'ErrorOccurred'
  | 'ParametersGenerated'
  | 'ResourcesUpToDate'
  | 'RolloutProgressing'
  | 'InvalidRolloutConfig';

export interface ApplicationSetCondition {
  type: ApplicationSetConditionType;
  status: 'True' | 'False';
  reason: string;
  message: string;
  lastTransitionTime?: string;
}

export interface SetConditionsResult {
  conditions: ApplicationSetCondition[];
  /** Whether type, status, reason or message of any condition differ from before (Argo CD then writes the status). */
  changed: boolean;
}

/** ResourcesUpToDate True, the clean reconcile's condition (controller L433). */
export const upToDateCondition: ApplicationSetCondition = {
  type: 'ResourcesUpToDate',
  status: 'True',
  reason: 'ApplicationSetUpToDate',
  message: 'All applications have been generated successfully',
};

/** An ErrorOccurred True condition with the given reason (render, validation, rollout errors). */
export function errorCondition(reason: string, message: string): ApplicationSetCondition {
  return { type: 'ErrorOccurred', status: 'True', reason, message };
}

function parametersGeneratedCondition(
  parametersGenerated: boolean,
  message: string,
): ApplicationSetCondition {
  return parametersGenerated
    ? {
        type: 'ParametersGenerated',
        status: 'True',
        reason: 'ParametersGenerated',
        message: 'Successfully generated parameters for all Applications',
      }
    : { type: 'ParametersGenerated', status: 'False', reason: 'ErrorOccurred', message };
}

export function setApplicationSetStatusConditions(
  previous: readonly ApplicationSetCondition[],
  conditions: readonly ApplicationSetCondition[],
  parametersGenerated: boolean,
  isRollingSync: boolean,
  now: string,
): SetConditionsResult {
  const evaluated = new Map<ApplicationSetConditionType, boolean>([
    ['ParametersGenerated', true],
    ['ErrorOccurred', false],
    ['ResourcesUpToDate', false],
    ['RolloutProgressing', !isRollingSync],
    ['InvalidRolloutConfig', !isRollingSync],
  ]);
  const incoming: ApplicationSetCondition[] = [];
  if (!conditions.some((condition) => condition.type === 'ParametersGenerated')) {
    // Go breaks out of its scan at a ParametersGenerated condition; otherwise the last ErrorOccurred message wins.
    const errors = conditions.filter((condition) => condition.type === 'ErrorOccurred');
    const message = errors.length > 0 ? errors[errors.length - 1].message : 'progressive sync';
    incoming.push(parametersGeneratedCondition(parametersGenerated, message));
  }
  for (const condition of conditions) {
    evaluated.set(condition.type, true);
    incoming.push(condition);
    if (condition.type === 'ResourcesUpToDate' && condition.status === 'True') {
      evaluated.set('ErrorOccurred', true);
      incoming.push({
        type: 'ErrorOccurred',
        status: 'False',
        reason: condition.reason,
        message: condition.message,
      });
    } else if (condition.type === 'ErrorOccurred' && condition.status === 'True') {
      evaluated.set('ResourcesUpToDate', true);
      incoming.push({
        type: 'ResourcesUpToDate',
        status: 'False',
        reason: 'ErrorOccurred',
        message: condition.message,
      });
    } else if (
      (condition.type === 'RolloutProgressing' || condition.type === 'InvalidRolloutConfig') &&
      !isRollingSync
    ) {
      evaluated.set(condition.type, false);
    }
  }

  const next: ApplicationSetCondition[] = [];
  for (const current of previous) {
    if (evaluated.get(current.type) !== true)
      next.push({ ...current, lastTransitionTime: current.lastTransitionTime ?? now });
  }
  for (const condition of incoming) {
    if (evaluated.get(condition.type) !== true) continue;
    const existing = previous.find((current) => current.type === condition.type);
    if (
      existing &&
      existing.message === condition.message &&
      existing.reason === condition.reason &&
      existing.status === condition.status
    ) {
      next.push(existing);
    } else {
      next.push({ ...condition, lastTransitionTime: condition.lastTransitionTime ?? now });
    }
  }
  next.sort(
    (a, b) =>
      compare(a.type, b.type) ||
      compare(a.status, b.status) ||
      compare(a.reason, b.reason) ||
      compare(a.message, b.message),
  );

  const changed =
    next.length !== previous.length ||
    next.some((condition, i) => {
      const before = previous[i];
      return (
        condition.type !== before.type ||
        condition.reason !== before.reason ||
        condition.status !== before.status ||
        condition.message !== before.message
      );
    });
  return { conditions: changed ? next : [...previous], changed };
}

/** Go's string `<` (byte order), not the locale's. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
