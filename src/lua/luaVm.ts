// fengari's defs.js and luaconf.js require each other: lua.js must load first, or LUA_REGISTRYINDEX is NaN.
// lualib.js must load before lstrlib.js too (they also require each other); in the page build it is replaced
// by lualibCore.ts (fengariCorePlugin).
import * as lua from 'fengari/src/lua.js';
import * as lauxlib from 'fengari/src/lauxlib.js';
import { luaopen_base, luaopen_math, luaopen_string, luaopen_table } from 'fengari/src/lualib.js';
import { to_luastring } from 'fengari/src/fengaricore.js';
import type { HealthCheck } from '../engine/health/healthOverrides';
import { healthOrder, type HealthStatus, type HealthStatusCode, type KubeObject } from '../engine/types';

/*
 * Why fengari and only its core: toolchain.md §6 measured fengari 0.1.5 (pure JS, 17 µs per health check that
 * reads the object) against wasmoon 1.16.0 (a 112 kB gzip wasm file on top of 38 kB of JS). Health scripts are
 * short and read the object a lot, which is what fengari is fast at; and importing only the VM plus the base,
 * string, table and math libraries (never the `fengari` entry, which adds io, os, package, debug, utf8 and
 * coroutine) keeps the lazily loaded chunk small. The measured chunk size is in README's Lua section.
 */

/** Lua VM instructions one health check may run: Argo CD stops a script after 1 s; counting is deterministic. */
export const defaultInstructionLimit = 1_000_000;

/** A Lua health script that does not compile; `message` is Lua's own, e.g. `name:3: unexpected symbol near 'x'`. */
export class LuaSyntaxError extends Error {}

const validStatuses = new Set<string>(healthOrder);

/**
 * One Lua state that compiles Argo CD health scripts once and runs them against objects. It opens the base,
 * table, string and math libraries; io, os and package are left out (Argo CD offers only a "safe" os with the
 * wall clock, which a deterministic simulation must not read), and math.random is removed for the same reason.
 */
export class LuaVm {
  private readonly L: lua.LuaState;

  constructor(private readonly instructionLimit = defaultInstructionLimit) {
    this.L = lauxlib.luaL_newstate();
    const libraries: [string, (L: lua.LuaState) => number][] = [
      ['_G', luaopen_base],
      ['table', luaopen_table],
      ['string', luaopen_string],
      ['math', luaopen_math],
    ];
    for (const [name, open] of libraries) {
      lauxlib.luaL_requiref(this.L, to_luastring(name), open, true);
      lua.lua_settop(this.L, 0);
    }
    // No wall time or randomness inside the simulation: the same seed must give the same event log.
    lua.lua_getglobal(this.L, to_luastring('math'));
    lua.lua_pushnil(this.L);
    lua.lua_setfield(this.L, -2, to_luastring('random'));
    lua.lua_pushnil(this.L);
    lua.lua_setfield(this.L, -2, to_luastring('randomseed'));
    lua.lua_settop(this.L, 0);
    // Scripts are compiled from source only (the page build leaves fengari's bytecode writer out).
    lua.lua_getglobal(this.L, to_luastring('string'));
    lua.lua_pushnil(this.L);
    lua.lua_setfield(this.L, -2, to_luastring('dump'));
    lua.lua_settop(this.L, 0);
  }

  /**
   * Compiles `source` once and returns a check that runs it with the object as the global `obj`, the way Argo CD's
   * `ExecuteHealthLua` does. `chunkName` prefixes Lua's error messages. Throws LuaSyntaxError when it does not parse.
   */
  compile(source: string, chunkName: string): HealthCheck {
    const L = this.L;
    lua.lua_settop(L, 0);
    const code = to_luastring(source);
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
    return (obj) => this.run(ref, obj);
  }

  private run(ref: number, obj: KubeObject): HealthStatus | null {
    const L = this.L;
    lua.lua_settop(L, 0);
    pushValue(L, obj);
    lua.lua_setglobal(L, to_luastring('obj'));
    lua.lua_rawgeti(L, lua.LUA_REGISTRYINDEX, ref);
    // The count hook fires once, after the budget is spent, and raises a Lua error that pcall catches.
    const limit = this.instructionLimit;
    lua.lua_sethook(
      L,
      (hooked) => lauxlib.luaL_error(hooked, to_luastring(`health script exceeded ${limit} instructions`)),
      lua.LUA_MASKCOUNT,
      limit,
    );
    const result = lua.lua_pcall(L, 0, 1, 0);
    lua.lua_sethook(L, null, 0, 0);
    try {
      if (result !== lua.LUA_OK) throw new Error(lua.lua_tojsstring(L, -1) ?? 'health script failed');
      return readHealth(L);
    } finally {
      lua.lua_settop(L, 0);
      lua.lua_pushnil(L);
      lua.lua_setglobal(L, to_luastring('obj'));
    }
  }
}

/** The script's return value as Argo CD reads it (util/lua/lua.go `ExecuteHealthLua`). */
function readHealth(L: lua.LuaState): HealthStatus | null {
  const type = lua.lua_type(L, -1);
  if (type === lua.LUA_TNIL) return null;
  if (type !== lua.LUA_TTABLE) {
    throw new Error(`expect table output from Lua script, not ${typeName(type)}`);
  }
  const field = (name: string): string => {
    lua.lua_getfield(L, -1, to_luastring(name));
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
  else if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) lua.lua_pushinteger(L, value);
    else lua.lua_pushnumber(L, value);
  } else if (typeof value === 'string') lua.lua_pushstring(L, to_luastring(value));
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
