import { timeTicks } from '../ticks';
import type { Tick, TimelineLayout } from '../types';
import { settle, type Layer, type MarkContext } from './common';

/** The time axis: tick labels above the rows and faint grid lines through them, recomputed at every zoom. */
export function axisMark(
  grid: Layer,
  labels: Layer,
  layout: TimelineLayout,
  { x, duration }: MarkContext,
): void {
  const ticks = timeTicks(x);
  const lines = grid
    .selectAll<SVGLineElement, Tick>('line.tl-grid')
    .data(ticks, (d) => String(d.t))
    .join('line')
    .attr('class', 'tl-grid')
    .attr('y1', layout.plot.top)
    .attr('y2', layout.plot.bottom)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.12);
  const lineTo = settle(lines, duration);
  lineTo.attr('x1', (d) => d.x);
  lineTo.attr('x2', (d) => d.x);

  const texts = labels
    .selectAll<SVGTextElement, Tick>('text.tl-tick')
    .data(ticks, (d) => String(d.t))
    .join('text')
    .attr('class', 'tl-tick')
    .attr('y', layout.lanes.axis)
    .attr('text-anchor', 'middle')
    .attr('fill', 'currentColor')
    .text((d) => d.label);
  settle(texts, duration).attr('x', (d) => d.x);
}
