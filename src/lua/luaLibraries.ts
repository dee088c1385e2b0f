// lua.js loads first (fengariLoadOrder.ts).
// In the page build lualib.js is replaced by lualibCore.ts (fengariCorePlugin).
import './fengariLoadOrder';
import * as lua from 'fengari/src/lua.js';
import * as lauxlib from 'fengari/src/lauxlib.js';
import { luaopen_base, luaopen_math, luaopen_table } from 'fengari/src/lualib.js';
import { to_luastring } from 'fengari/src/fengaricore.js';
import { activeBudget, chargeLua, chargeLuaString, refuseLongString } from './luaBudget';
import { luaopen_string } from './meteredStrlib.js';

/*
 * What a health script may call. Argo CD (util/lua/lua.go runLuaWithResourceActionParameters) opens gopher-lua's
 * package, base and table libraries and a "safe" os (time and date only) for an argocd-cm script, and every library
 * for its built-in scripts or a script with `useOpenLibs`. The sandbox offers the part of that which reaches neither
 * files, the clock, the process nor the environment, the same to every script: base, table, string and math.
 *
 * Left out, and why: io, os, package/require, debug, coroutine, utf8 (never opened); dofile and loadfile (they read
 * any file on disk, and block for ever on a FIFO); collectgarbage (it reaches the process and means nothing here);
 * os.time/os.date and math.random/randomseed (wall time and randomness would make runs differ); string.dump and
 * binary chunks (only source text is compiled, in the CLI as on the page). `print` is kept, writing nothing: scripts
 * that print for debugging still run, as in Argo CD, and nothing reaches `sim --json`'s stdout.
 *
 * Replaced, so that a limit stays uncatchable and every allocation is metered: pcall and xpcall (they re-raise a
 * tripped limit), load (text only, its source charged, the run's own globals as its default environment) and
 * table.concat (the result's length is known, and refused past the string limit, before it is built).
 */
const removedGlobals = ['dofile', 'loadfile', 'collectgarbage'];

/** Opens the sandbox's libraries into the state's globals (see above). */
export function openSandboxLibraries(L: lua.LuaState): void {
  const libraries: [string, (L: lua.LuaState) => number][] = [
    ['_G', luaopen_base],
    ['table', luaopen_table],
    ['string', luaopen_string],
    ['math', luaopen_math],
  ];
  for (const [name, open] of libraries) {
    lauxlib.luaL_requiref(L, to_luastring(name), open, true);
    lua.lua_settop(L, 0);
  }
  for (const name of removedGlobals) setGlobal(L, name, null);
  setGlobal(L, 'print', () => 0);
  setGlobal(L, 'pcall', limitedPcall);
  setGlobal(L, 'xpcall', limitedXpcall);
  setGlobal(L, 'load', textOnlyLoad(original(L, undefined, 'load')));
  setField(L, 'math', 'random', null);
  setField(L, 'math', 'randomseed', null);
  setField(L, 'table', 'concat', measuredConcat(original(L, 'table', 'concat')));
}

type JsFunction = (L: lua.LuaState) => number;

function setGlobal(L: lua.LuaState, name: string, f: JsFunction | null): void {
  if (f) lua.lua_pushcfunction(L, f);
  else lua.lua_pushnil(L);
  lua.lua_setglobal(L, to_luastring(name));
}

function setField(L: lua.LuaState, table: string, name: string, f: JsFunction | null): void {
  lua.lua_getglobal(L, to_luastring(table));
  if (f) lua.lua_pushcfunction(L, f);
  else lua.lua_pushnil(L);
  lua.lua_setfield(L, -2, to_luastring(name));
  lua.lua_settop(L, 0);
}

function original(L: lua.LuaState, table: string | undefined, name: string): JsFunction {
  if (table) {
    lua.lua_getglobal(L, to_luastring(table));
    lua.lua_getfield(L, -1, to_luastring(name));
  } else lua.lua_getglobal(L, to_luastring(name));
  const f = lua.lua_tocfunction(L, -1);
  lua.lua_settop(L, 0);
  if (!f) throw new Error(`fengari has no ${table ? `${table}.` : ''}${name}`);
  return f;
}

/** Raises the run's tripped limit again, if one tripped inside a protected call. */
function reraiseLimit(): void {
  const budget = activeBudget();
  if (budget?.tripped !== undefined) budget.trip(budget.tripped);
}

/** pcall(f, ...): Lua's, except that a tripped limit is raised again instead of returned as false. */
function limitedPcall(L: lua.LuaState): number {
  lauxlib.luaL_checkany(L, 1);
  const status = lua.lua_pcall(L, lua.lua_gettop(L) - 1, lua.LUA_MULTRET, 0);
  reraiseLimit();
  lua.lua_pushboolean(L, status === lua.LUA_OK);
  lua.lua_insert(L, 1);
  return lua.lua_gettop(L);
}

/**
 * xpcall(f, handler, ...): Lua's, except that a tripped limit is raised again, and the handler is not called for it.
 * A limit trips inside the count hook, where Lua runs a message handler with hooks off: a handler that looped there
 * would never be stopped.
 */
function limitedXpcall(L: lua.LuaState): number {
  const n = lua.lua_gettop(L);
  lauxlib.luaL_checktype(L, 2, lua.LUA_TFUNCTION);
  // [f, handler, args…] → [guarded handler, f, args…]: the message handler at index 1.
  lua.lua_pushvalue(L, 1);
  lua.lua_pushvalue(L, 2);
  lua.lua_pushcclosure(L, guardedHandler, 1);
  lua.lua_replace(L, 1);
  lua.lua_replace(L, 2);
  const status = lua.lua_pcall(L, n - 2, lua.LUA_MULTRET, 1);
  reraiseLimit();
  lua.lua_pushboolean(L, status === lua.LUA_OK);
  lua.lua_replace(L, 1);
  return lua.lua_gettop(L);
}

/** The script's message handler, unless a limit tripped: then the limit's error is passed on as it is. */
function guardedHandler(L: lua.LuaState): number {
  if (activeBudget()?.tripped !== undefined) return 1;
  lua.lua_pushvalue(L, lua.lua_upvalueindex(1));
  lua.lua_insert(L, 1);
  lua.lua_call(L, lua.lua_gettop(L) - 1, 1);
  return 1;
}

/** load(chunk [, name [, mode [, env]]]) compiling text only, whatever mode the script asks for. */
function textOnlyLoad(load: JsFunction): JsFunction {
  return (L) => {
    if (lua.lua_gettop(L) < 3) lua.lua_settop(L, 3);
    lua.lua_pushstring(L, to_luastring('t'));
    lua.lua_replace(L, 3);
    if (lua.lua_type(L, 1) === lua.LUA_TSTRING) {
      chargeLua((lua.lua_tolstring(L, 1)?.length ?? 0) / 8);
    } else if (lua.lua_type(L, 1) === lua.LUA_TFUNCTION) {
      // A reader function's pieces are charged as they come.
      lua.lua_pushvalue(L, 1);
      lua.lua_pushcclosure(L, meteredReader, 1);
      lua.lua_replace(L, 1);
    }
    return load(L);
  };
}

function meteredReader(L: lua.LuaState): number {
  lua.lua_pushvalue(L, lua.lua_upvalueindex(1));
  lua.lua_call(L, 0, 1);
  if (lua.lua_type(L, -1) === lua.LUA_TSTRING) chargeLua((lua.lua_tolstring(L, -1)?.length ?? 0) / 8);
  return 1;
}

/** table.concat, refused before it builds a string past the limit (the pieces are measured first). */
function measuredConcat(concat: JsFunction): JsFunction {
  return (L) => {
    lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
    const separator = lua.lua_isnoneornil(L, 2) ? 0 : lauxlib.luaL_checklstring(L, 2).length;
    const first = lauxlib.luaL_optinteger(L, 3, 1);
    const last = lua.lua_isnoneornil(L, 4) ? lauxlib.luaL_len(L, 1) : lauxlib.luaL_checkinteger(L, 4);
    let length = 0;
    for (let i = first; i <= last; i++) {
      chargeLua(1);
      lua.lua_geti(L, 1, i);
      const t = lua.lua_type(L, -1);
      // Anything else is refused by table.concat itself, with Lua's message.
      if (t !== lua.LUA_TSTRING && t !== lua.LUA_TNUMBER) {
        lua.lua_pop(L, 1);
        break;
      }
      length += (lua.lua_tolstring(L, -1)?.length ?? 0) + (i > first ? separator : 0);
      lua.lua_pop(L, 1);
      refuseLongString(length);
    }
    chargeLuaString(length);
    return concat(L);
  };
}
