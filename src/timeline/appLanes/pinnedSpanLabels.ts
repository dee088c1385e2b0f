import { boldWidth, textWidth } from '../text';
import type { LaidSpan } from './types';

/** The space between the pinned names' edge and a label moved to it, as between a span's line and its label. */
const gap = 3;

/**
 * Where each span label is drawn while the lanes' names are pinned over the drawing (a phone pans it under them):
 * `null` hides it. A label that would start under the names' column (from `left`, the column's edge in the
 * drawing's px) was cut at that edge ("n-stack step 2" over progressive-sync at 30 s, issue 32). As a sticky
 * header does, it moves to the column's edge while its span still shows right of it, unless the next label of
 * its header line (one still in view) would then lie under it; a label whose span lies wholly under the column, or that has no room
 * left on its line, is hidden (its span's title still says it). Unpinned (`left` at or left of the plot's left
 * edge), every label stays where the layout put it.
 */
export function pinnedSpanLabels(
  spans: readonly LaidSpan[],
  x: (t: number) => number,
  left: number,
  width: (label: string) => number = (label) => textWidth(label) * boldWidth,
): (number | null)[] {
  const edge = left + gap;
  return spans.map((s) => {
    if (s.labelX >= edge) return s.labelX;
    if (x(s.end) <= edge) return null;
    const next = spans
      .filter((o) => o.labelLine === s.labelLine && o.labelX > s.labelX && x(o.end) > edge)
      .reduce((min, o) => Math.min(min, Math.max(o.labelX, edge)), Infinity);
    return edge + width(s.label) + gap <= next ? edge : null;
  });
}
