/**
 * The page's "maxUpdate" toggle (argocd-semantics.md §5.1 "maxUpdate"): the same ApplicationSet with every RollingSync
 * step's `maxUpdate` set to one value (a number, or a percentage string such as `"100%"`). A set without RollingSync
 * steps is returned as it is.
 */
import type { KubeObject } from '../../../types';

export function withMaxUpdate(appSet: KubeObject, maxUpdate: number | string): KubeObject {
  const steps = appSet.spec?.strategy?.rollingSync?.steps;
  if (!Array.isArray(steps) || steps.length === 0) return appSet;
  return {
    ...appSet,
    spec: {
      ...appSet.spec,
      strategy: {
        ...appSet.spec.strategy,
        rollingSync: {
          ...appSet.spec.strategy.rollingSync,
          steps: steps.map((step) => ({ ...step, maxUpdate })),
        },
      },
    },
  };
}
