import { formatSeconds } from '../ticks';
import { sized, textWidth } from '../text';
import type { TimelineLayout } from '../types';
import { backgroundStyle, type Layer, type Scale } from './common';

/** What each cursor layer shows, so that a frame that would draw the same thing draws nothing. */
const lastDrawn = new WeakMap<Element, (number | string)[]>();

/**
 * The current moment `t`: a line through every row with its time in a box on the axis, and a veil over the
 * future (what has not happened yet at `t` is drawn faded). Redrawn on every frame, never animated.
 */
export function cursorMark(layer: Layer, axis: Layer, layout: TimelineLayout, x: Scale, t: number): void {
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
    right,
    top,
    bottom,
    layout.lanes.axis,
    ...x.domain(),
    ...x.range(),
  ];
  const node = layer.node();
  if (node && lastDrawn.get(node)?.every((value, i) => value === drawn[i])) return;
  if (node) lastDrawn.set(node, drawn);

  const future = layer.selectAll('rect.tl-future').data([null]).join('rect').attr('class', 'tl-future');
  future
    .attr('x', Math.min(Math.max(cx, left), right))
    .attr('width', Math.max(0, right - Math.max(cx, left)))
    .attr('y', top)
    .attr('height', bottom - top)
    .attr('style', backgroundStyle)
    .attr('fill-opacity', 0.45);

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
  g.attr('display', visible ? null : 'none').attr('transform', `translate(${cx},0)`);
  g.select('line')
    .attr('y1', layout.lanes.axis + sized(layout, 5))
    .attr('y2', bottom)
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 2);
  const w = textWidth(label, layout.fontSize) + 10;
  // Keep the time box inside the plot when the cursor is at either edge.
  const boxX = Math.min(Math.max(-w / 2, left - cx), right - cx - w);
  g.select('rect')
    .attr('x', boxX)
    .attr('y', layout.lanes.axis - sized(layout, 13))
    .attr('width', w)
    .attr('height', sized(layout, 18))
    .attr('rx', 3)
    .attr('style', backgroundStyle)
    .attr('stroke', 'currentColor');
  // Tick labels under the time box would peek out beside it: hide them while the cursor is there.
  axis.selectAll<SVGTextElement, { x: number; label: string }>('text.tl-tick').attr('visibility', (d) => {
    const half = textWidth(d.label, layout.fontSize) / 2;
    const covered = visible && d.x + half > cx + boxX - 2 && d.x - half < cx + boxX + w + 2;
    return covered ? 'hidden' : null;
  });
  g.select('text')
    .text(label)
    .attr('x', boxX + w / 2)
    .attr('y', layout.lanes.axis)
    .attr('text-anchor', 'middle')
    .attr('font-weight', 'bold')
    .attr('fill', 'currentColor');
}
