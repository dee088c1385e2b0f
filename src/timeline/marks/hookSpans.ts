import * as d3 from 'd3';
import { deleteLabel } from '../hookSpans';
import { operationColors } from '../statusStyle';
import type { HookSpan, LabelSide, TimelineLayout } from '../types';
import { rowLabelPlaces, type RowLabel } from '../labelPlace';
import {
  barsByRow,
  fadeOut,
  haloStyle,
  settle,
  type Layer,
  type MarkContext,
  type Scale,
  type Target,
} from './common';

const capHeight = 6;

/**
 * Hook lives: a bracket under the bar from creation to deletion (dashed where the object came from an
 * earlier sync), a symbol where the hook completed (a circle when it succeeded, a diamond when it failed),
 * and at the deletion a bar with the delete policy that removed it (argocd-semantics.md §2.14).
 */
export function hookSpansMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const groups = layer
    .selectAll<SVGGElement, HookSpan>('g.tl-hook')
    .data(layout.hookSpans, (d) => d.key)
    .join(
      (enter) => {
        const g = enter.append('g').attr('class', 'tl-hook').attr('opacity', 0);
        g.append('line').attr('class', 'tl-hook-base');
        g.append('line').attr('class', 'tl-hook-start');
        g.append('path').attr('class', 'tl-hook-done');
        g.append('line').attr('class', 'tl-hook-end');
        g.append('text').attr('class', 'tl-hook-label');
        return g;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key)
    .attr('data-deleted-by', (d) => d.deletedBy ?? '');
  settle(groups, duration).attr('opacity', 1);

  const base = (d: HookSpan) => d.y + d.height - 3;
  const mid = (d: HookSpan) => d.y + d.height / 2;

  groups
    .select('line.tl-hook-base')
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', (d) => (d.preexisting ? '4 3' : ''));
  placeLine(
    settle(groups.select<SVGLineElement>('line.tl-hook-base'), duration),
    (d) => x(d.t0),
    (d) => x(d.t1),
    base,
    base,
  );

  // The start cap marks the creation; a leftover of an earlier sync has none, it was created before t = 0.
  groups
    .select('line.tl-hook-start')
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 1.5)
    .attr('display', (d) => (d.preexisting ? 'none' : null));
  placeLine(
    settle(groups.select<SVGLineElement>('line.tl-hook-start'), duration),
    (d) => x(d.t0),
    (d) => x(d.t0),
    (d) => base(d) - capHeight,
    base,
  );

  groups
    .select<SVGPathElement>('path.tl-hook-done')
    .attr('display', (d) => (d.doneT === null ? 'none' : null))
    .attr('d', (d) => d3.symbol(d.outcome === 'Succeeded' ? d3.symbolCircle : d3.symbolDiamond, 64)() ?? '')
    .attr('fill', (d) => (d.outcome ? operationColors[d.outcome] : 'currentColor'))
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 1.5);
  settle(groups.select<SVGPathElement>('path.tl-hook-done'), duration).attr(
    'transform',
    (d) => `translate(${x(d.doneT ?? d.t0)},${mid(d)})`,
  );

  groups
    .select('line.tl-hook-end')
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 3)
    .attr('display', (d) => (d.deletedBy ? null : 'none'));
  placeLine(
    settle(groups.select<SVGLineElement>('line.tl-hook-end'), duration),
    (d) => x(d.t1),
    (d) => x(d.t1),
    (d) => d.y + 2,
    base,
  );

  const text = (d: HookSpan) => (d.deletedBy ? deleteLabel(d.deletedBy) : '');
  const places = labelPlaces(layout, x, text);
  // Where each label goes, clear of the row's bars where there is room and never over another label of its row
  // (labelPlace.ts); one that has no room is not drawn.
  const place = (d: HookSpan) => places.get(d.key) ?? { side: 'right' as const, x: x(d.t1) };
  const labels = groups
    .select<SVGTextElement>('text.tl-hook-label')
    .text(text)
    .attr('display', (d) => (places.get(d.key) ? null : 'none'))
    .attr('text-anchor', (d) => (place(d).side === 'right' ? 'start' : 'end'))
    .attr('fill', 'currentColor')
    .attr('style', haloStyle);
  const to = settle(labels, duration);
  to.attr('x', (d) => place(d).x);
  to.attr('y', (d) => mid(d) + 4);
}

function placeLine<D>(
  to: Target<D>,
  x1: (d: D) => number,
  x2: (d: D) => number,
  y1: (d: D) => number,
  y2: (d: D) => number,
): void {
  to.attr('x1', x1);
  to.attr('x2', x2);
  to.attr('y1', y1);
  to.attr('y2', y2);
}

/** Each hook label's place under the scale `x`, row by row (rowLabelPlaces). */
function labelPlaces(
  layout: TimelineLayout,
  x: Scale,
  text: (d: HookSpan) => string,
): Map<string, { side: LabelSide; x: number } | undefined> {
  const bars = barsByRow(layout, x);
  const rows = new Map<string, RowLabel[]>();
  for (const d of layout.hookSpans) {
    const row = rows.get(d.rowKey) ?? [];
    row.push({ key: d.key, at: x(d.t1), label: text(d) });
    rows.set(d.rowKey, row);
  }
  const places = new Map<string, { side: LabelSide; x: number } | undefined>();
  for (const [rowKey, labels] of rows)
    for (const [key, place] of rowLabelPlaces(labels, bars.get(rowKey) ?? [], layout.plot, layout.fontSize))
      places.set(key, place);
  return places;
}
