import { describe, expect, it } from 'vitest';
import { OrderedGroups } from './orderedGroups';

const item = (seq: number) => ({ seq, name: `r${seq}` });

describe('OrderedGroups', () => {
  it('gives the first items of a group in their own order, whatever order they were added in', () => {
    const groups = new OrderedGroups<ReturnType<typeof item>>();
    const items = [7, 2, 9, 4, 1].map(item);
    for (const i of items) groups.add('Progressing', i);
    expect(groups.first('Progressing', 3).map((i) => i.seq)).toEqual([1, 2, 4]);
    expect(groups.size('Progressing')).toBe(5);
    expect(groups.first('Degraded', 3)).toEqual([]);
  });

  it('forgets a removed item, and an item moved to another group is only in that one', () => {
    const groups = new OrderedGroups<ReturnType<typeof item>>();
    const [a, b, c] = [1, 2, 3].map(item);
    for (const i of [a, b, c]) groups.add('Progressing', i);
    groups.remove('Progressing', a);
    groups.add('Healthy', a);
    expect(groups.first('Progressing', 3)).toEqual([b, c]);
    expect(groups.first('Healthy', 3)).toEqual([a]);
    // Removing what is not there, or adding twice, changes nothing.
    groups.remove('Progressing', a);
    groups.add('Healthy', a);
    expect(groups.size('Healthy')).toBe(1);
    expect(groups.size('Progressing')).toBe(2);
  });
});
