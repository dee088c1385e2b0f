/**
 * Which ApplicationSets do RollingSync (applicationset/progressivesync/progressive_sync.go
 * `IsRollingSyncStrategy`, `RollingSyncStrategyEnabled`, `IsDeletionOrderReversed`; argocd-semantics.md §5.1).
 */
import type { JsonAny, KubeObject } from '../../../types';

export interface MatchExpression {
  key: string;
  operator: string;
  values?: string[];
}

export interface RolloutStep {
  matchExpressions?: MatchExpression[];
  /** An integer, or a string that should be a percentage (`"50%"`); anything else is an invalid value. */
  maxUpdate?: number | string;
}

/** `strategy.type: RollingSync` with a `rollingSync` key (steps may still be empty). */
export function isRollingSyncStrategy(appSet: KubeObject): boolean {
  const strategy: JsonAny = appSet.spec?.strategy;
  return strategy != null && strategy.type === 'RollingSync' && strategy.rollingSync != null;
}

/** RollingSync with at least one step: the only case in which steps and statuses are computed. */
export function rollingSyncStrategyEnabled(appSet: KubeObject): boolean {
  return isRollingSyncStrategy(appSet) && rolloutSteps(appSet).length > 0;
}

export function isStepsEmpty(appSet: KubeObject): boolean {
  return rolloutSteps(appSet).length === 0;
}

export function rolloutSteps(appSet: KubeObject): RolloutStep[] {
  const steps: JsonAny = appSet.spec?.strategy?.rollingSync?.steps;
  return Array.isArray(steps) ? steps : [];
}

/** `deletionOrder: Reverse` (case-insensitive, Go `strings.EqualFold`) with RollingSync steps. */
export function isDeletionOrderReversed(appSet: KubeObject): boolean {
  const order: JsonAny = appSet.spec?.strategy?.deletionOrder;
  return rollingSyncStrategyEnabled(appSet) && typeof order === 'string' && order.toLowerCase() === 'reverse';
}
