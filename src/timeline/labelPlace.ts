import { gap, labelSide } from './labelSide';
import { textWidth } from './text';
import type { LabelSide } from './types';

/**
 * Where the label of a symbol at `at` starts: its side (labelSide.ts) and the x of its anchor. When neither side
 * is free (a bar goes on past the symbol, and the plot's left edge is too near for the left), labelSide keeps the
 * right, where the label would cover that bar: failing-migration's first migrate Job, deleted by
 * BeforeHookCreation at 0 s, is drawn until it is gone a moment later, and "BeforeHookCreation" lay over that bar
 * at 9.718 s (issue 32). The label then starts after the first bar's end from which it runs over no bar and stays
 * inside the plot; if there is none, it stays beside the symbol, moved left as far as it must to end inside the
 * plot: a label that fits on neither side was cut at the plot's edge ("ailed at 15s" under the pinned labels of
 * a phone, issue 32), and whole over its symbol it still reads.
 */
export function labelPlace(
  at: number,
  label: string,
  bars: { x0: number; x1: number }[],
  plot: { left: number; right: number },
  size?: number,
): { side: LabelSide; x: number } {
  const side = labelSide(at, label, bars, plot, size);
  if (side === 'left') return { side, x: at - gap };
  const w = textWidth(label, size);
  const clear = (start: number) =>
    start + w <= plot.right && !bars.some((b) => b.x1 > start && b.x0 < start + w);
  if (clear(at + gap)) return { side, x: at + gap };
  const starts = bars
    .map((b) => b.x1 + gap)
    .filter((start) => start > at + gap)
    .sort((a, b) => a - b);
  return { side, x: starts.find(clear) ?? Math.max(plot.left, Math.min(at + gap, plot.right - w)) };
}

/** A label to place on a row: its symbol's x (`at`) and its words. */
export interface RowLabel {
  key: string;
  at: number;
  label: string;
}

/**
 * Where each label of one row goes (labelPlace), taken in the order of their symbols: a label that would lie over
 * one placed before it on the row is left out (undefined), since two labels drawn over each other read as neither.
 * A hook deleted by BeforeHookCreation at each retry put "BeforeHookCreation" three times over itself in
 * auto-sync-refuses-retry's presenter view at 1024×768 (issue 32). What a label left out says stays in its
 * symbol's hover card. Labels with no words take no room.
 */
export function rowLabelPlaces(
  labels: readonly RowLabel[],
  bars: { x0: number; x1: number }[],
  plot: { left: number; right: number },
  size?: number,
): Map<string, { side: LabelSide; x: number } | undefined> {
  const places = new Map<string, { side: LabelSide; x: number } | undefined>();
  const taken: { x0: number; x1: number }[] = [];
  for (const { key, at, label } of [...labels].sort((a, b) => a.at - b.at)) {
    const place = labelPlace(at, label, bars, plot, size);
    if (!label) {
      places.set(key, place);
      continue;
    }
    const w = textWidth(label, size);
    const x0 = place.side === 'right' ? place.x : place.x - w;
    const over = taken.some((t) => t.x1 + gap > x0 && t.x0 < x0 + w + gap);
    places.set(key, over ? undefined : place);
    if (!over) taken.push({ x0, x1: x0 + w });
  }
  return places;
}
