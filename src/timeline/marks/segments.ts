import type { Segment, TimelineLayout } from '../types';
import { fadeOut, settle, type Layer, type MarkContext, type Target } from './common';
import { fillOf, strokeOf } from './patterns';

/** The health bars: one rect per stretch, keyed by row and position, textured by status. */
export function segmentsMark(layer: Layer, layout: TimelineLayout, { x, duration, ids }: MarkContext): void {
  const place = (s: Target<Segment>) => {
    s.attr('x', (d) => x(d.t0));
    s.attr('width', (d) => Math.max(1, x(d.t1) - x(d.t0)));
    // 'none' is a thin line: the object is there, but nothing says how healthy it is.
    s.attr('y', (d) => (d.status === 'none' ? d.y + d.height / 2 - 2 : d.y + 4));
    s.attr('height', (d) => (d.status === 'none' ? 4 : d.height - 10));
  };
  const rects = layer
    .selectAll<SVGRectElement, Segment>('rect.tl-segment')
    .data(layout.segments, (d) => d.key)
    .join(
      (enter) => {
        const rect = enter.append('rect').attr('class', 'tl-segment').attr('opacity', 0);
        place(rect);
        return rect;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key)
    .attr('data-status', (d) => d.status)
    .attr('fill', (d) => fillOf(ids, d.status))
    .attr('fill-opacity', (d) => (d.status === 'none' ? 0.45 : 1))
    .attr('stroke', (d) => strokeOf(d.status).stroke)
    .attr('stroke-dasharray', (d) => strokeOf(d.status).dash);
  const to = settle(rects, duration);
  place(to);
  to.attr('opacity', 1);
}
