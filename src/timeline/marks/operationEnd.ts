import { operationColors } from '../statusStyle';
import { sized, textWidth } from '../text';
import { formatSeconds } from '../ticks';
import type { OperationEnd, TimelineLayout } from '../types';
import { fadeOut, haloStyle, settle, type Layer, type MarkContext } from './common';

/** Where the operation ended: a line across every row in the outcome's colour, named below the rows. */
export function operationEndMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const data = layout.operationEnd ? [layout.operationEnd] : [];
  const label = (d: OperationEnd) => `${d.phase} at ${formatSeconds(d.t)}`;
  // The label hangs left of the line when it would run past the right edge.
  const anchorEnd = (d: OperationEnd) => x(d.t) + 6 + textWidth(label(d), layout.fontSize) > layout.width;
  const groups = layer
    .selectAll<SVGGElement, OperationEnd>('g.tl-end')
    .data(data, () => 'end')
    .join(
      (enter) => {
        const g = enter.append('g').attr('class', 'tl-end').attr('opacity', 0);
        g.attr('transform', (d) => `translate(${x(d.t)},0)`);
        g.append('line');
        g.append('text');
        g.append('title');
        return g;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-phase', (d) => d.phase);
  groups.select('title').text((d) => `operation ${d.phase}: ${d.message}`);
  groups
    .select('line')
    .attr('y1', layout.lanes.phase - sized(layout, 14))
    .attr('y2', layout.lanes.footer + 4)
    .attr('stroke', (d) => operationColors[d.phase])
    .attr('stroke-width', 3)
    .attr('stroke-dasharray', (d) => (d.phase === 'Succeeded' ? '' : '6 3'));
  groups
    .select('text')
    .text(label)
    .attr('x', (d) => (anchorEnd(d) ? -6 : 6))
    .attr('y', layout.lanes.footer)
    .attr('text-anchor', (d) => (anchorEnd(d) ? 'end' : 'start'))
    .attr('font-weight', 'bold')
    .attr('fill', 'currentColor')
    .attr('style', haloStyle);
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(${x(d.t)},0)`);
  to.attr('opacity', 1);
}
