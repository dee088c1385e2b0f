import { describe, expect, it } from 'vitest';
import { EPOCH_MS } from '../engine';
import { healthOf } from '../engine/health/healthOf';
import type { KubeObject } from '../engine/types';
import { ArgocdCmError, healthCustomizations } from './healthCustomizations';
import { healthOverridesWithLua } from './healthOverridesWithLua';
import { LuaSyntaxError, LuaVm } from './luaVm';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
const key = 'resource.customizations.health.ConfigMap';
/** The message of a script that returns `expression` (an argocd-cm script, or with every library when `open`). */
const message = (expression: string, open = false, nowMs?: number): string | undefined =>
  new LuaVm().compile(`return { status = 'Healthy', message = ${expression} }`, key, open)(cm, nowMs)
    ?.message;
const compileError = (source: string): string => {
  try {
    new LuaVm().compile(source, key);
  } catch (error) {
    expect(error).toBeInstanceOf(LuaSyntaxError);
    return (error as Error).message;
  }
  throw new Error('the script compiled');
};

/*
 * Lua as Argo CD runs it (issue 28): gopher-lua, which is Lua 5.1 (plus goto), on the sandbox's fengari (Lua 5.3).
 * The libraries are util/lua/lua.go runLuaWithResourceActionParameters's, the numbers gopher-lua's value.go, the
 * syntax gopher-lua's parse/lexer.go (argocd-semantics.md §8 "The Lua runtime").
 */
describe('Lua 5.1 syntax: what Lua 5.3 adds is a load error, in gopher-lua’s words (parse/lexer.go)', () => {
  it.each([
    ['return 7 // 2', "<string> line:1(column:11) near '/':   syntax error"],
    ['return 6 & 3', "<string> line:1(column:10) near '&':   Invalid token"],
    ['return 6 | 3', "<string> line:1(column:10) near '|':   Invalid token"],
    ['return ~6', "<string> line:1(column:8) near '~':   Invalid '~' token"],
    ['local x = 1\nreturn x << 2', "<string> line:2(column:11) near '<':   syntax error"],
    ['return 8 >> 1', "<string> line:1(column:11) near '>':   syntax error"],
  ])('%j is refused', (source, error) => {
    expect(compileError(source)).toBe(error);
  });

  it('reads those characters inside strings and comments as text, and ~= as an operator', () => {
    expect(message("'a // b & c | d ~ e << f >> g' -- 7 // 2\n--[[ 6 & 3 ]] .. tostring(1 ~= 2)")).toBe(
      'a // b & c | d ~ e << f >> gtrue',
    );
  });

  it('load and loadstring refuse them too, with the message as their second result', () => {
    expect(message("select(2, loadstring('return 7 // 2'))")).toBe(
      "<string> line:1(column:11) near '/':   syntax error",
    );
  });

  it('reads escapes as gopher-lua’s scanEscape: "\\x41" is x41, "\\z" is z, "\\300" keeps its low byte', () => {
    expect(message(String.raw`"\x41" .. "\z" .. "\q" .. #"\300"`)).toBe('x41zq1');
  });
});

describe('numbers as gopher-lua has them: doubles, printed by value.go LNumber.String', () => {
  it.each([
    ['tostring(10/2)', '5'],
    ['10/2 .. ""', '5'],
    ['tostring(0.1)', '0.1'],
    ['tostring(1e15)', '1000000000000000'],
    ['tostring(2147483647 + 1)', '2147483648'],
    ['tostring(0xffffffff)', '4294967295'],
    ['tostring(1/0) .. " " .. tostring(-1/0)', '+Inf -Inf'],
    ['tostring(1234567.5)', '1.2345675e+06'],
    ['tostring(tonumber("3"))', '3'],
    ['table.concat({1.5, 2/1}, ",")', '1.5,2'],
  ])('%s is %j', (expression, printed) => {
    expect(message(expression)).toBe(printed);
  });

  it('string.format("%s") and string.rep agree (string library open)', () => {
    expect(message("string.format('%s', 6/3) .. string.rep('ab', 2, ', ')", true)).toBe('2abab');
  });
});

describe('the libraries of util/lua/lua.go runLuaWithResourceActionParameters', () => {
  it('has Lua 5.1’s base functions: unpack, loadstring, getfenv; _VERSION is Lua 5.1 (gopher-lua baselib.go)', () => {
    expect(
      message(
        "select('#', unpack({1, 2, 3})) .. ' ' .. loadstring('return 4')() .. ' ' .. type(getfenv()) .. ' ' .. _VERSION",
      ),
    ).toBe('3 4 table Lua 5.1');
  });

  it('has table.getn and table.maxn, not Lua 5.3’s rawlen, table.move, table.pack or table.unpack (tablelib.go)', () => {
    expect(
      message(
        'table.getn({1, 2}) .. table.maxn({[7] = 1}) .. type(rawlen) .. type(table.move) .. type(table.pack) .. type(table.unpack)',
      ),
    ).toBe('27nilnilnilnil');
  });

  it('string.find fails in an argocd-cm script (string is not opened), as in Argo CD, where health is Unknown', () => {
    expect(() => message("tostring(string.find('abc', 'b'))")).toThrow(
      `${key}:1: attempt to index a nil value (global 'string')`,
    );
    expect(message("tostring(string.find('abc', 'b'))", true)).toBe('2');
    const source = "if string.find(obj.metadata.name, 'c') then return { status = 'Healthy' } end";
    const customization = { key, group: '', kind: 'ConfigMap', source };
    expect(healthOf(cm, { overrides: healthOverridesWithLua([customization], []) })).toEqual({
      status: 'Unknown',
      message: `${key}:1: attempt to index a nil value (global 'string')`,
    });
    expect(
      healthOf(cm, { overrides: healthOverridesWithLua([{ ...customization, useOpenLibs: true }], []) })
        ?.status,
    ).toBe('Healthy');
  });

  it('math as gopher-lua’s mathlib.go with useOpenLibs: pow, mod, log10, huge is the largest double; no math.type', () => {
    expect(
      message(
        'math.pow(2, 10) .. " " .. math.mod(-7, 3) .. " " .. math.log10(1000) .. " " .. math.huge .. " " .. type(math.type)',
        true,
      ),
    ).toBe('1024 2 3 1.7976931348623157e+308 nil');
  });

  it('safe os: require("os") gives time and date; the global os is nil and table.time is not set (oslib_safe.go)', () => {
    // OpenSafeOs registers time and date under the name "table", but RegisterModule (gopher-lua auxlib.go) returns
    // the table library already in package.loaded without adding them: table.time stays nil.
    expect(
      message(
        "type(os) .. ' ' .. type(table.time) .. ' ' .. type(require('os').time) .. ' ' .. type(require('os').date)",
      ),
    ).toBe('nil nil function function');
  });

  it('os.time and os.date read the virtual clock, never the wall clock', () => {
    const at = 90_061_000; // t0 + 1 day 1 h 1 min 1 s
    expect(message("require('os').time()", false, at)).toBe(String((EPOCH_MS + at) / 1000));
    expect(message("require('os').date('!%Y-%m-%dT%H:%M:%SZ')", false, at)).toBe('2026-01-02T01:01:01Z');
    expect(
      message("os.date('%c') .. ' ' .. os.time({year = 2026, month = 1, day = 1, hour = 0})", true),
    ).toBe(`01 Jan 26 00:00 UTC ${EPOCH_MS / 1000}`);
  });

  it('a package.preload entry is what require returns, once', () => {
    expect(
      message(
        "(function() package.preload.x = function() n = (n or 0) + 1 return 'x' .. n end return require('x') .. require('x') end)()",
      ),
    ).toBe('x1x1');
  });
});

describe('argocd-cm resource.customizations.useOpenLibs.<group_kind> (util/settings/settings.go)', () => {
  const data = (value: string) => ({
    data: {
      'resource.customizations.health.apps_Deployment': 'return nil',
      'resource.customizations.useOpenLibs.apps_Deployment': value,
    },
  });

  it('true gives that group/kind’s script every library; false or absent does not', () => {
    expect(healthCustomizations(data('true'))[0].useOpenLibs).toBe(true);
    expect(healthCustomizations(data('false'))[0].useOpenLibs).toBe(false);
    expect(healthCustomizations({ data: { [key]: 'return nil' } })[0].useOpenLibs).toBeUndefined();
  });

  it('a value strconv.ParseBool does not read fails the settings, in Go’s words', () => {
    expect(() => healthCustomizations(data('yes'))).toThrow(ArgocdCmError);
    expect(() => healthCustomizations(data('yes'))).toThrow(
      'strconv.ParseBool: parsing "yes": invalid syntax',
    );
  });
});
