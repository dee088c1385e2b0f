import { formatSeconds } from '../ticks';
import { sized, textWidth } from '../text';
import type { TimelineLayout } from '../types';
import { backgroundStyle, type Layer, type Scale } from './common';
import { setAttr as set } from '../setAttr';
import { setText } from '../setText';

/** What each cursor layer shows, so that a frame that would draw the same thing draws nothing. */
const lastDrawn = new WeakMap<Element, (number | string)[]>();

/**
 * The current moment `t`: a line through every row with its time in a box on the axis, and a veil over the
 * future (what has not happened yet at `t` is drawn faded). Redrawn on every frame, never animated. `pinnedLeft`
 * is the pinned row labels' edge while the drawing pans under them (coverTicks).
 */
export function cursorMark(
  layer: Layer,
  axis: Layer,
  layout: TimelineLayout,
  x: Scale,
  t: number,
  pinnedLeft = layout.plot.left,
): void {
  const { left, right, top, bottom } = layout.plot;
  const cx = x(t);
  const visible = cx >= left - 0.5 && cx <= right + 0.5;
  layer.attr('data-t', t);
  // Playing at 1× moves the cursor a fraction of a pixel per frame. Until it has moved a whole pixel or shows
  // another time the drawing is left alone, as redrawing it makes the browser repaint every row under it.
  const label = formatSeconds(t);
  const drawn = [
    Math.round(cx),
    label,
    left,
    pinnedLeft,
    right,
    top,
    bottom,
    layout.lanes.axis,
    ...x.domain(),
    ...x.range(),
  ];
  const node = layer.node();
  // A layer emptied since (the page draws its cursor in an overlay, and an export draws it here for a moment)
  // is drawn again.
  if (node?.firstChild && lastDrawn.get(node)?.every((value, i) => value === drawn[i])) return;
  if (node) lastDrawn.set(node, drawn);

  // Each attribute is written only when its value changes: while playing, the time, the veil's offset and the
  // cursor's offset change on every frame and the rest does not, and every write makes the browser recompute
  // the style of the drawing.
  // Made once: writing its class again on every frame counted as a change of the drawing.
  const future = layer
    .selectAll('rect.tl-future')
    .data([null])
    .join((enter) => enter.append('rect').attr('class', 'tl-future'));
  const veil = future.node() as SVGRectElement | null;
  // The veil spans the whole plot and slides right by a transform; the plot's clip cuts off what passes its edge.
  set(veil, 'x', left);
  set(veil, 'width', Math.max(0, right - left));
  set(veil, 'transform', `translate(${Math.min(Math.max(cx, left), right) - left},0)`);
  set(veil, 'y', top);
  set(veil, 'height', bottom - top);
  set(veil, 'style', backgroundStyle);
  set(veil, 'fill-opacity', 0.45);

  const g = layer
    .selectAll('g.tl-now')
    .data([null])
    .join((enter) => {
      const cursor = enter.append('g').attr('class', 'tl-now');
      cursor.append('line');
      cursor.append('rect');
      cursor.append('text');
      return cursor;
    });
  const now = g.node() as SVGGElement | null;
  set(now, 'display', visible ? null : 'none');
  set(now, 'transform', `translate(${cx},0)`);
  const line = now?.querySelector('line') ?? null;
  set(line, 'y1', layout.lanes.axis + sized(layout, 5));
  set(line, 'y2', bottom);
  set(line, 'stroke', 'currentColor');
  set(line, 'stroke-width', 2);
  const { x: boxX, width: w } = timeBox(layout, cx, label);
  const box = now?.querySelector('rect') ?? null;
  set(box, 'x', boxX);
  set(box, 'y', layout.lanes.axis - sized(layout, 13));
  set(box, 'width', w);
  set(box, 'height', sized(layout, 18));
  set(box, 'rx', 3);
  set(box, 'style', backgroundStyle);
  set(box, 'stroke', 'currentColor');
  coverTicks(axis, layout, visible ? [cx + boxX, cx + boxX + w] : undefined, pinnedLeft);
  const text = now?.querySelector('text') ?? null;
  setText(text, label);
  set(text, 'x', boxX + w / 2);
  set(text, 'y', layout.lanes.axis);
  set(text, 'text-anchor', 'middle');
  set(text, 'font-weight', 'bold');
  set(text, 'fill', 'currentColor');
}

/**
 * The cursor's time box on the axis, relative to the cursor's x `cx`: centred on it, and kept inside the plot when
 * the cursor is at either edge.
 */
export function timeBox(layout: TimelineLayout, cx: number, label: string): { x: number; width: number } {
  const { left, right } = layout.plot;
  const width = textWidth(label, layout.fontSize) + 10;
  return { x: Math.min(Math.max(-width / 2, left - cx), right - cx - width), width };
}

/**
 * Tick labels under the cursor's time box (`box`: its left and right x; undefined when the cursor is out of view)
 * would peek out beside it: they are hidden while the box is there. While the drawing pans under the pinned row
 * labels (a phone), `left` is the pinned column's edge: a tick label reaching past it names a time whose bars are
 * cut there, so it is hidden too (unpinned, the 0 s tick keeps its place half over the labels). Each is written
 * only when that changes.
 */
export function coverTicks(
  axis: Layer,
  layout: TimelineLayout,
  box: [number, number] | undefined,
  left = layout.plot.left,
): void {
  const pinned = left > layout.plot.left;
  axis.selectAll<SVGTextElement, { x: number; label: string }>('text.tl-tick').each(function (d) {
    const half = textWidth(d.label, layout.fontSize) / 2;
    const covered =
      (box !== undefined && d.x + half > box[0] - 2 && d.x - half < box[1] + 2) ||
      (pinned && d.x - half < left);
    set(this, 'visibility', covered ? 'hidden' : null);
  });
}
