import type { HealthOverrides } from '../engine/health/healthOverrides';
import { builtinLuaChecks } from './builtin/builtinLuaChecks';
import type { HealthCustomization } from './healthCustomizations';
import { luaHealthOverrides } from './luaHealthOverrides';
import { LuaVm } from './luaVm';

/**
 * Everything a loaded Lua VM checks: argocd-cm's customizations first, then the built-in Lua checks (Rollout,
 * PodDisruptionBudget). One VM runs them all; each script is compiled once, here.
 */
export function healthOverridesWithLua(customizations: HealthCustomization[] = []): HealthOverrides {
  const vm = new LuaVm();
  return luaHealthOverrides(customizations, vm, luaHealthOverrides(builtinLuaChecks, vm));
}
