import * as d3 from 'd3';
import { countsAt } from '../groups';
import { statusLabel } from '../statusStyle';
import { textWidth } from '../text';
import type { GroupMember, GroupRow, TimelineLayout } from '../types';
import { fadeOut, type Ids, type Layer, type MarkContext } from './common';
import { fillOf, strokeOf } from './patterns';
import { setAttr } from '../setAttr';
import { setText } from '../setText';

const isGroup = (r: TimelineLayout['rows'][number]): r is GroupRow => r.type === 'group';

/**
 * Each group's span, from its first apply to its last member's Healthy: a bracket along the top of the row,
 * open (dashed, running to the end) while some member has not been Healthy yet. Redrawn at every zoom.
 */
export function groupSpansMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const data = layout.rows.filter(isGroup).filter((g) => g.span !== null);
  const paths = layer
    .selectAll<SVGPathElement, GroupRow>('path.tl-group-span')
    .data(data, (d) => d.key)
    .join(
      (enter) => enter.append('path').attr('class', 'tl-group-span'),
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key)
    .attr('fill', 'none')
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 1.5)
    .attr('stroke-dasharray', (d) => (d.span!.t1 === null ? '4 3' : null))
    .attr('d', (d) => {
      const x0 = x(d.span!.t0);
      const x1 = d.span!.t1 === null ? x(layout.domain[1]) : x(d.span!.t1);
      const top = d.y + 2;
      const end = d.span!.t1 === null ? '' : `V${top + 5}`;
      return `M${x0},${top + 5}V${top}H${Math.max(x0, x1)}${end}`;
    });
  paths
    .selectAll('title')
    .data((d) => [d])
    .join('title')
    .text((d) => spanText(d));
}

export function spanText(d: GroupRow): string {
  const span = d.span;
  if (!span) return 'nothing applied';
  const from = `first applied at ${seconds(span.t0)}`;
  return span.t1 === null
    ? `${from}; not all Healthy by the end`
    : `${from}, all Healthy at ${seconds(span.t1)} (${seconds(span.t1 - span.t0)})`;
}

/** What the counts at `t` say in words, for the hover card and the chips' title. */
export function countsText(d: GroupRow, t: number, end: number): string {
  return countsAt(d.members, t, end)
    .map((c) => `${c.count} ${c.status === 'absent' ? 'not there' : statusLabel(c.status)}`)
    .join(', ');
}

const lastDrawn = new WeakMap<Element, string>();
/** The stretch of time around the last drawn `t` in which no member of the group changes (stillAround). */
const stillFor = new WeakMap<Element, { layout: TimelineLayout; from: number; until: number }>();
const joinedFor = new WeakMap<
  Element,
  { layout: TimelineLayout; groups: d3.Selection<SVGGElement, GroupRow, SVGGElement, unknown> }
>();
const chipGap = 8;
const swatch = 11;

/**
 * The counts by health at the cursor, as chips in the label column of each group row: a swatch in the
 * status's colour and texture (the legend's), then how many members are in it. Redrawn when `t` changes, but
 * only the groups whose counts did change touch the DOM.
 */
export function groupCountsMark(layer: Layer, layout: TimelineLayout, ids: Ids, t: number): void {
  const end = layout.domain[1];
  // The rows are joined when the layout changes only: setting the same attributes again on every frame while
  // playing still counts as a change of the DOM, which makes the browser recompute the drawing's style.
  const node = layer.node();
  const joined = node ? joinedFor.get(node) : undefined;
  const groups =
    joined?.layout === layout
      ? joined.groups
      : layer
          .selectAll<SVGGElement, GroupRow>('g.tl-group-counts')
          .data(layout.groupCounts ? layout.rows.filter(isGroup) : [], (d) => d.key)
          .join('g')
          .attr('class', 'tl-group-counts')
          .attr('data-key', (d) => d.key)
          .attr('transform', (d) => `translate(0,${d.y})`);
  if (node) joinedFor.set(node, { layout, groups });
  groups.each(function (d) {
    // While the cursor stays between two of the members' changes the counts stay too: nothing to work out.
    const still = stillFor.get(this);
    if (still?.layout === layout && t >= still.from && t < still.until) return;
    stillFor.set(this, { layout, ...stillAround(d.members, t, end) });
    const counts = countsAt(d.members, t, end).filter((c) => c.status !== 'absent');
    const signature = `${d.y}|${layout.plot.left}|${counts.map((c) => `${c.status}${c.count}`).join(',')}`;
    if (lastDrawn.get(this) === signature) return;
    lastDrawn.set(this, signature);
    const g = d3.select<SVGGElement, GroupRow>(this);
    setAttr(this, 'data-counts', counts.map((c) => `${c.status}:${c.count}`).join(' '));
    const title = g.selectAll<SVGTitleElement, null>('title').data([null]).join('title').node()!;
    setText(title, countsText(d, t, end));
    // Right-aligned against the plot, like the wave detail of an object row.
    let xEnd = layout.plot.left - 12;
    const placed = [...counts].reverse().map((c) => {
      const w = swatch + 3 + textWidth(String(c.count));
      xEnd -= w;
      const at = xEnd;
      xEnd -= chipGap;
      return { ...c, x: at };
    });
    const status = (c: (typeof placed)[number]) => (c.status === 'absent' ? 'none' : c.status);
    // Each value is written only when it differs (setAttr, setText): a count that changes rewrites its text and
    // moves the chips, not the swatches' size and colour again (issue 32: every write restyles the drawing).
    g.selectAll<SVGGElement, (typeof placed)[number]>('g.tl-chip')
      .data(placed, (c) => c.status)
      .join((enter) => {
        const chip = enter.append('g').attr('class', 'tl-chip');
        chip.append('rect');
        chip.append('text');
        return chip;
      })
      .each(function (c) {
        setAttr(this, 'data-status', c.status);
        setAttr(this, 'transform', `translate(${c.x},0)`);
        const rect = this.firstElementChild;
        setAttr(rect, 'y', (d.height - swatch) / 2);
        setAttr(rect, 'width', swatch);
        setAttr(rect, 'height', swatch);
        setAttr(rect, 'fill', fillOf(ids, status(c)));
        setAttr(rect, 'stroke', strokeOf(status(c)).stroke);
        setAttr(rect, 'fill-opacity', c.status === 'none' ? 0.45 : 1);
        const text = this.lastElementChild!;
        setText(text, String(c.count));
        setAttr(text, 'x', swatch + 3);
        setAttr(text, 'y', d.height / 2 + layout.fontSize * 0.35);
        setAttr(text, 'font-size', layout.fontSize);
        setAttr(text, 'fill', 'currentColor');
      });
  });
}

/**
 * The stretch [from, until) around `t` in which no member's segment begins or ends, so `countsAt` gives the
 * same counts anywhere in it. It stops short of `end`, where a segment's end counts as inside it (statusAt).
 */
function stillAround(members: GroupMember[], t: number, end: number): { from: number; until: number } {
  let from = -Infinity;
  let until = end;
  const see = (at: number) => {
    if (at <= t) from = Math.max(from, at);
    else until = Math.min(until, at);
  };
  for (const m of members)
    for (const s of m.segments) {
      see(s.t0);
      see(s.t1);
    }
  return { from, until };
}

function seconds(t: number): string {
  return `${Number(t.toFixed(1))} s`;
}
