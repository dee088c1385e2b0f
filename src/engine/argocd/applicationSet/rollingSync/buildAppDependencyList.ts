/**
 * Which apps each RollingSync step selects (argocd-semantics.md §5.1 "Steps"; progressive_sync.go
 * `buildAppDependencyList`, `labelMatchedExpression`). A step selects an app when every matchExpression holds:
 * `In` needs the label with a listed value, `NotIn` accepts a missing label or an unlisted value, another operator
 * rejects an app carrying that label and is a validation issue. The first step selecting an app is its step.
 */
import type { KubeObject } from '../../../types';
import {
  isRollingSyncStrategy,
  rollingSyncStrategyEnabled,
  rolloutSteps,
  type MatchExpression,
} from './strategy';
import { ValidationIssues } from './validationIssues';

export interface AppDependencies {
  /** Per step (0-based), the names of the apps it selects, in the order of `applications`. */
  appDependencyList: string[][];
  /** App name → its first step, 0-based. Apps in no step are absent. */
  appStepMap: Map<string, number>;
  issues: ValidationIssues;
}

export function buildAppDependencyList(
  appSet: KubeObject,
  applications: readonly KubeObject[],
): AppDependencies {
  const issues = new ValidationIssues();
  const appStepMap = new Map<string, number>();
  const strategyType = appSet.spec?.strategy?.type;
  if (!appSet.spec?.strategy || !strategyType || strategyType === 'AllAtOnce') {
    return { appDependencyList: [], appStepMap, issues };
  }
  const steps =
    isRollingSyncStrategy(appSet) && rollingSyncStrategyEnabled(appSet) ? rolloutSteps(appSet) : [];
  const appDependencyList: string[][] = steps.map(() => []);

  for (const app of applications) {
    const name = app.metadata.name ?? '';
    const labels = app.metadata.labels ?? {};
    steps.forEach((step, i) => {
      let selected = true;
      for (const expression of step.matchExpressions ?? []) {
        if (Object.prototype.hasOwnProperty.call(labels, expression.key)) {
          const matched = labelMatchedExpression(labels[expression.key], expression);
          if (matched === 'invalid' && !issues.alreadyExists(i, expression.operator)) {
            issues.invalidMatchExpressions.push({ stepIndex: i, operator: expression.operator });
            selected = false;
            break;
          }
          // An invalid operator already recorded for this step still rejects the app (Go: valueMatched is false).
          if (matched !== true) {
            selected = false;
            break;
          }
        } else if (expression.operator === 'In') {
          selected = false;
          break;
        }
      }
      if (!selected) return;
      appDependencyList[i].push(name);
      const first = appStepMap.get(name);
      if (first !== undefined) {
        const steps = issues.duplicateAppSelections.get(name) ?? [first];
        steps.push(i);
        issues.duplicateAppSelections.set(name, steps);
      } else {
        appStepMap.set(name, i);
      }
    });
  }
  appDependencyList.forEach((apps, i) => {
    if (apps.length === 0) issues.emptySteps.push(i);
  });
  return { appDependencyList, appStepMap, issues };
}

function labelMatchedExpression(value: string, expression: MatchExpression): boolean | 'invalid' {
  if (expression.operator !== 'In' && expression.operator !== 'NotIn') return 'invalid';
  const listed = (expression.values ?? []).includes(value);
  return expression.operator === 'In' ? listed : !listed;
}

/** The 1-based step an app's status shows, `-1` for an app in no step (`getAppStep`). */
export function appStep(name: string, appStepMap: ReadonlyMap<string, number>): number {
  const step = appStepMap.get(name);
  return step === undefined ? -1 : step + 1;
}
