import { operationColors } from '../statusStyle';
import { labelPlace } from '../labelPlace';
import { boldWidth, sized } from '../text';
import { formatSeconds } from '../ticks';
import type { OperationEnd, TimelineLayout } from '../types';
import { setAttr } from '../setAttr';
import { fadeOut, haloStyle, settle, type Layer, type MarkContext } from './common';

const label = (d: OperationEnd) => `${d.phase} at ${formatSeconds(d.t)}`;

/** Where the operation ended: a line across every row in the outcome's colour, named below the rows. */
export function operationEndMark(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  const { x, duration } = context;
  const data = layout.operationEnd ? [layout.operationEnd] : [];
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
    .attr('x', (d) => placeEnd(d, layout, context).x)
    .attr('y', layout.lanes.footer)
    .attr('text-anchor', (d) => placeEnd(d, layout, context).anchor)
    .attr('font-weight', 'bold')
    .attr('fill', 'currentColor')
    .attr('style', haloStyle);
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(${x(d.t)},0)`);
  to.attr('opacity', 1);
}

/**
 * Places the outcome's name below the rows, beside its line by the rules of the other labels (labelPlace.ts): right
 * of it, else left of it, else whole where it fits, in the part of the drawing in view (on a phone, right of the
 * pinned labels, which cut "Failed at 15s" to "ailed at 15s" at the end of failing-migration, issue 32). It may
 * run to the drawing's right edge, past the plot's. Run again when the pinned labels move (render.ts).
 */
export function endLabel(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  layer.selectAll<SVGGElement, OperationEnd>('g.tl-end').each(function (d) {
    const { x, anchor } = placeEnd(d, layout, context);
    // Only what changed (setAttr): on a phone this runs at every frame the drawing pans while playing.
    const text = this.querySelector('text');
    setAttr(text, 'x', x);
    setAttr(text, 'text-anchor', anchor);
  });
}

/** Where the outcome's name goes, relative to its line, and which end of it is there. */
function placeEnd(
  d: OperationEnd,
  layout: TimelineLayout,
  { x, view }: MarkContext,
): { x: number; anchor: string } {
  const at = x(d.t);
  const room = { left: (view ?? layout.plot).left, right: layout.width };
  const place = labelPlace(at, label(d), [], room, layout.fontSize * boldWidth);
  return { x: Math.round((place.x - at) * 10) / 10, anchor: place.side === 'right' ? 'start' : 'end' };
}
