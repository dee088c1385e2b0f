import { textWidth } from './text';
import type { LabelSide } from './types';

/** The space between a symbol and its label, in pixels (labelPlace.ts places labels with it too). */
export const gap = 6;

/**
 * Which side of a symbol at `at` its label goes: the right, unless it would run over a later bar of the same
 * row (`bars`, in pixels) or out of the plot; then the left, where it is drawn with a halo over the earlier
 * bar. The bar of an object being deleted may outlive the delete by a moment (until the object is gone), so
 * only a bar that goes on past the symbol itself is in the way. Re-evaluated at every zoom.
 */
export function labelSide(
  at: number,
  label: string,
  bars: { x0: number; x1: number }[],
  plot: { left: number; right: number },
  size?: number,
): LabelSide {
  const w = gap + textWidth(label, size);
  const blocked = bars.some((b) => b.x1 > at + 2 * gap && b.x0 < at + w);
  const rightFits = at + w <= plot.right && !blocked;
  return rightFits || at - w < plot.left ? 'right' : 'left';
}
