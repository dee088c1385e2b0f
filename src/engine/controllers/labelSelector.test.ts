import { describe, expect, it } from 'vitest';
import { matchesSelector } from './labelSelector';

describe('matchesSelector', () => {
  it('needs every matchLabels pair and every expression', () => {
    const selector = {
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'tier', operator: 'In', values: ['front', 'edge'] }],
    };
    expect(matchesSelector({ app: 'web', tier: 'edge' }, selector)).toBe(true);
    expect(matchesSelector({ app: 'web', tier: 'back' }, selector)).toBe(false);
    expect(matchesSelector({ tier: 'edge' }, selector)).toBe(false);
    expect(
      matchesSelector({ app: 'web' }, { matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] }),
    ).toBe(true);
  });
});
