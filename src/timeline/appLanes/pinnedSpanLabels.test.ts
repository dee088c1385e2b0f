import { describe, expect, it } from 'vitest';
import { pinnedSpanLabels } from './pinnedSpanLabels';
import type { LaidSpan } from './types';

/** A span from t0 to t1 on header line `line`, its label 3 px after its line (1 px a second, 100 px of names). */
function span(index: number, t0: number, t1: number, line: number): LaidSpan {
  return {
    key: `s${index}`,
    kind: 'step',
    label: `platform-stack step ${index + 1}`,
    t0,
    t1,
    apps: [],
    index,
    end: t1,
    y0: 0,
    y1: 10,
    labelLine: line,
    labelX: 100 + t0 + 3,
  };
}
const x = (t: number) => 100 + t;
const width = () => 50;

describe('pinnedSpanLabels: span labels out from under the pinned names (issue 32, progressive-sync at 30 s)', () => {
  const spans = [span(0, 0, 120, 0), span(1, 120, 150, 0), span(2, 150, 300, 1)];

  it('unpinned, every label stays where the layout put it', () => {
    expect(pinnedSpanLabels(spans, x, 0, width)).toEqual([103, 223, 253]);
  });

  it('a label under the names moves to their edge while its span shows; one whose span is under them hides', () => {
    // Names pinned to 200: step 1 shows to 220, but step 2's label at 223 leaves it no room; step 2 stays.
    expect(pinnedSpanLabels(spans, x, 200, width)).toEqual([null, 223, 253]);
    // Pinned to 240: step 2's span (to 250) still shows; step 3's label, on another line, moves too.
    expect(pinnedSpanLabels(spans, x, 240, width)).toEqual([null, 243, 253]);
    expect(pinnedSpanLabels(spans, x, 260, width)).toEqual([null, null, 263]);
  });

  it("a label moved to the names' edge never runs under the next label of its line", () => {
    const crowded = [span(0, 0, 140, 0), span(1, 140, 200, 0)];
    // Step 1 shows from 205 to 240, but step 2's label starts at 243: 50 px do not fit between.
    expect(pinnedSpanLabels(crowded, x, 202, width)).toEqual([null, 243]);
    expect(pinnedSpanLabels(crowded, x, 150, width)).toEqual([153, 243]);
  });
});
