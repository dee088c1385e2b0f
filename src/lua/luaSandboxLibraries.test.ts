import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../engine/types';
import { LuaVm } from './luaVm';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
const key = 'resource.customizations.health.ConfigMap';
const run = (source: string) => new LuaVm().compile(source, key)(cm);

/*
 * Leak: a health script must reach no file, clock, process or environment. Argo CD runs argocd-cm
 * scripts with gopher-lua's base and table libraries and a "safe" os of time and date (util/lua/lua.go
 * runLuaWithResourceActionParameters, util/lua/oslib_safe.go), as the sandbox does, without the functions that
 * read files or wall time (luaLibraries.ts, lua51Libraries.ts).
 */
describe('what a health script can reach (leak)', () => {
  it.each([
    ["loadfile('/etc/passwd')", 'loadfile'],
    ["dofile('/etc/hostname')", 'dofile'],
  ])('%s fails with a clear Lua error and reads nothing', (call, name) => {
    expect(() => run(`local x = ${call} return { status = 'Healthy' }`)).toThrow(
      `${key}:1: attempt to call a nil value (global '${name}')`,
    );
  });

  it('require reads no file: a module that is neither loaded nor preloaded is not found', () => {
    expect(() => run("local x = require('socket') return { status = 'Healthy' }")).toThrow(
      "module socket not found:\n\tno field package.preload['socket']\n\t(the sandbox reads no Lua files from disk)",
    );
  });

  it('mirrors TestFailExternalLibCall (util/lua/lua_test.go): os.getenv("HOME") is an error', () => {
    expect(() => run('os.getenv("HOME")')).toThrow(`${key}:1: attempt to index a nil value (global 'os')`);
  });

  it('an argocd-cm script has base, table and package only: no io, os, string, math, debug, coroutine or utf8', () => {
    const names = [
      'io',
      'os',
      'string',
      'math',
      'debug',
      'coroutine',
      'utf8',
      'collectgarbage',
      'package',
      'require',
    ];
    const health = run(
      `return { status = 'Healthy', message = ${names.map((n) => `type(${n})`).join(" .. ' ' .. ")} }`,
    );
    expect(health?.message).toBe('nil nil nil nil nil nil nil nil table function');
  });

  it('with every library (useOpenLibs, built-in scripts) still no io, debug, coroutine, math.random or string.dump', () => {
    const names = [
      'io',
      'debug',
      'coroutine',
      'utf8',
      'math.random',
      'math.randomseed',
      'string.dump',
      'string.pack',
    ];
    const health = new LuaVm().compile(
      `return { status = 'Healthy', message = ${names.map((n) => `type(${n})`).join(" .. ' ' .. ")} }`,
      key,
      true,
    )(cm);
    expect(health?.message).toBe(names.map(() => 'nil').join(' '));
  });

  it('refuses a binary chunk in load, whatever mode the script asks for (the CLI as the page)', () => {
    const health = run(`local f, err = load('\\27Lua\\83\\0\\25\\147\\r\\n\\26\\n', 'chunk', 'b')
      return { status = 'Healthy', message = tostring(f) .. ': ' .. err }`);
    expect(health?.message).toBe("nil: attempt to load a binary chunk (mode is 't')");
  });

  it('still compiles source text with load, into the run’s own globals', () => {
    expect(run("load('answer = 42')() return { status = 'Healthy', message = tostring(answer) }")).toEqual({
      status: 'Healthy',
      message: '42',
    });
  });

  it('keeps print, writing nothing (sim --json stays JSON)', () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const log = vi.spyOn(console, 'log');
    try {
      expect(run("print('checking', obj.metadata.name) return { status = 'Healthy' }")).toEqual({
        status: 'Healthy',
        message: '',
      });
      expect(stdout).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      stdout.mockRestore();
      log.mockRestore();
    }
  });
});
