import { describe, expect, it } from 'vitest';
import type { RunMilestones } from './milestones';
import { runOfMoment } from './runOfMoment';

const run = (t: number[], end?: number): RunMilestones => ({
  subjects: t.map((createdAt, i) => ({
    key: `Job/j${i}`,
    kind: 'Job',
    name: `j${i}`,
    hook: false,
    createdAt,
  })),
  end:
    end === undefined
      ? undefined
      : { t: end, phase: 'Succeeded', message: '', apps: 1, ofApps: 1, unsuccessful: [] },
  running: false,
});

describe('runOfMoment: the run a PageDown of the comparison lands in (issue 32)', () => {
  const runs = [run([1, 5], 9), run([5], 12), run([13.097], 30)];

  it('the first run in the link order with a milestone then', () => {
    expect(runOfMoment(runs, 5)).toBe(0);
    expect(runOfMoment(runs, 12)).toBe(1);
  });

  it('a moment only the last run has (the ApplicationSet run, the fourth of the article) reaches it', () => {
    expect(runOfMoment(runs, 13.097)).toBe(2);
    expect(runOfMoment(runs, 30)).toBe(2);
  });

  it('no run at a moment no milestone is at', () => {
    expect(runOfMoment(runs, 2)).toBeUndefined();
  });
});
