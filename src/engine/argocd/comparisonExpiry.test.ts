import { describe, expect, it } from 'vitest';
import { comparisonExpiry } from './comparisonExpiry';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = 10 * HOUR;

/** controller/appcontroller_test.go `TestComparisonExpiry`, one row per sub-test (reconciledAt as an age). */
describe('TestComparisonExpiry', () => {
  it.each([
    ['soft expired', 2 * HOUR, HOUR, 0, true, false],
    [
      'hard expired when hard timeout configured and shorter than soft window',
      10 * MINUTE,
      2 * HOUR,
      MINUTE,
      false,
      true,
    ],
    ['neither soft nor hard expired', 30_000, 2 * HOUR, MINUTE, false, false],
    ['soft timeout zero disables expiry check', 2 * HOUR, 0, 0, false, false],
    ['nil ReconciledAt is expired when timeout configured', undefined, HOUR, MINUTE, true, true],
    ['nil ReconciledAt soft-expires even when soft timeout is zero', undefined, 0, 0, true, false],
    ['nil ReconciledAt hard-expires only when hard timeout is configured', undefined, 0, HOUR, true, true],
  ])('TestComparisonExpiry: %s', (_name, age, soft, hard, softExpired, hardExpired) => {
    const reconciledAt = age === undefined ? undefined : NOW - age;
    expect(comparisonExpiry(reconciledAt, NOW, soft, hard)).toEqual({ softExpired, hardExpired });
  });

  it('the periodic resync, exactly one period later on the virtual clock, counts as expired', () => {
    expect(comparisonExpiry(NOW - 120_000, NOW, 120_000, 0, true).softExpired).toBe(true);
    expect(comparisonExpiry(NOW - 120_000, NOW, 120_000, 0).softExpired).toBe(false);
  });
});
