import type { DelayGap, PhaseBand, TimelineLayout } from '../types';
import { sized, textWidth } from '../text';
import { fadeOut, settle, type Layer, type MarkContext, type Target } from './common';
import { formatSeconds } from '../ticks';

/**
 * Phase bands: a light wash behind the rows for each phase the operation went through (alternating, so
 * neighbours differ), named in the phase lane when the name fits.
 */
export function bandsMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
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

  // A phase name is shown only where it fits inside its band, so neighbouring names never overlap.
  const visibleLeft = (d: PhaseBand) => Math.max(x(d.t0), layout.plot.left);
  const fits = (d: PhaseBand) =>
    Math.min(x(d.t1), layout.plot.right) - visibleLeft(d) >= textWidth(d.phase, sized(layout, 13)) + 8;
  const labels = layer
    .selectAll<SVGTextElement, PhaseBand>('text.tl-band-label')
    .data(layout.bands, (d) => d.key)
    .join('text')
    .attr('class', 'tl-band-label')
    .attr('y', layout.lanes.phase)
    .attr('font-size', sized(layout, 13))
    .attr('font-weight', 'bold')
    .attr('fill', 'currentColor')
    .attr('display', (d) => (fits(d) ? null : 'none'))
    .text((d) => d.phase);
  settle(labels, duration).attr('x', (d) => visibleLeft(d) + 4);
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
