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
  export const LUA_TNUMBER: number;
  export const LUA_TFUNCTION: number;
  export const LUA_RIDX_GLOBALS: number;
  export type JsFunction = (L: LuaState) => number;
  export class lua_Debug {
    currentline: number;
    short_src: LuaString;
  }
  export function lua_getstack(L: LuaState, level: number, ar: lua_Debug): number;
  export function lua_getinfo(L: LuaState, what: LuaString, ar: lua_Debug): number;
  export function lua_pushcfunction(L: LuaState, f: JsFunction): void;
  export function lua_pushcclosure(L: LuaState, f: JsFunction, n: number): void;
  export function lua_tocfunction(L: LuaState, idx: number): JsFunction | null;
  export function lua_upvalueindex(i: number): number;
  export function lua_setupvalue(L: LuaState, funcindex: number, n: number): string | null;
  export function lua_pushglobaltable(L: LuaState): void;
  export function lua_pushvalue(L: LuaState, idx: number): void;
  export function lua_insert(L: LuaState, idx: number): void;
  export function lua_replace(L: LuaState, idx: number): void;
  export function lua_copy(L: LuaState, from: number, to: number): void;
  export function lua_remove(L: LuaState, idx: number): void;
  export function lua_pop(L: LuaState, n: number): void;
  export function lua_next(L: LuaState, idx: number): number;
  export function lua_rawget(L: LuaState, idx: number): number;
  export function lua_rawset(L: LuaState, idx: number): void;
  export function lua_geti(L: LuaState, idx: number, n: number): number;
  export function lua_gettable(L: LuaState, idx: number): number;
  export function lua_setmetatable(L: LuaState, idx: number): void;
  export function lua_call(L: LuaState, nargs: number, nresults: number): void;
  export function lua_error(L: LuaState): never;
  export function lua_isnoneornil(L: LuaState, idx: number): boolean;
  export function lua_tolstring(L: LuaState, idx: number): LuaString | null;
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
  export function luaL_where(L: LuaState, level: number): void;
  export function luaL_checkany(L: LuaState, arg: number): void;
  export function luaL_checktype(L: LuaState, arg: number, t: number): void;
  export function luaL_checklstring(L: LuaState, arg: number): LuaString;
  export function luaL_optinteger(L: LuaState, arg: number, def: number): number;
  export function luaL_checkinteger(L: LuaState, arg: number): number;
  export function luaL_len(L: LuaState, idx: number): number;
  export function luaL_requiref(
    L: LuaState,
    name: LuaString,
    open: (L: LuaState) => number,
    global: boolean,
  ): void;
}

declare module 'fengari/src/fengaricore.js' {
  export function to_luastring(s: string): Uint8Array;
  export function to_jsstring(s: Uint8Array): string;
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

// The two core modules whose exports meterFengari.ts wraps (imported as the CommonJS module object itself).
declare module 'fengari/src/ltable.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  type Table = { readonly __luaTable: unique symbol };
  type TValue = { readonly __luaValue: unique symbol };
  const ltable: {
    luaH_setint(t: Table, key: number, value: TValue): void;
    luaH_setfrom(L: LuaState, t: Table, key: TValue, value: TValue): void;
    luaH_new(L: LuaState): Table;
  };
  export default ltable;
}
declare module 'fengari/src/lobject.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  const lobject: {
    setsvalue2s(L: LuaState, index: number, ts: { realstring: Uint8Array }): void;
    luaO_pushvfstring(L: LuaState, fmt: Uint8Array, args: Uint8Array[]): Uint8Array;
  };
  export default lobject;
}
declare module 'fengari/src/ldebug.js' {
  import type { LuaState } from 'fengari/src/lua.js';
  const ldebug: { luaG_errormsg(L: LuaState): never };
  export default ldebug;
}
