import type { HealthCustomization } from '../healthCustomizations';
import { podDisruptionBudgetHealthLua } from './podDisruptionBudgetHealthLua';
import { rolloutHealthLua } from './rolloutHealthLua';

/**
 * Health checks Argo CD ships as Lua (resource_customizations/<group>/<kind>/health.lua) that the sandbox runs
 * through its Lua VM wherever one is loaded (argocd-semantics.md §3.0 rule 2, §3.11), with every library, as Argo CD
 * runs its built-in scripts (util/lua/lua.go GetHealthScript). argocd-cm customizations
 * for the same kind, and argocd-cm wildcards, take precedence, as in Argo CD's GetHealthScript.
 */
export const builtinLuaChecks: HealthCustomization[] = [
  {
    key: 'resource_customizations/argoproj.io/Rollout/health.lua',
    group: 'argoproj.io',
    kind: 'Rollout',
    source: rolloutHealthLua,
    useOpenLibs: true,
  },
  {
    key: 'resource_customizations/policy/PodDisruptionBudget/health.lua',
    group: 'policy',
    kind: 'PodDisruptionBudget',
    source: podDisruptionBudgetHealthLua,
    useOpenLibs: true,
  },
];

/**
 * The built-in checks a simulation runs. PodDisruptionBudget's check reads `status.currentHealthy` and
 * `status.desiredHealthy`, which Kubernetes' disruption controller writes; the sandbox has no such controller yet,
 * so every PDB would stay `Progressing` ("Waiting for status") and hold its wave for ever, which no real cluster does.
 * Its script is kept (and tested on Argo CD's own cases) for when that controller exists.
 */
export const simulatedBuiltinLuaChecks: HealthCustomization[] = builtinLuaChecks.filter(
  (check) => check.kind !== 'PodDisruptionBudget',
);
