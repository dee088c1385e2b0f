// Declarations for the parts of fengari that the Lua 5.1 layer uses (lua51Numbers.ts, lua51Libraries.ts), beside
// fengari.d.ts; TypeScript merges them into the same modules.
declare module 'fengari/src/lua.js' {
  export function lua_tonumber(L: LuaState, idx: number): number;
  export function lua_toboolean(L: LuaState, idx: number): boolean;
  export function lua_rawequal(L: LuaState, a: number, b: number): boolean;
  export function lua_rawlen(L: LuaState, idx: number): number;
  export function lua_isfunction(L: LuaState, idx: number): boolean;
  export const LUA_TBOOLEAN: number;
}
declare module 'fengari/src/lauxlib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaL_checknumber(L: LuaState, arg: number): number;
  export function luaL_optnumber(L: LuaState, arg: number, def: number): number;
  export function luaL_checkstring(L: LuaState, arg: number): Uint8Array;
  export function luaL_optstring(L: LuaState, arg: number, def: Uint8Array): Uint8Array;
  export function luaL_checkstack(L: LuaState, space: number, msg: Uint8Array): void;
  export function luaL_argerror(L: LuaState, arg: number, extramsg: Uint8Array): never;
}
declare module 'fengari/src/lstring.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaS_bless(L: LuaState, str: Uint8Array): unknown;
}
