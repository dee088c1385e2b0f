// lua.js loads first (fengariLoadOrder.ts).
import './fengariLoadOrder';
import * as lua from 'fengari/src/lua.js';
import * as lauxlib from 'fengari/src/lauxlib.js';
import { to_jsstring, to_luastring } from 'fengari/src/fengaricore.js';
import { EPOCH_MS } from '../engine';
import { chargeLua } from './luaBudget';
import { lua51Source } from './lua51Syntax';
import { osDateFields, osDateText, osTimeOf } from './safeOs';

/*
 * The libraries as gopher-lua (Lua 5.1) offers them, on fengari (Lua 5.3), applied to the globals that
 * luaLibraries.ts opened (util/lua/lua.go runLuaWithResourceActionParameters; gopher-lua baselib.go, tablelib.go,
 * mathlib.go, oslib.go, loadlib.go). Added, as gopher-lua has them: unpack, loadstring, getfenv, table.getn,
 * table.maxn, math.pow, math.mod, math.log10, math.atan2, math.cosh, math.sinh, math.tanh, math.frexp, math.ldexp,
 * require and package. Removed, being Lua 5.3's: rawlen, table.move, table.pack, table.unpack, math.type,
 * math.tointeger, math.ult, math.maxinteger, math.mininteger. Changed to gopher-lua's:
 * _VERSION ("Lua 5.1"), math.floor and math.ceil (a float, never a 32-bit integer), math.log (one argument),
 * math.huge (the largest double, not infinity), string.rep (no separator) and tostring (numbers as gopher-lua
 * prints them, goNumberString.ts). Refused with a sentence:
 * setfenv and module (fengari has no function environments), and the os functions that reach the controller's
 * process, files or environment. Left out: io and debug (files, and a way around every limit) and coroutine, whose
 * threads the step budget does not follow (a loop in a coroutine was ended by the wall clock, not by the budget).
 */

/** The virtual time of the check running now, in milliseconds since the Unix epoch (os.time, os.date). */
let clockMs = EPOCH_MS;

/** Sets the virtual clock os.time and os.date read during the next run. */
export function setLuaClock(epochMs: number): void {
  clockMs = epochMs;
}

type JsFunction = (L: lua.LuaState) => number;

/** Libraries only a built-in script or a script with useOpenLibs sees (gopher-lua's OpenLibs). */
export const openOnlyLibraries = ['string', 'math', 'os'];

/** Makes the globals of `L` gopher-lua's, for the open-libraries set; the restricted set is a copy without some. */
export function useLua51Libraries(L: lua.LuaState): void {
  lua.lua_pushstring(L, to_luastring('Lua 5.1'));
  lua.lua_setglobal(L, to_luastring('_VERSION'));
  const tostring = globalFunction(L, 'tostring');
  setGlobal(L, 'tostring', (L) => {
    if (lua.lua_type(L, 1) !== lua.LUA_TNUMBER) return tostring(L);
    // lua_tolstring converts through luaO_tostring, which lua51Numbers.ts makes print as gopher-lua does.
    lua.lua_pushvalue(L, 1);
    lua.lua_tolstring(L, -1);
    return 1;
  });
  const load = globalFunction(L, 'load');
  setGlobal(L, 'load', lua51Load(load));
  setGlobal(L, 'loadstring', lua51Load(load));
  setGlobal(L, 'unpack', unpack);
  setGlobal(L, 'getfenv', getfenv);
  setGlobal(
    L,
    'setfenv',
    refuse('setfenv is not available in the sandbox: fengari, its Lua 5.3 VM, has no function environments'),
  );
  setGlobal(
    L,
    'module',
    refuse('module is not available in the sandbox: fengari, its Lua 5.3 VM, has no function environments'),
  );
  setGlobal(L, 'require', require);
  setGlobal(L, 'rawlen', null);
  fields(L, 'table', { getn, maxn, move: null, pack: null, unpack: null });
  const { floor, ceil } = { floor: field(L, 'math', 'floor'), ceil: field(L, 'math', 'ceil') };
  fields(L, 'math', {
    floor: asFloat(floor),
    ceil: asFloat(ceil),
    log: unary(Math.log),
    log10: unary(Math.log10),
    cosh: unary(Math.cosh),
    sinh: unary(Math.sinh),
    tanh: unary(Math.tanh),
    pow: binary(Math.pow),
    atan2: binary(Math.atan2),
    mod: binary((a, b) => a - Math.floor(a / b) * b),
    frexp,
    ldexp: binary((m, e) => m * 2 ** Math.trunc(e)),
    type: null,
    tointeger: null,
    ult: null,
    maxinteger: null,
    mininteger: null,
  });
  lua.lua_getglobal(L, to_luastring('math'));
  lua.lua_pushnumber(L, Number.MAX_VALUE);
  lua.lua_setfield(L, -2, to_luastring('huge'));
  lua.lua_settop(L, 0);
  const rep = field(L, 'string', 'rep');
  fields(L, 'string', {
    rep: (L) => {
      lua.lua_settop(L, 2);
      return rep(L);
    },
  });
  lua.lua_createtable(L, 0, 12);
  lua.lua_setglobal(L, to_luastring('os'));
  const reaches = (what: string) => (name: string) =>
    refuse(`os.${name} is not available in the sandbox: in Argo CD it reaches the controller's ${what}`);
  const process = reaches('process');
  const files = reaches('files');
  fields(L, 'os', {
    time: osTime,
    date: osDate,
    difftime: binary((a, b) => Math.trunc(a) - Math.trunc(b)),
    clock: process('clock'),
    execute: process('execute'),
    exit: process('exit'),
    getenv: reaches('environment')('getenv'),
    setenv: reaches('environment')('setenv'),
    setlocale: process('setlocale'),
    remove: files('remove'),
    rename: files('rename'),
    tmpname: files('tmpname'),
  });
}

/**
 * `package` as Argo CD leaves it for a script, made anew for each run on first use (luaVm.ts): `loaded` holds `_G`
 * and `table` (Argo CD opens package again after gopher-lua's OpenLibs, which empties it), and `preload` the safe
 * os loader (lua.go `l.PreloadModule(lua.OsLibName, SafeOsLoader)`). Expects the run's globals at index 1.
 */
export function pushFreshPackage(L: lua.LuaState): void {
  lua.lua_createtable(L, 0, 8);
  const pkg = lua.lua_gettop(L);
  lua.lua_createtable(L, 0, 4);
  lua.lua_pushvalue(L, 1);
  lua.lua_setfield(L, -2, to_luastring('_G'));
  lua.lua_getfield(L, 1, to_luastring('table'));
  lua.lua_setfield(L, -2, to_luastring('table'));
  lua.lua_setfield(L, pkg, to_luastring('loaded'));
  lua.lua_createtable(L, 0, 1);
  lua.lua_pushcfunction(L, safeOsLoader);
  lua.lua_setfield(L, -2, to_luastring('os'));
  lua.lua_setfield(L, pkg, to_luastring('preload'));
  lua.lua_pushstring(L, to_luastring(''));
  lua.lua_setfield(L, pkg, to_luastring('path'));
  lua.lua_pushstring(L, to_luastring(''));
  lua.lua_setfield(L, pkg, to_luastring('cpath'));
}

/** require(name) (gopher-lua loadlib.go loRequire): package.loaded, then package.preload; the sandbox reads no files. */
function require(L: lua.LuaState): number {
  const name = lauxlib.luaL_checkstring(L, 1);
  lua.lua_settop(L, 1);
  lua.lua_getglobal(L, to_luastring('package'));
  if (lua.lua_type(L, 2) !== lua.LUA_TTABLE)
    return lauxlib.luaL_error(L, to_luastring('package must be a table'));
  lua.lua_getfield(L, 2, to_luastring('loaded'));
  if (lua.lua_type(L, 3) !== lua.LUA_TTABLE)
    return lauxlib.luaL_error(L, to_luastring('package.loaded must be a table'));
  lua.lua_getfield(L, 3, name);
  if (lua.lua_toboolean(L, 4)) return 1;
  lua.lua_getfield(L, 2, to_luastring('preload'));
  if (lua.lua_type(L, 5) !== lua.LUA_TTABLE)
    return lauxlib.luaL_error(L, to_luastring('package.preload must be a table'));
  lua.lua_getfield(L, 5, name);
  if (lua.lua_type(L, 6) !== lua.LUA_TFUNCTION) {
    const text = to_jsstring(name);
    return lauxlib.luaL_error(
      L,
      to_luastring(
        `module ${text} not found:\n\tno field package.preload['${text}']\n\t(the sandbox reads no Lua files from disk)`,
      ),
    );
  }
  lua.lua_pushvalue(L, 1);
  lua.lua_call(L, 1, 1);
  if (lua.lua_type(L, -1) === lua.LUA_TNIL) {
    lua.lua_pop(L, 1);
    lua.lua_pushboolean(L, true);
  }
  lua.lua_pushvalue(L, -1);
  lua.lua_setfield(L, 3, name);
  return 1;
}

/** oslib_safe.go SafeOsLoader: a table of time and date. */
function safeOsLoader(L: lua.LuaState): number {
  lua.lua_createtable(L, 0, 2);
  lua.lua_pushcfunction(L, osTime);
  lua.lua_setfield(L, -2, to_luastring('time'));
  lua.lua_pushcfunction(L, osDate);
  lua.lua_setfield(L, -2, to_luastring('date'));
  return 1;
}

function osTime(L: lua.LuaState): number {
  if (lua.lua_gettop(L) === 0) {
    lua.lua_pushnumber(L, Math.floor(clockMs / 1000));
    return 1;
  }
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  const int = (key: string, fallback: number): number => {
    lua.lua_pushstring(L, to_luastring(key));
    lua.lua_rawget(L, 1);
    const value = lua.lua_type(L, -1) === lua.LUA_TNUMBER ? Math.trunc(lua.lua_tonumber(L, -1)) : fallback;
    lua.lua_pop(L, 1);
    return value;
  };
  const fields = {
    sec: int('sec', 0),
    min: int('min', 0),
    hour: int('hour', 12),
    day: int('day', -1),
    month: int('month', -1),
    year: int('year', -1),
  };
  lua.lua_pushnumber(L, osTimeOf(fields));
  return 1;
}

function osDate(L: lua.LuaState): number {
  let seconds = Math.floor(clockMs / 1000);
  let format = '%c';
  if (lua.lua_gettop(L) >= 1) {
    format = to_jsstring(lauxlib.luaL_checkstring(L, 1));
    if (format.startsWith('!')) format = format.replace(/^!+/, '');
    if (lua.lua_gettop(L) >= 2) seconds = Math.trunc(lauxlib.luaL_checknumber(L, 2));
    if (format.startsWith('*t')) {
      const fields = osDateFields(seconds);
      lua.lua_createtable(L, 0, 9);
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value === 'boolean') lua.lua_pushboolean(L, value);
        else lua.lua_pushnumber(L, value);
        lua.lua_setfield(L, -2, to_luastring(key));
      }
      return 1;
    }
  }
  chargeLua(format.length / 8);
  lua.lua_pushstring(L, to_luastring(osDateText(format, seconds)));
  return 1;
}

/**
 * load and loadstring: a source string is read as gopher-lua reads it (lua51Syntax.ts), so Lua 5.3 syntax is
 * refused there too, with gopher-lua's message as load's second result.
 */
function lua51Load(load: JsFunction): JsFunction {
  return (L) => {
    const bytes = lua.lua_type(L, 1) === lua.LUA_TSTRING ? lua.lua_tolstring(L, 1) : null;
    // A binary chunk (ESC first) is left to load, which refuses it (mode "t").
    if (bytes && bytes[0] !== 0x1b) {
      // Byte for character, so that text in any encoding comes back byte for byte (the scanner reads ASCII only).
      let text = '';
      for (let i = 0; i < bytes.length; i += 8192) {
        text += String.fromCharCode(...bytes.subarray(i, i + 8192));
      }
      const checked = lua51Source(text);
      if (checked.error !== undefined) {
        lua.lua_pushnil(L);
        lua.lua_pushstring(L, to_luastring(checked.error));
        return 2;
      }
      if (checked.source !== text) {
        lua.lua_pushstring(
          L,
          Uint8Array.from(checked.source, (c) => c.charCodeAt(0)),
        );
        lua.lua_replace(L, 1);
      }
    }
    return load(L);
  };
}

/** unpack(t [, i [, j]]) (baselib.go baseUnpack): raw reads of t[i..j], j defaulting to #t. */
function unpack(L: lua.LuaState): number {
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  const first = Math.trunc(lauxlib.luaL_optnumber(L, 2, 1));
  const last = lua.lua_isnoneornil(L, 3) ? lua.lua_rawlen(L, 1) : Math.trunc(lauxlib.luaL_checknumber(L, 3));
  const count = last - first + 1;
  if (count <= 0) return 0;
  chargeLua(count);
  lauxlib.luaL_checkstack(L, count, to_luastring('too many results to unpack'));
  for (let i = first; i <= last; i++) lua.lua_rawgeti(L, 1, i);
  return count;
}

/** getfenv([f]): the run's globals, the only environment a sandbox script has. */
function getfenv(L: lua.LuaState): number {
  lua.lua_pushglobaltable(L);
  return 1;
}

/** table.getn(t) (tablelib.go tableGetN): the raw length. */
function getn(L: lua.LuaState): number {
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  lua.lua_pushnumber(L, lua.lua_rawlen(L, 1));
  return 1;
}

/** table.maxn(t) (tablelib.go tableMaxN): the largest positive numeric key, 0 when there is none. */
function maxn(L: lua.LuaState): number {
  lauxlib.luaL_checktype(L, 1, lua.LUA_TTABLE);
  let max = 0;
  lua.lua_pushnil(L);
  while (lua.lua_next(L, 1) !== 0) {
    chargeLua(1);
    lua.lua_pop(L, 1);
    if (lua.lua_type(L, -1) === lua.LUA_TNUMBER) max = Math.max(max, lua.lua_tonumber(L, -1));
  }
  lua.lua_pushnumber(L, max);
  return 1;
}

function frexp(L: lua.LuaState): number {
  const x = lauxlib.luaL_checknumber(L, 1);
  if (x === 0 || !Number.isFinite(x)) {
    lua.lua_pushnumber(L, x);
    lua.lua_pushnumber(L, 0);
    return 2;
  }
  let exponent = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
  let mantissa = x * 2 ** -exponent;
  while (Math.abs(mantissa) < 0.5) {
    mantissa *= 2;
    exponent--;
  }
  while (Math.abs(mantissa) >= 1) {
    mantissa /= 2;
    exponent++;
  }
  lua.lua_pushnumber(L, mantissa);
  lua.lua_pushnumber(L, exponent);
  return 2;
}

function unary(f: (x: number) => number): JsFunction {
  return (L) => {
    lua.lua_pushnumber(L, f(lauxlib.luaL_checknumber(L, 1)));
    return 1;
  };
}

function binary(f: (a: number, b: number) => number): JsFunction {
  return (L) => {
    lua.lua_pushnumber(L, f(lauxlib.luaL_checknumber(L, 1), lauxlib.luaL_checknumber(L, 2)));
    return 1;
  };
}

/** A math function's result as a float: gopher-lua's numbers are all doubles (math.floor(3e9) * 2 does not wrap). */
function asFloat(f: JsFunction): JsFunction {
  return (L) => {
    const n = f(L);
    lua.lua_pushnumber(L, lua.lua_tonumber(L, -1));
    lua.lua_replace(L, -2);
    return n;
  };
}

function refuse(message: string): JsFunction {
  return (L) => lauxlib.luaL_error(L, to_luastring(message));
}

function setGlobal(L: lua.LuaState, name: string, f: JsFunction | null): void {
  if (f) lua.lua_pushcfunction(L, f);
  else lua.lua_pushnil(L);
  lua.lua_setglobal(L, to_luastring(name));
}

function globalFunction(L: lua.LuaState, name: string): JsFunction {
  lua.lua_getglobal(L, to_luastring(name));
  const f = lua.lua_tocfunction(L, -1);
  lua.lua_settop(L, 0);
  if (!f) throw new Error(`fengari has no ${name}`);
  return f;
}

function field(L: lua.LuaState, table: string, name: string): JsFunction {
  lua.lua_getglobal(L, to_luastring(table));
  lua.lua_getfield(L, -1, to_luastring(name));
  const f = lua.lua_tocfunction(L, -1);
  lua.lua_settop(L, 0);
  if (!f) throw new Error(`fengari has no ${table}.${name}`);
  return f;
}

function fields(L: lua.LuaState, table: string, entries: Record<string, JsFunction | null>): void {
  lua.lua_getglobal(L, to_luastring(table));
  for (const [name, f] of Object.entries(entries)) {
    if (f) lua.lua_pushcfunction(L, f);
    else lua.lua_pushnil(L);
    lua.lua_setfield(L, -2, to_luastring(name));
  }
  lua.lua_settop(L, 0);
}
