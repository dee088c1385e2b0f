import { describe, expect, it } from 'vitest';
import { BackOff, formatGoDuration } from './backOff';

describe('BackOff', () => {
  it('lets the first restart through, then waits 10 s doubling to 5 min', () => {
    const backOff = new BackOff();
    expect(backOff.isInBackOffSince(0, 500)).toBe(false);
    const seen: number[] = [];
    let t = 0;
    for (let i = 0; i < 8; i++) {
      backOff.next(t, t);
      seen.push(backOff.get());
      t += 5_000 + backOff.get();
    }
    expect(seen).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('starts again from 10 s when the container ran more than 10 minutes', () => {
    const backOff = new BackOff();
    backOff.next(0, 0);
    backOff.next(30_000, 30_000);
    expect(backOff.get()).toBe(20_000);
    expect(backOff.isInBackOffSince(30_000 + 700_000, 30_000 + 700_001)).toBe(false);
    backOff.next(30_000 + 700_000, 30_000 + 700_001);
    expect(backOff.get()).toBe(10_000);
  });
});

describe('formatGoDuration', () => {
  it("prints durations as Go's time.Duration does", () => {
    expect([10_000, 80_000, 160_000, 300_000, 3_600_000, 500, 0].map(formatGoDuration)).toEqual([
      '10s',
      '1m20s',
      '2m40s',
      '5m0s',
      '1h0m0s',
      '500ms',
      '0s',
    ]);
  });
});
