import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../engine/types';
import { defaultLuaLimits } from './luaBudget';
import { LuaLimitError, LuaVm } from './luaVm';

const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } } as KubeObject;
/** The clock is pushed out of the way: the step budget alone must end each script. */
const run = (source: string, steps = defaultLuaLimits.steps): unknown => {
  const vm = new LuaVm({ ...defaultLuaLimits, steps, wallMs: 600_000 });
  try {
    return vm.compile(source, 'rep', true)(cm);
  } catch (error) {
    return error;
  }
};

/*
 * Issue 31 (round 3): work a library function does in JavaScript, out of the VM's sight, counts toward the step
 * budget like the VM's instructions. string.rep of an empty string builds nothing, so the string limit never
 * trips, yet its copy loop ran 2^31 times (past 40 s); each copy now costs a quarter of a step (meteredStrlib.js).
 */
describe('string.rep counts its copies toward the step budget', () => {
  it('string.rep("", 2147483647) ends with the step budget’s error', () => {
    const result = run('local s = string.rep("", 2147483647) return { status = "Healthy" }');
    expect(result).toBeInstanceOf(LuaLimitError);
    expect((result as Error).message).toBe('rep:1: health script exceeded its limit of 1000000 steps');
  });

  it('so does an empty string with an empty separator, and a method call', () => {
    for (const source of ['string.rep("", 1e9, "")', '("").rep("", 1e9)']) {
      expect((run(source) as Error).message, source).toBe(
        'rep:1: health script exceeded its limit of 1000000 steps',
      );
    }
  });

  it('a copy costs a quarter of a step: 39,000 copies fit a budget of 10,000 steps, 41,000 do not', () => {
    expect(run('string.rep("", 39000) return { status = "Healthy" }', 10_000)).toEqual({
      status: 'Healthy',
      message: '',
    });
    expect((run('string.rep("", 41000)', 10_000) as Error).message).toBe(
      'rep:1: health script exceeded its limit of 10000 steps',
    );
  });
});
