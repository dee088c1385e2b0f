import { simulatedBuiltinLuaChecks } from './builtin/builtinLuaChecks';
import type { HealthCustomization } from './healthCustomizations';
import { luaHealthOverrides } from './luaHealthOverrides';
import type { LuaHealthOverrides } from './luaLimitError';
import { LuaVm } from './luaVm';

/**
 * Everything a loaded Lua VM checks: argocd-cm's customizations first, then the built-in Lua checks the sandbox
 * can feed (Rollout; see simulatedBuiltinLuaChecks). One VM runs them all; each script is compiled once, here.
 */
export function healthOverridesWithLua(
  customizations: HealthCustomization[] = [],
  builtins: HealthCustomization[] = simulatedBuiltinLuaChecks,
): LuaHealthOverrides {
  const vm = new LuaVm();
  return luaHealthOverrides(customizations, vm, luaHealthOverrides(builtins, vm));
}
