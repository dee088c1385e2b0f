import { afterEach, describe, expect, it, vi } from 'vitest';
import { UrlWriter } from './urlWriter';

describe('UrlWriter', () => {
  afterEach(() => vi.useRealTimers());

  it('writes at once when asked, and skips a link that did not change', () => {
    const written: string[] = [];
    const writer = new UrlWriter(
      (s) => written.push(s),
      500,
      () => 0,
    );
    writer.write('?t=1', true);
    writer.write('?t=1', true);
    writer.write('?t=2', true);
    expect(written).toEqual(['?t=1', '?t=2']);
  });

  it('throttles frequent writes and always ends on the latest one', () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const writer = new UrlWriter(
      (s) => written.push(s),
      500,
      () => Date.now(),
    );
    for (let i = 1; i <= 30; i++) {
      writer.write(`?t=${i}`, false);
      vi.advanceTimersByTime(16);
    }
    vi.advanceTimersByTime(1000);
    expect(written.length).toBeLessThan(4);
    expect(written.at(-1)).toBe('?t=30');
  });
});
