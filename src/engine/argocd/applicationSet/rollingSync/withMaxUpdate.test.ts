import { describe, expect, it } from 'vitest';
import { rollingSyncSet } from '../../../../../test/kits/rollingSync.testKit';
import { withMaxUpdate } from './withMaxUpdate';

describe('withMaxUpdate (the page toggle, §5.1)', () => {
  it('sets every step, keeps the match expressions, and leaves the input alone', () => {
    const steps = [
      { matchExpressions: [{ key: 'priority', operator: 'In', values: ['1'] }] },
      { matchExpressions: [{ key: 'priority', operator: 'In', values: ['2'] }], maxUpdate: '100%' },
    ];
    const set = rollingSyncSet(steps);
    const changed = withMaxUpdate(set, 1);
    expect(changed.spec.strategy.rollingSync.steps).toEqual([
      { ...steps[0], maxUpdate: 1 },
      { ...steps[1], maxUpdate: 1 },
    ]);
    expect(set.spec.strategy.rollingSync.steps[1].maxUpdate).toBe('100%');
  });

  it('a set without steps is unchanged', () => {
    const set = rollingSyncSet([]);
    expect(withMaxUpdate(set, '50%')).toBe(set);
  });
});
