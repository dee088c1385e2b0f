// lua.js loads first (fengariLoadOrder.ts).
import './fengariLoadOrder';
import * as lua from 'fengari/src/lua.js';
import * as lauxlib from 'fengari/src/lauxlib.js';
import { to_luastring } from 'fengari/src/fengaricore.js';
import {
  type HealthCheck,
  healthOrder,
  type HealthStatus,
  type HealthStatusCode,
  type KubeObject,
} from '../engine';
import { EPOCH_MS } from '../engine';
import { defaultLuaLimits, hookEvery, LuaBudget, type LuaLimits } from './luaBudget';
import { openOnlyLibraries, pushFreshPackage, setLuaClock, useLua51Libraries } from './lua51Libraries';
import { useLua51Numbers } from './lua51Numbers';
import { lua51Source } from './lua51Syntax';
import { openSandboxLibraries } from './luaLibraries';
import { meterFengari } from './meterFengari';

/*
 * Why fengari and only its core: toolchain.md §6 measured fengari 0.1.5 (pure JS, 17 µs per health check that
 * reads the object) against wasmoon 1.16.0 (a 112 kB gzip wasm file on top of 38 kB of JS). Health scripts are
 * short and read the object a lot, which is what fengari is fast at; and importing only the VM plus the base,
 * string, table and math libraries (never the `fengari` entry, which adds io, os, package, debug, utf8 and
 * coroutine) keeps the lazily loaded chunk small. The measured chunk size is in README's Lua section.
 */

meterFengari();
useLua51Numbers();

/** A Lua health script that does not compile; `message` is Lua's own, e.g. `name:3: unexpected symbol near 'x'`. */
export class LuaSyntaxError extends Error {}

/**
 * A health script stopped by one of its limits (steps, wall clock, string length; see LuaLimits). It is bad input,
 * not a health: the script would not give Argo CD a health either (Argo CD stops it after 1 s).
 */
export class LuaLimitError extends Error {}

const validStatuses = new Set<string>(healthOrder);
/** Library tables a run gets a shallow copy of on first use, so that what it changes stays in the run. */
const libraryTables = new Set(['string', 'table', 'math', 'os']);
const packageName = 'package';
// Lua strings made once: a run sets these fields every time.
const indexKey = to_luastring('__index');
const globalKey = to_luastring('_G');
const objKey = to_luastring('obj');
const stringKey = to_luastring('string');
const emptyString = to_luastring('');

/**
 * One Lua state that compiles Argo CD health scripts once and runs each against an object in an environment of its
 * own: fresh globals copied from the libraries (luaLibraries.ts), fresh library tables and a fresh string metatable,
 * so nothing one run defines or changes (`ipairs = …`, `string.find = …`, a metatable) is seen by the next, as each
 * of Argo CD's runs gets a new LState (util/lua/lua.go). Every run is metered (luaBudget.ts) until its result is read.
 */
export class LuaVm {
  private readonly L: lua.LuaState;
  /**
   * Registry references of the pristine globals each run's environment is copied from: every library (a built-in
   * script, or an argocd-cm script with useOpenLibs), or Argo CD's default set of base, table and package only
   * (util/lua/lua.go runLuaWithResourceActionParameters, `SkipOpenLibs: !vm.UseOpenLibs`).
   */
  private readonly openTemplate: number;
  private readonly defaultTemplate: number;

  constructor(private readonly limits: LuaLimits = defaultLuaLimits) {
    const L = (this.L = lauxlib.luaL_newstate());
    openSandboxLibraries(L);
    useLua51Libraries(L);
    lua.lua_pushglobaltable(L);
    this.openTemplate = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    lua.lua_pushglobaltable(L);
    copyTable(L);
    for (const name of openOnlyLibraries) {
      lua.lua_pushnil(L);
      lua.lua_setfield(L, -2, to_luastring(name));
    }
    this.defaultTemplate = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
  }

  /**
   * Compiles `source` once and returns a check that runs it with the object as the global `obj`, the way Argo CD's
   * `ExecuteHealthLua` does, with every library when `openLibs` (a built-in script, or argocd-cm's useOpenLibs) or
   * else Argo CD's default set. `chunkName` prefixes Lua's error messages. Throws LuaSyntaxError when it does not
   * parse, Lua 5.3 syntax that gopher-lua does not read included (lua51Syntax.ts).
   */
  compile(source: string, chunkName: string, openLibs = false): HealthCheck {
    const L = this.L;
    lua.lua_settop(L, 0);
    const lua51 = lua51Source(source);
    if (lua51.error !== undefined) throw new LuaSyntaxError(lua51.error);
    const code = to_luastring(lua51.source);
    // Mode "t": text only, so a binary chunk is refused by Lua itself.
    const status = lauxlib.luaL_loadbufferx(
      L,
      code,
      code.length,
      to_luastring(`=${chunkName}`),
      to_luastring('t'),
    );
    if (status !== lua.LUA_OK) {
      const message = lua.lua_tojsstring(L, -1) ?? 'the script does not compile';
      lua.lua_settop(L, 0);
      throw new LuaSyntaxError(message);
    }
    const ref = lauxlib.luaL_ref(L, lua.LUA_REGISTRYINDEX);
    const template = openLibs ? this.openTemplate : this.defaultTemplate;
    return (obj, nowMs) => this.run(ref, template, obj, nowMs ?? 0);
  }

  private run(ref: number, template: number, obj: KubeObject, nowMs: number): HealthStatus | null {
    const L = this.L;
    lua.lua_settop(L, 0);
    setLuaClock(EPOCH_MS + nowMs);
    this.pushFreshEnvironment(obj, template);
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref);
    // The compiled chunk's only upvalue is _ENV: this run's globals.
    lua.lua_pushvalue(L, 1);
    lua.lua_setupvalue(L, 2, 1);
    lua.lua_remove(L, 1);
    const budget = new LuaBudget(L, this.limits);
    lua.lua_sethook(L, budget.hook, lua.LUA_MASKCOUNT, hookEvery);
    budget.begin();
    let status: number;
    try {
      status = lua.lua_pcall(L, 0, 1, 0);
    } finally {
      budget.end();
      lua.lua_sethook(L, null, 0, 0);
    }
    try {
      if (budget.tripped !== undefined) throw new LuaLimitError(budget.tripped);
      if (status !== lua.LUA_OK) throw new Error(lua.lua_tojsstring(L, -1) ?? 'health script failed');
      return readHealth(L);
    } finally {
      lua.lua_settop(L, 0);
    }
  }

  /**
   * Pushes a new globals table for one run, with `_G` and `obj`; it also becomes the registry's globals (the default
   * environment of `load`). The libraries are copied into it on first use (a metatable of its own, whose __index
   * copies the template's entry, and a library table's contents, into this run's table), so a run pays only for
   * the globals it reads. The strings' metatable is new too, its __index this run's string table.
   */
  private pushFreshEnvironment(obj: KubeObject, template: number): void {
    const L = this.L;
    lua.lua_createtable(L, 0, 8);
    const env = lua.lua_gettop(L);
    lua.lua_createtable(L, 0, 1);
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, template);
    lua.lua_pushcclosure(L, firstUse, 1);
    lua.lua_setfield(L, -2, indexKey);
    lua.lua_setmetatable(L, env);
    lua.lua_pushvalue(L, env);
    lua.lua_setfield(L, env, globalKey);
    pushValue(L, obj);
    lua.lua_setfield(L, env, objKey);
    lua.lua_pushvalue(L, env);
    lua.lua_rawseti(L, lua.LUA_REGISTRYINDEX, lua.LUA_RIDX_GLOBALS);
    lua.lua_pushstring(L, emptyString);
    lua.lua_createtable(L, 0, 1);
    lua.lua_pushvalue(L, env);
    lua.lua_pushcclosure(L, stringIndex, 1);
    lua.lua_setfield(L, -2, indexKey);
    lua.lua_setmetatable(L, -2);
    lua.lua_pop(L, 1);
  }
}

/**
 * __index of a run's globals (upvalue 1: the template): the template's entry, a library table copied, stored in
 * the run's globals so that what the script then changes stays in this run.
 */
function firstUse(L: lua.LuaState): number {
  // [env, key]
  if (lua.lua_type(L, 2) === lua.LUA_TSTRING && lua.lua_tojsstring(L, 2) === packageName) {
    pushFreshPackage(L);
    lua.lua_pushvalue(L, 2);
    lua.lua_pushvalue(L, -2);
    lua.lua_rawset(L, 1);
    return 1;
  }
  lua.lua_pushvalue(L, 2);
  lua.lua_rawget(L, lua.lua_upvalueindex(1));
  if (lua.lua_type(L, -1) === lua.LUA_TNIL) return 1;
  if (lua.lua_type(L, -1) === lua.LUA_TTABLE && lua.lua_type(L, 2) === lua.LUA_TSTRING) {
    if (libraryTables.has(lua.lua_tojsstring(L, 2) ?? '')) copyTable(L);
  }
  lua.lua_pushvalue(L, 2);
  lua.lua_pushvalue(L, -2);
  lua.lua_rawset(L, 1);
  return 1;
}

/** __index of strings (upvalue 1: the run's globals): `s:upper()` finds this run's string.upper. */
function stringIndex(L: lua.LuaState): number {
  // [string, key]
  lua.lua_getfield(L, lua.lua_upvalueindex(1), stringKey);
  if (lua.lua_type(L, -1) !== lua.LUA_TTABLE) return 0;
  lua.lua_pushvalue(L, 2);
  lua.lua_gettable(L, -2);
  return 1;
}

/** Replaces the table on top of the stack with a shallow copy of it. */
function copyTable(L: lua.LuaState): void {
  const source = lua.lua_gettop(L);
  lua.lua_createtable(L, 0, 32);
  lua.lua_pushnil(L);
  while (lua.lua_next(L, source) !== 0) {
    lua.lua_pushvalue(L, -2);
    lua.lua_insert(L, -2);
    lua.lua_rawset(L, -4);
  }
  lua.lua_replace(L, source);
}

/** The script's return value as Argo CD reads it (util/lua/lua.go `ExecuteHealthLua`). */
function readHealth(L: lua.LuaState): HealthStatus | null {
  const type = lua.lua_type(L, -1);
  if (type === lua.LUA_TNIL) return null;
  if (type !== lua.LUA_TTABLE) {
    throw new Error(`expect table output from Lua script, not ${typeName(type)}`);
  }
  // Raw reads, as Argo CD's JSON encoding of the table is: no metamethod of the returned table runs.
  const field = (name: string): string => {
    lua.lua_pushstring(L, to_luastring(name));
    lua.lua_rawget(L, -2);
    const value = lua.lua_type(L, -1) === lua.LUA_TNIL ? '' : (lua.lua_tojsstring(L, -1) ?? '');
    lua.lua_settop(L, -2);
    return value;
  };
  const status = field('status');
  const message = field('message');
  if (!validStatuses.has(status)) {
    return { status: 'Unknown', message: 'Lua returned an invalid health status' };
  }
  return { status: status as HealthStatusCode, message };
}

function typeName(type: number): string {
  const names = ['nil', 'boolean', 'userdata', 'number', 'string', 'table', 'function', 'userdata', 'thread'];
  return names[type] ?? 'value';
}

/** Pushes a JSON value as Lua would see it after Argo CD's decodeValue: arrays are 1-based sequences. */
function pushValue(L: lua.LuaState, value: unknown): void {
  if (value === null || value === undefined) lua.lua_pushnil(L);
  else if (typeof value === 'boolean') lua.lua_pushboolean(L, value);
  // A double, as gopher-lua's LNumber: fengari's integers are 32-bit and would wrap past 2^31.
  else if (typeof value === 'number') lua.lua_pushnumber(L, value);
  else if (typeof value === 'string') lua.lua_pushstring(L, to_luastring(value));
  else if (Array.isArray(value)) {
    lua.lua_createtable(L, value.length, 0);
    value.forEach((item, i) => {
      pushValue(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    lua.lua_createtable(L, 0, entries.length);
    for (const [key, item] of entries) {
      if (item === null || item === undefined) continue;
      pushValue(L, item);
      lua.lua_setfield(L, -2, to_luastring(key));
    }
  } else lua.lua_pushnil(L);
}
