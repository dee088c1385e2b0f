import type { DelayGap, PhaseBand, TimelineLayout } from '../types';
import { sized, textWidth } from '../text';
import { setAttr } from '../setAttr';
import { fadeOut, settle, type Layer, type MarkContext, type Target } from './common';
import { formatSeconds } from '../ticks';

/**
 * Phase bands: a light wash behind the rows for each phase the operation went through (alternating, so
 * neighbours differ), named in the phase lane when the name fits.
 */
export function bandsMark(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  const { x, duration } = context;
  const top = layout.lanes.phase - sized(layout, 14);
  const place = (s: Target<PhaseBand>) => {
    s.attr('x', (d) => x(d.t0));
    s.attr('width', (d) => Math.max(0, x(d.t1) - x(d.t0)));
    s.attr('y', top);
    s.attr('height', layout.plot.bottom - top);
  };
  const rects = layer
    .selectAll<SVGRectElement, PhaseBand>('rect.tl-band')
    .data(layout.bands, (d) => d.key)
    .join(
      (enter) => {
        const rect = enter.append('rect').attr('class', 'tl-band').attr('opacity', 0);
        place(rect);
        return rect;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-phase', (d) => d.phase)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', (d) => (d.index % 2 === 0 ? 0.07 : 0.03));
  const to = settle(rects, duration);
  place(to);
  to.attr('opacity', 1);

  const labels = layer
    .selectAll<SVGTextElement, PhaseBand>('text.tl-band-label')
    .data(layout.bands, (d) => d.key)
    .join('text')
    .attr('class', 'tl-band-label')
    .attr('y', layout.lanes.phase)
    .attr('font-size', sized(layout, 13))
    .attr('font-weight', 'bold')
    .attr('fill', 'currentColor')
    .text((d) => d.phase);
  const label = bandLabelPlacer(layout, context);
  labels.attr('display', (d) => (label(d).shown ? null : 'none'));
  settle(labels, duration).attr('x', (d) => label(d).x);
}

/**
 * Places the phase names again for the view (on a phone, when the drawing pans under the pinned row labels): only
 * what changed is written, as this runs at every frame the drawing pans while playing.
 */
export function bandLabels(layer: Layer, layout: TimelineLayout, context: MarkContext): void {
  const place = bandLabelPlacer(layout, context);
  layer.selectAll<SVGTextElement, PhaseBand>('text.tl-band-label').each(function (d) {
    const { x, shown } = place(d);
    setAttr(this, 'display', shown ? null : 'none');
    setAttr(this, 'x', x);
  });
}

/**
 * Where a phase's name goes: at the left of the part of its band in view, so that it stays readable while the start
 * of the band is under the pinned row labels (a phone's drawing panned to the cursor, where `PreSync` was hidden
 * under the column); shown only where it fits inside that part, so neighbouring names never overlap.
 */
function bandLabelPlacer(
  layout: TimelineLayout,
  { x, view }: MarkContext,
): (d: PhaseBand) => { x: number; shown: boolean } {
  const left = view?.left ?? layout.plot.left;
  return (d) => {
    const visibleLeft = Math.max(x(d.t0), left);
    const room = Math.min(x(d.t1), layout.plot.right) - visibleLeft;
    return { x: visibleLeft + 4, shown: room >= textWidth(d.phase, sized(layout, 13)) + 8 };
  };
}

/** Wave-delay gaps: hatched across all rows while the controller sleeps ARGOCD_SYNC_WAVE_DELAY (§2.11). */
export function delaysMark(layer: Layer, layout: TimelineLayout, { x, duration, ids }: MarkContext): void {
  const place = (s: Target<DelayGap>) => {
    s.attr('x', (d) => x(d.t0));
    s.attr('width', (d) => Math.max(0, x(d.t1) - x(d.t0)));
    s.attr('y', layout.plot.top);
    s.attr('height', layout.plot.bottom - layout.plot.top);
  };
  const rects = layer
    .selectAll<SVGRectElement, DelayGap>('rect.tl-delay')
    .data(layout.delays, (d) => d.key)
    .join(
      (enter) => {
        const rect = enter.append('rect').attr('class', 'tl-delay').attr('opacity', 0);
        rect.append('title');
        place(rect);
        return rect;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('fill', `url(#${ids.prefix}-delay)`);
  rects
    .select('title')
    .text((d) => `ARGOCD_SYNC_WAVE_DELAY: ${formatSeconds(d.seconds)} after ${d.phase} wave ${d.wave}`);
  const to = settle(rects, duration);
  place(to);
  to.attr('opacity', 1);
}
