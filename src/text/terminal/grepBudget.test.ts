import { describe, expect, it } from 'vitest';
import { runFilter } from './filters';
import { LinearRegex, MatchBudget } from './linearRegex';

/** An output as long as a big `kubectl get -o yaml`: 2,000 lines of 60 characters. */
const output = Array.from({ length: 2_000 }, (_, i) => `  line-${i}: ${'abcdefghij'.repeat(5)}`);

describe('the terminal matcher has a step budget, as the Lua VM has (issue 31)', () => {
  it('grep -E "(.?){900}x" over a long output is refused with a sentence once it passes 5,000,000 steps', () => {
    expect(runFilter(['grep', '-E', '(.?){900}x'], output)).toEqual({
      ok: false,
      error: 'grep: the pattern needs more than 5,000,000 steps to match this output; try a simpler pattern',
    });
  });

  it('stops at the budget, not at the end of the output: one line of the pattern takes over 100,000 steps', () => {
    const budget = new MatchBudget(Number.MAX_SAFE_INTEGER);
    new LinearRegex('(.?){900}x').test(output[0], budget);
    expect(budget.used).toBeGreaterThan(100_000);
    // So the 2,000 lines would take over 200 million steps; the budget ends it after 5 million.
  });

  it('an ordinary grep over the same output stays far under the budget', () => {
    const budget = new MatchBudget();
    const re = new LinearRegex('(line-1999|Phase)');
    expect(output.filter((l) => re.test(l, budget))).toEqual([output[1999]]);
    expect(budget.used).toBeLessThan(1_000_000);
    expect(runFilter(['grep', '-E', 'line-(1|2)99$'], output)).toMatchObject({ ok: true });
  });

  it("sed -n '/RE/,$p' has the same budget", () => {
    expect(runFilter(['sed', '-n', '/\\(.\\?\\)\\{900\\}x/,$p'], output)).toMatchObject({ ok: false });
  });
});
