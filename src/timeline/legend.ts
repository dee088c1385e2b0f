import { legendStatuses, statusLabel } from './statusStyle';
import { fontSize, textWidth } from './text';
import type { LegendItem, LegendMark } from './types';

const swatch = 18;
const spacing = 18;
export const legendLineHeight = 22;

const marks: { mark: LegendMark; label: string }[] = [
  { mark: 'hook', label: 'hook: created → done → deleted' },
  { mark: 'prune', label: 'pruned' },
  { mark: 'delay', label: 'wave delay' },
  { mark: 'operation-end', label: 'operation end' },
  { mark: 'cursor', label: 'now' },
];

/**
 * The key to every colour, texture and symbol, laid out left to right from `left` and wrapped at `right`.
 * Returns the items and the y below the last line.
 */
export function buildLegend(
  left: number,
  right: number,
  top: number,
  size = fontSize,
): { items: LegendItem[]; bottom: number } {
  const k = size / fontSize;
  const entries = [
    ...legendStatuses.map((status) => ({
      key: `status:${status}`,
      label: statusLabel(status),
      status,
      mark: null,
    })),
    ...marks.map(({ mark, label }) => ({ key: `mark:${mark}`, label, status: null, mark })),
  ];
  const items: LegendItem[] = [];
  let x = left;
  let y = top;
  for (const entry of entries) {
    const width = (swatch + 6) * k + textWidth(entry.label, size);
    if (x > left && x + width > right) {
      x = left;
      y += legendLineHeight * k;
    }
    items.push({ ...entry, x, y });
    x += width + spacing * k;
  }
  return { items, bottom: y + legendLineHeight * k };
}
