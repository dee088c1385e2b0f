import type { HealthCustomization } from '../healthCustomizations';
import { podDisruptionBudgetHealthLua } from './podDisruptionBudgetHealthLua';
import { rolloutHealthLua } from './rolloutHealthLua';

/**
 * Health checks Argo CD ships as Lua (resource_customizations/<group>/<kind>/health.lua) that the sandbox runs
 * through its Lua VM wherever one is loaded (argocd-semantics.md §3.0 rule 2, §3.11). argocd-cm customizations
 * for the same kind, and argocd-cm wildcards, take precedence, as in Argo CD's GetHealthScript.
 */
export const builtinLuaChecks: HealthCustomization[] = [
  {
    key: 'resource_customizations/argoproj.io/Rollout/health.lua',
    group: 'argoproj.io',
    kind: 'Rollout',
    source: rolloutHealthLua,
  },
  {
    key: 'resource_customizations/policy/PodDisruptionBudget/health.lua',
    group: 'policy',
    kind: 'PodDisruptionBudget',
    source: podDisruptionBudgetHealthLua,
  },
];
