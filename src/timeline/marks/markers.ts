import type { Marker, TimelineLayout } from '../types';
import { labelSide } from '../labelSide';
import { barsByRow, fadeOut, haloStyle, settle, type Layer, type MarkContext } from './common';

// A cross for an object the sync deleted (prune, terminate), a warning triangle for a failed apply.
const cross = 'M-5,-5L5,5M5,-5L-5,5';
const triangle = 'M0,-6L6,5H-6Z';

/** Symbols on rows for prunes, terminations and failed applies, each with its label. */
export function markersMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const groups = layer
    .selectAll<SVGGElement, Marker>('g.tl-marker')
    .data(layout.markers, (d) => d.key)
    .join(
      (enter) => {
        const g = enter.append('g').attr('class', 'tl-marker').attr('opacity', 0);
        g.attr('transform', (d) => `translate(${x(d.t)},${d.y + d.height / 2})`);
        g.append('path');
        g.append('text');
        return g;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key)
    .attr('data-type', (d) => d.type);
  groups
    .select('path')
    .attr('d', (d) => (d.type === 'apply-failed' ? triangle : cross))
    .attr('fill', (d) => (d.type === 'apply-failed' ? 'currentColor' : 'none'))
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 2.5)
    .attr('style', haloStyle);
  const bars = barsByRow(layout, x);
  const side = (d: Marker) =>
    labelSide(x(d.t), d.label, bars.get(d.rowKey) ?? [], layout.plot, layout.fontSize);
  groups
    .select('text')
    .text((d) => d.label)
    .attr('x', (d) => (side(d) === 'right' ? 9 : -9))
    .attr('y', 4)
    .attr('text-anchor', (d) => (side(d) === 'right' ? 'start' : 'end'))
    .attr('fill', 'currentColor')
    .attr('style', haloStyle);
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(${x(d.t)},${d.y + d.height / 2})`);
  to.attr('opacity', 1);
}
