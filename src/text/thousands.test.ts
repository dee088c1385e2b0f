import { describe, expect, it } from 'vitest';
import { thousands } from './thousands';

describe('thousands', () => {
  it("writes whole numbers as toLocaleString('en') does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 2_000_000_000, -4_321])
      expect(thousands(n)).toBe(n.toLocaleString('en'));
  });
});
