import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/types';
import { defaultLuaLimits } from './luaBudget';
import { LuaLimitError, LuaVm } from './luaVm';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
/** The clock is pushed out of the way unless a test is about it: the step budget alone must end each script. */
const steps = (n = defaultLuaLimits.steps) => new LuaVm({ ...defaultLuaLimits, steps: n, wallMs: 120_000 });

/**
 * What a script ends with. Not how long it took: with the clock pushed out of the way, a message naming the step
 * budget shows the budget ended it, at any load of the machine (issue 31).
 */
function outcome(vm: LuaVm, source: string): { result: unknown } {
  const check = vm.compile(source, 'hang', true);
  let result: unknown;
  try {
    result = check(cm);
  } catch (error) {
    result = error;
  }
  return { result };
}

/*
 * Hangs: the limit must be one no script can catch or outlive, count the time spent in library
 * functions, and cover the reading of the result. Argo CD stops a script after 1 s (util/lua/lua.go
 * `context.WithTimeout(…, 1*time.Second)`); the sandbox's deciding limit is a step budget, so a run ends at the
 * same place on any machine, with a wall-clock backstop (luaBudget.ts).
 */
describe('limits no health script can catch or outlive (hangs)', () => {
  it('pcall cannot catch the limit: while true do pcall(function() while true do end end) end ends', () => {
    const { result } = outcome(steps(), 'while true do pcall(function() while true do end end) end');
    expect(result).toBeInstanceOf(LuaLimitError);
    expect((result as Error).message).toBe('hang:1: health script exceeded its limit of 1000000 steps');
  });

  it('nor can xpcall, nor a message handler that loops (Lua runs a handler with hooks off)', () => {
    for (const source of [
      'while true do xpcall(function() while true do end end, function() while true do end end) end',
      "while true do xpcall(function() error('x') end, function() while true do end end) end",
    ]) {
      expect(outcome(steps(), source).result, source).toBeInstanceOf(LuaLimitError);
    }
  });

  it('time in the pattern matcher counts: a backtracking find on 5000 characters ends at the step budget', () => {
    const { result } = outcome(steps(), "string.find(string.rep('a', 5000), '.-.-.-b')");
    expect((result as Error).message).toBe('hang:1: health script exceeded its limit of 1000000 steps');
  });

  it('a returned table whose __index loops is read without running it', () => {
    const { result } = outcome(
      steps(),
      'return setmetatable({}, { __index = function() while true do end end })',
    );
    // Read raw, as Argo CD's JSON encoding of the table is; no status field: not one of the six codes.
    expect(result).toEqual({ status: 'Unknown', message: 'Lua returned an invalid health status' });
  });

  it('a __tostring that loops runs under the same budget', () => {
    const source =
      "return { status = 'Healthy', message = tostring(setmetatable({}, { __tostring = function() while true do end end })) }";
    expect(outcome(steps(), source).result).toBeInstanceOf(LuaLimitError);
  });

  it('the step budget decides, so the same script stops at the same line on every run', () => {
    const source = 'local n = 0\nfor i = 1, 10 do n = n + 1 end\nwhile true do n = n + 1 end';
    const messages = [1, 2, 3].map(() => (outcome(steps(20_000), source).result as Error).message);
    expect(messages).toEqual(Array(3).fill('hang:3: health script exceeded its limit of 20000 steps'));
  });

  it('the wall clock is only a backstop, reported as such', () => {
    const vm = new LuaVm({ ...defaultLuaLimits, steps: Number.MAX_SAFE_INTEGER, wallMs: 50 });
    const { result } = outcome(vm, 'while true do end');
    expect((result as Error).message).toBe('hang:1: health script ran for more than 0.05 s');
  });
});
