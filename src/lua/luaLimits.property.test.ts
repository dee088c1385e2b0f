import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { healthOrder, type KubeObject } from '../engine/types';
import { defaultLuaLimits } from './luaBudget';
import { LuaLimitError, LuaVm } from './luaVm';
import { briefFailure } from '../../test/kits/briefFailure.testKit';

const cm = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', annotations: { health: 'Healthy' } },
} as KubeObject;

/*
 * Random programs from a small grammar of loops,
 * pcall, string operations and table growth, run by the health-script runner with a smaller step budget so that
 * the test takes seconds. Each must end within the bound with a health or a clear error: a Lua error naming the
 * chunk, or the limit. Never a hang, a crash of the process or a JavaScript error from inside the VM.
 */
const name = fc.constantFrom('a', 'b', 't', 's');
const small = fc.integer({ min: 0, max: 40 });
const big = fc.constantFrom('1e9', '2^30', '2^53', '-1', '0');
const stringExpr = fc.oneof(
  fc.constantFrom("'x'", "'ab'", "'.-.-.-b'", "'%d+'", 'obj.metadata.name', "''"),
  fc.tuple(name, small).map(([v, n]) => `string.rep(tostring(${v}), ${n})`),
  fc.tuple(name, big).map(([v, n]) => `string.rep(tostring(${v}) .. 'a', ${n})`),
  name.map((v) => `tostring(${v}) .. tostring(${v})`),
  fc.tuple(name, name).map(([v, w]) => `string.format('%s%s', tostring(${v}), tostring(${w}))`),
);
const statement = fc.letrec((tie) => ({
  stmt: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, stringExpr).map(([v, e]) => `${v} = ${e}`),
    fc.tuple(name, name).map(([v, w]) => `${v} = tostring(${v}) .. tostring(${w})`),
    name.map((v) => `t[#t + 1] = ${v}`),
    fc.tuple(name, stringExpr).map(([v, e]) => `${v} = string.find(string.rep('a', 300), ${e})`),
    fc.tuple(name, stringExpr).map(([v, e]) => `${v} = select(2, string.gsub(tostring(${v}), ${e}, ${e}))`),
    name.map((v) => `${v} = table.concat(t, ',')`),
    fc.constant("error('boom')"),
    fc.constant('t = {}'),
    fc.tuple(fc.oneof(small, big), tie('block')).map(([n, b]) => `for i = 1, ${n} do ${b} end`),
    tie('block').map((b) => `while true do ${b} end`),
    tie('block').map((b) => `pcall(function() ${b} end)`),
    tie('block').map((b) => `if #t > 3 then ${b} end`),
  ),
  block: fc.array(tie('stmt'), { minLength: 1, maxLength: 3 }).map((ss) => ss.join(' ')),
})).stmt;

const program = fc
  .tuple(fc.array(statement, { minLength: 1, maxLength: 4 }), fc.constantFrom(...healthOrder, 'Bogus'))
  .map(([ss, status]) => `t = {} a = 1 b = 'x' s = '' ${ss.join('\n')}\nreturn { status = '${status}' }`);

describe('random health scripts under the limits', () => {
  it('each ends within the bound with a health or a clear error', () => {
    const vm = new LuaVm({ ...defaultLuaLimits, steps: 50_000 });
    fc.assert(
      fc.property(program, (source) => {
        const check = vm.compile(source, 'random', true);
        let outcome: unknown;
        try {
          outcome = check(cm);
        } catch (error) {
          outcome = error;
        }
        // It ended (the budget or the wall-clock backstop ends every script); how long it took is the bench's to
        // say, as a test must hold at any load of the machine (issue 31).
        if (outcome instanceof LuaLimitError) {
          expect(outcome.message).toMatch(
            /^random:\d+: health script (exceeded its limit|built a string|ran for)/,
          );
        } else if (outcome instanceof Error) {
          expect(outcome.message).toMatch(/^random:\d+: /);
        } else {
          expect(healthOrder).toContain((outcome as { status: string }).status);
        }
      }),
      { numRuns: 100, seed: 23, reporter: briefFailure },
    );
  });
});
