import { expect, test } from 'vitest';
import { assignLanes, textWidth, truncate, wrap } from './text';

test('text width is estimated at 0.6 em per character', () => {
  expect(textWidth('wave 10')).toBeCloseTo(7 * 7.2, 6);
  expect(textWidth('PreSync', 13)).toBeCloseTo(7 * 7.8, 6);
});

test('truncate keeps what fits and marks the cut', () => {
  expect(truncate('Job/migrate', 200)).toBe('Job/migrate');
  expect(truncate('StatefulSet/postgres', 72)).toBe('StatefulS…');
});

test('wrap breaks at spaces and never returns a line wider than asked', () => {
  const lines = wrap('health: Progressing (Waiting for rollout to finish: 0 out of 2 new replicas)', 200);
  expect(lines).toEqual([
    'health: Progressing',
    '(Waiting for rollout to',
    'finish: 0 out of 2 new',
    'replicas)',
  ]);
  expect(lines.every((l) => textWidth(l) <= 200)).toBe(true);
});

test('labels take the first lane with room, then the next, else none', () => {
  const items = [0, 10, 20, 200].map((x) => ({ x, width: 50 }));
  expect(assignLanes(items, 2)).toEqual([0, 1, -1, 0]);
});

test('a label goes under every earlier label still running over its x, so the line hanging from it crosses none', () => {
  // Lane 0 is free again at x 60, but the label in lane 1 still runs there: the new one goes to lane 2.
  const items = [0, 40, 60].map((x) => ({ x, width: 50 }));
  expect(assignLanes(items, 3)).toEqual([0, 1, 2]);
  // With two lanes it has none left, and is thinned rather than drawn with its line through lane 1's words.
  expect(assignLanes(items, 2)).toEqual([0, 1, -1]);
});
