import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { layoutTimeline } from './layout';
import { textWidth } from './text';

const events = readFileSync(
  new URL('../../test/output/failing-migration.events.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as SimEvent)
  .filter((e) => e.t >= 0);

describe('layoutTimeline fontSize (presenter mode)', () => {
  it('draws 12 px text by default and the size asked for otherwise, with rows and lanes grown to fit it', () => {
    const normal = layoutTimeline(events, { width: 1240 });
    const large = layoutTimeline(events, { width: 1240, fontSize: 20 });
    expect(normal.fontSize).toBe(12);
    expect(large.fontSize).toBe(20);
    expect(large.rowHeight).toBe(40);
    expect(large.plot.top).toBeGreaterThan(normal.plot.top);
    // Every lane above the rows keeps room for a line of the larger text.
    expect(large.lanes.phase - large.lanes.axis).toBeGreaterThanOrEqual(20);
    expect(large.lanes.waves[1] - large.lanes.waves[0]).toBeGreaterThanOrEqual(20);
    // The label column is measured at the larger size, so no label runs into the plot.
    for (const row of large.rows.filter((r) => r.type === 'object'))
      expect(8 + textWidth(row.label, 20)).toBeLessThanOrEqual(large.plot.left);
    // Nothing is scaled: the drawing stays as wide as it was asked to be.
    expect(large.width).toBe(1240);
  });
});
