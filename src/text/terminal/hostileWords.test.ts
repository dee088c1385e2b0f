import { describe, expect, it } from 'vitest';
import { runFilter } from './filters';
import { LinearRegex } from './linearRegex';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';

// The terminal read words like `constructor` as flags (a plain-object table of flags), and ran the pipe's
// regular expressions with JavaScript's backtracking RegExp, so `grep -E '(.*.*)*x$'` froze the tab for 90 s.
const threeTier = terminalOn('three-tier');
const end = threeTier.result.endT;

describe('the terminal reads hostile words as words', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`kubectl describe pod ${name}: not found, as kubectl says it`, () => {
      expect(threeTier.run(`kubectl describe pod ${name}`, end).text).toBe(
        `Error from server (NotFound): pods "${name}" not found\n`,
      );
    });
  }

  it("argocd app get | grep -E '(.*.*)*x$' answers at once, with the lines that end in x", () => {
    const start = performance.now();
    const out = threeTier.run("argocd app get three-tier | grep -E '(.*.*)*x$'", end).text;
    // The backtracking engine took over 90 s on this output; the linear one takes milliseconds.
    expect(performance.now() - start).toBeLessThan(3_000);
    const all = threeTier.run('argocd app get three-tier', end).text.split('\n');
    expect(out).toBe(
      all
        .filter((line) => line.endsWith('x'))
        .map((line) => `${line}\n`)
        .join(''),
    );
  });

  it('grep keeps the meaning of -E, -i, -v, alternatives, classes, anchors and repeats', () => {
    const lines = ['Phase: Failed', 'Name: checkout', 'replicas 12', 'COLOR red', 'aab'];
    const grep = (...args: string[]) => runFilter(['grep', ...args], lines);
    expect(grep('-E', 'Phase|Name')).toEqual({ ok: true, lines: ['Phase: Failed', 'Name: checkout'] });
    expect(grep('-i', 'colou\\?r')).toEqual({ ok: true, lines: ['COLOR red'] });
    expect(grep('-v', '[[:digit:]]')).toEqual({ ok: true, lines: lines.filter((l) => !/\d/.test(l)) });
    expect(grep('-E', '^a{2}b$')).toEqual({ ok: true, lines: ['aab'] });
    expect(grep('-E', '(a')).toEqual({ ok: false, error: 'grep: invalid regular expression: (a' });
  });

  it('matches a long line against nested stars in linear time', () => {
    const line = 'a'.repeat(20_000);
    const start = performance.now();
    expect(new LinearRegex('(.*.*)*x$').test(line)).toBe(false);
    expect(new LinearRegex('(a|aa)*b').test(line)).toBe(false);
    expect(new LinearRegex('(a|aa)*$').test(line)).toBe(true);
    expect(performance.now() - start).toBeLessThan(3_000);
  });
});
