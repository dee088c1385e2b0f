import { describe, expect, it } from 'vitest';
import { formatTimestamp, SimClock, STAMP_CACHE_SIZE, toTimestamp } from './clock';

describe('SimClock', () => {
  it('fires a chain of timers within one advance, each at its own deadline', () => {
    const clock = new SimClock();
    const seen: number[] = [];
    const chain = (n: number) => {
      seen.push(clock.now());
      if (n > 0) clock.setTimeout(() => chain(n - 1), 100);
    };
    clock.setTimeout(() => chain(9), 100);
    clock.advanceTo(1000);
    expect(seen).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(clock.now()).toBe(1000);
  });

  it('runs timers due at the same moment in the order they were scheduled', () => {
    const clock = new SimClock();
    const order: string[] = [];
    clock.setTimeout(() => order.push('b'), 50);
    clock.setTimeout(() => order.push('a'), 10);
    clock.setTimeout(() => order.push('c'), 50);
    const cancelled = clock.setTimeout(() => order.push('x'), 20);
    clock.clearTimeout(cancelled);
    clock.advanceBy(100);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('formats virtual time from the 2026-01-01 epoch', () => {
    expect(toTimestamp(0)).toBe('2026-01-01T00:00:00Z');
    expect(toTimestamp(31_500)).toBe('2026-01-01T00:00:31Z');
  });

  it('formats each second the same whether its timestamp was kept or made again (the memo never goes stale)', () => {
    // Negative times (the history before t = 0), fractions of a second, and more seconds than the memo keeps,
    // so that it is emptied and filled again in between.
    const times = [-3_600_000, -1, 0, 999, 1000, 31_500, 86_399_999];
    for (let s = 0; s < STAMP_CACHE_SIZE + 10; s++) times.push(s * 1000 + 250);
    for (let round = 0; round < 2; round++) {
      for (const ms of times) expect(toTimestamp(ms)).toBe(formatTimestamp(Math.floor(ms / 1000)));
    }
    expect(toTimestamp(-1)).toBe('2025-12-31T23:59:59Z');
    expect(toTimestamp(999)).toBe('2026-01-01T00:00:00Z');
  });
});
