/**
 * Types for the parts of fengari 0.1.5 (Lua 5.3 in plain JavaScript, no types of its own) that the sandbox
 * imports. Only the core modules are imported, never the package entry `fengari`, so that io, os, package and
 * the debug library stay out of the page's Lua chunk (see luaVm.ts for the measured sizes).
 */
declare module 'fengari/src/lua.js' {
  export type LuaState = { readonly __luaState: unique symbol };
  export type LuaString = Uint8Array;
  export const LUA_OK: number;
  export const LUA_ERRSYNTAX: number;
  export const LUA_MASKCOUNT: number;
  export const LUA_REGISTRYINDEX: number;
  export const LUA_MULTRET: number;
  export const LUA_TNIL: number;
  export const LUA_TTABLE: number;
  export const LUA_TSTRING: number;
  export function lua_createtable(L: LuaState, narray: number, nrec: number): void;
  export function lua_pushnil(L: LuaState): void;
  export function lua_pushboolean(L: LuaState, b: boolean): void;
  export function lua_pushinteger(L: LuaState, n: number): void;
  export function lua_pushnumber(L: LuaState, n: number): void;
  export function lua_pushstring(L: LuaState, s: LuaString): void;
  export function lua_setfield(L: LuaState, idx: number, k: LuaString): void;
  export function lua_getfield(L: LuaState, idx: number, k: LuaString): number;
  export function lua_rawseti(L: LuaState, idx: number, n: number): void;
  export function lua_rawgeti(L: LuaState, idx: number, n: number): number;
  export function lua_setglobal(L: LuaState, name: LuaString): void;
  export function lua_getglobal(L: LuaState, name: LuaString): number;
  export function lua_pcall(L: LuaState, nargs: number, nresults: number, errfunc: number): number;
  export function lua_settop(L: LuaState, idx: number): void;
  export function lua_gettop(L: LuaState): number;
  export function lua_type(L: LuaState, idx: number): number;
  export function lua_tojsstring(L: LuaState, idx: number): string | null;
  export function lua_sethook(
    L: LuaState,
    hook: ((L: LuaState, ar: unknown) => void) | null,
    mask: number,
    count: number,
  ): void;
}

declare module 'fengari/src/lauxlib.js' {
  import type { LuaState, LuaString } from 'fengari/src/lua.js';
  export function luaL_newstate(): LuaState;
  export function luaL_loadbufferx(
    L: LuaState,
    s: LuaString,
    sz: number,
    name: LuaString,
    mode: LuaString,
  ): number;
  export function luaL_ref(L: LuaState, t: number): number;
  export function luaL_error(L: LuaState, fmt: LuaString): never;
  export function luaL_requiref(
    L: LuaState,
    name: LuaString,
    open: (L: LuaState) => number,
    global: boolean,
  ): void;
}

declare module 'fengari/src/fengaricore.js' {
  export function to_luastring(s: string): Uint8Array;
}

declare module 'fengari/src/lualib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaopen_base(L: LuaState): number;
  export function luaopen_string(L: LuaState): number;
  export function luaopen_table(L: LuaState): number;
  export function luaopen_math(L: LuaState): number;
}

declare module 'fengari/src/lbaselib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaopen_base(L: LuaState): number;
}
declare module 'fengari/src/lstrlib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaopen_string(L: LuaState): number;
}
declare module 'fengari/src/ltablib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaopen_table(L: LuaState): number;
}
declare module 'fengari/src/lmathlib.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  export function luaopen_math(L: LuaState): number;
}
