import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/types';
import { defaultLuaLimits } from './luaBudget';
import { LuaLimitError, LuaVm } from './luaVm';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
/** The clock is pushed out of the way: the deterministic budget alone must end each bomb. */
const vm = () => new LuaVm({ ...defaultLuaLimits, wallMs: 120_000 });

/**
 * What a bomb ends with. Not how long it took: with the clock pushed out of the way, a message naming a limit
 * other than the clock's shows the budget ended it, at any load of the machine (issue 31).
 */
function timed(source: string): { error: unknown } {
  const check = vm().compile(source, 'bomb', true);
  try {
    check(cm);
    return { error: undefined };
  } catch (error) {
    return { error };
  }
}

/*
 * Crash: three-line memory bombs took node to 8 GB and aborted ("JavaScript heap out of memory"). Each
 * run now has a budget that bounds what it allocates (luaBudget.ts): strings past 1 MiB are refused before they are
 * built, and table writes are charged to the step budget.
 */
describe('memory a health script may allocate (crash)', () => {
  it('string.rep(x, 2^30) is refused before it is built', () => {
    const { error } = timed("local s = string.rep('x', 2^30) return { status = 'Healthy' }");
    expect(error).toBeInstanceOf(LuaLimitError);
    expect((error as Error).message).toBe('bomb:1: health script built a string of more than 1048576 bytes');
  });

  it('a string doubled by concatenation stops at the string limit', () => {
    const { error } = timed("s = 'x' while true do s = s .. s end");
    expect((error as Error).message).toBe('bomb:1: health script built a string of more than 1048576 bytes');
  });

  it('a table grown for ever stops at the step budget, not at the clock', () => {
    const first = timed('t = {} for i = 1, 1e9 do t[i] = i end');
    expect((first.error as Error).message).toBe('bomb:1: health script exceeded its limit of 1000000 steps');
  });

  it('library functions that build strings are bounded too (gsub, format, table.concat)', () => {
    const big = "local s = string.rep('x', 2^19) ";
    for (const bomb of [
      `${big} local r = string.gsub(s, 'x', s)`,
      `${big} local r = string.format('%s%s%s', s, s, s)`,
      `${big} local t = {} for i = 1, 10 do t[i] = s end local r = table.concat(t)`,
    ]) {
      expect(timed(bomb).error, bomb).toBeInstanceOf(LuaLimitError);
    }
  });
});
