import type { Marker, TimelineLayout } from '../types';
import { labelPlace } from '../labelPlace';
import { gap } from '../labelSide';
import { setAttr } from '../setAttr';
import { barsByRow, fadeOut, haloStyle, settle, type Layer, type MarkContext } from './common';

// A cross for an object the sync deleted (prune, terminate), a warning triangle for a failed apply.
const cross = 'M-5,-5L5,5M5,-5L-5,5';
const triangle = 'M0,-6L6,5H-6Z';

/** Symbols on rows for prunes, terminations and failed applies, each with its label. */
export function markersMark(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  const { x, duration } = context;
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
  const place = placer(layout, context);
  groups
    .select('text')
    .text((d) => d.label)
    .attr('x', (d) => place(d).x)
    .attr('y', 4)
    .attr('text-anchor', (d) => place(d).anchor)
    .attr('fill', 'currentColor')
    .attr('style', haloStyle);
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(${x(d.t)},${d.y + d.height / 2})`);
  to.attr('opacity', 1);
}

/**
 * Places each marker's label beside its symbol by the rules of the other labels (labelPlace.ts), in the part of
 * the plot in view: run again when the pinned labels move (render.ts), as what lies under them is cut.
 */
export function markerLabels(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  const place = placer(layout, context);
  layer.selectAll<SVGGElement, Marker>('g.tl-marker').each(function (d) {
    const { x, anchor } = place(d);
    // Only what changed (setAttr): on a phone this runs at every frame the drawing pans while playing.
    const text = this.querySelector('text');
    setAttr(text, 'x', x);
    setAttr(text, 'text-anchor', anchor);
  });
}

/** Where a marker's label goes, relative to its symbol, and which end of it is there. */
function placer(
  layout: TimelineLayout,
  { x, view }: MarkContext,
): (d: Marker) => { x: number; anchor: string } {
  const bars = barsByRow(layout, x);
  return (d) => {
    const at = x(d.t);
    const place = labelPlace(at, d.label, bars.get(d.rowKey) ?? [], view ?? layout.plot, layout.fontSize);
    // Beside the symbol the label keeps 9 px from its centre (the symbol is 10 to 12 px wide).
    const offset =
      place.side === 'left' ? -9 : place.x === at + gap ? 9 : Math.round((place.x - at) * 10) / 10;
    return { x: offset, anchor: place.side === 'right' ? 'start' : 'end' };
  };
}
