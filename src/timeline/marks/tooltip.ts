import type { HoverInfo } from '../describeRowAt';
import { sized, textWidth, wrap } from '../text';
import type { TimelineLayout, TimelineRow } from '../types';
import { backgroundStyle, type Layer } from './common';

const pad = 8;

/**
 * The hover card: a highlight across the hovered row and, beside the pointer, the object's state at the
 * hovered time. Drawn in the SVG itself so it works, and is exported, wherever the SVG goes.
 */
export function tooltipMark(
  highlight: Layer,
  card: Layer,
  layout: TimelineLayout,
  hover: { info: HoverInfo; row: TimelineRow; px: number } | null,
): void {
  highlight
    .selectAll('rect')
    .data(hover ? [hover.row] : [])
    .join('rect')
    .attr('x', 0)
    .attr('y', (d) => d.y)
    .attr('width', layout.width)
    .attr('height', (d) => d.height)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', 0.08);

  card.attr('display', hover ? null : 'none');
  if (!hover) return;
  const { info, row, px } = hover;
  const size = layout.fontSize;
  const lineHeight = sized(layout, 17);
  const maxWidth = Math.min(520, layout.width - 2 * pad);
  const lines = [info.title, ...info.lines.flatMap((l) => wrap(l, maxWidth - 2 * pad, size))];
  const width = Math.min(maxWidth, Math.max(...lines.map((l) => textWidth(l, size))) + 2 * pad);
  const height = lines.length * lineHeight + pad;
  // Right of the pointer if it fits, else left of it; below the row if it fits, else above it.
  const x = px + 14 + width <= layout.width ? px + 14 : Math.max(0, px - 14 - width);
  const below = row.y + row.height + 4;
  const y = below + height <= layout.height ? below : Math.max(0, row.y - height - 4);

  card.attr('transform', `translate(${x},${y})`).attr('data-row', info.rowKey);
  card
    .selectAll('rect')
    .data([null])
    .join('rect')
    .attr('width', width)
    .attr('height', height)
    .attr('rx', 4)
    .attr('style', backgroundStyle)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.5);
  card
    .selectAll('text')
    .data(lines)
    .join('text')
    .attr('x', pad)
    .attr('y', (_, i) => pad + sized(layout, 9) + i * lineHeight)
    .attr('font-weight', (_, i) => (i === 0 ? 'bold' : null))
    .attr('fill', 'currentColor')
    .text((d) => d);
}
