import type { LuaState } from 'fengari/src/lua.js';

/** Opens the sandbox's metered string library (meteredStrlib.js). */
export function luaopen_string(L: LuaState): number;
