import { describe, expect, it } from 'vitest';
import { nextRetryAt, parseDuration, retryStrategyOf } from './retryStrategy';

/** pkg/apis/application/v1alpha1/types_test.go (argocd-semantics.md §5.3, §5.7 case 121). */
describe('RetryStrategy.NextRetryAt', () => {
  it('TestRetryStrategy_NextRetryAtDefaultBackoff: +5, 10, 20, 40, 80 s … capped at 3 min', () => {
    const strategy = retryStrategyOf({ limit: 10 })!;
    const waits = [0, 1, 2, 3, 4, 5, 6].map((n) => nextRetryAt(strategy, 0, n) / 1000);
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 180]);
  });

  it('TestRetryStrategy_NextRetryAtCustomBackoff: 2s, ×3, 1m → 2, 6, 18, 54, 60 s', () => {
    const strategy = retryStrategyOf({
      limit: 5,
      backoff: { duration: '2s', factor: 3, maxDuration: '1m' },
    })!;
    const waits = [0, 1, 2, 3, 4].map((n) => nextRetryAt(strategy, 1000, n) - 1000);
    expect(waits).toEqual([2000, 6000, 18_000, 54_000, 60_000]);
  });

  it('reads "10" as seconds and Go durations like 1h30m', () => {
    expect(parseDuration('10')).toBe(10_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('soon')).toBeUndefined();
  });
});
