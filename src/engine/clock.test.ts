import { describe, expect, it } from 'vitest';
import { SimClock, toTimestamp } from './clock';

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
});
