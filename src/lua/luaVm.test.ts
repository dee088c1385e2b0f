import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/types';
import { defaultLuaLimits } from './luaBudget';
import { LuaLimitError, LuaSyntaxError, LuaVm } from './luaVm';

const app = (status?: object): KubeObject =>
  ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'child' },
    status,
  }) as KubeObject;

describe('LuaVm', () => {
  it('hands the object to the script as `obj`, arrays 1-based, and reads hs.status and hs.message', () => {
    const check = new LuaVm().compile(
      `local c = obj.status.conditions
       return { status = c[1].type == 'Ready' and 'Healthy' or 'Degraded', message = #c .. ' conditions' }`,
      'test',
    );
    const obj = { ...app(), status: { conditions: [{ type: 'Ready' }, { type: 'Other' }] } } as KubeObject;
    expect(check(obj)).toEqual({ status: 'Healthy', message: '2 conditions' });
  });

  it('ends an endless loop at the instruction limit with a clear error', () => {
    const vm = new LuaVm({ ...defaultLuaLimits, steps: 50_000, wallMs: 60_000 });
    const check = vm.compile('while true do end', 'loop');
    expect(() => check(app())).toThrow(LuaLimitError);
    expect(() => check(app())).toThrow('loop:1: health script exceeded its limit of 50000 steps');
    // The same state is still usable afterwards: the next check runs normally.
    expect(vm.compile('return { status = "Healthy" }', 'ok')(app())).toEqual({
      status: 'Healthy',
      message: '',
    });
  });

  it('reports a nil index with Lua’s own message (the engine shows it as Unknown)', () => {
    const check = new LuaVm().compile(
      'return { status = obj.spec.missing.field }',
      'resource.customizations.health.x',
    );
    expect(() => check(app())).toThrow(
      "resource.customizations.health.x:1: attempt to index a nil value (field 'spec')",
    );
  });

  it('maps a status that is not one of the six codes to Unknown, as Argo CD’s ExecuteHealthLua does', () => {
    const check = new LuaVm().compile("return { status = 'Running' }", 's');
    expect(check(app())).toEqual({ status: 'Unknown', message: 'Lua returned an invalid health status' });
  });

  it('gives no health for a script that returns nil, and an error for a non-table result', () => {
    const vm = new LuaVm();
    expect(vm.compile('return nil', 'n')(app())).toBeNull();
    expect(() => vm.compile("return 'Healthy'", 'n')(app())).toThrow(
      'expect table output from Lua script, not string',
    );
  });

  it('refuses a script that does not parse, with Lua’s line', () => {
    expect(() => new LuaVm().compile('hs = {}\nhs.status = = 1', 'key')).toThrow(LuaSyntaxError);
    expect(() => new LuaVm().compile('hs = {}\nhs.status = = 1', 'key')).toThrow(/^key:2: unexpected symbol/);
  });

  it('has no wall clock and no randomness, even with every library: no io, no math.random, os.clock refused', () => {
    const check = new LuaVm().compile(
      "return { status = 'Healthy', message = type(io) .. type(math.random) .. type(string.find) .. select(2, pcall(os.clock)) }",
      'libs',
      true,
    );
    expect(check(app())?.message).toBe(
      "nilnilfunctionos.clock is not available in the sandbox: in Argo CD it reaches the controller's process",
    );
  });
});
