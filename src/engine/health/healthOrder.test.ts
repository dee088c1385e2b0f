import { describe, expect, it } from 'vitest';
import { healthOrder } from '../types';
import { healthRank, isWorse } from './healthOrder';

describe('isWorse', () => {
  it('follows Healthy < Suspended < Progressing < Missing < Degraded < Unknown', () => {
    for (let i = 0; i < healthOrder.length; i++) {
      for (let j = 0; j < healthOrder.length; j++) {
        expect(
          isWorse(healthOrder[i], healthOrder[j]),
          `${healthOrder[j]} worse than ${healthOrder[i]}`,
        ).toBe(j > i);
      }
    }
  });

  it('ranks an unrecognised code like Healthy', () => {
    expect(healthRank('Sleeping')).toBe(0);
    expect(isWorse('Sleeping', 'Suspended')).toBe(true);
    expect(isWorse('Healthy', 'Sleeping')).toBe(false);
  });
});
