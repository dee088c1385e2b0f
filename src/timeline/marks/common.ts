import * as d3 from 'd3';
import type { TimelineLayout } from '../types';

/** A layer of the drawing: one `<g>` per kind of mark, created once per `<svg>`. */
export type Layer = d3.Selection<SVGGElement, unknown, null, undefined>;

/** The x scale after zoom: virtual seconds → pixels. */
export type Scale = d3.ScaleLinear<number, number>;

/** What a mark needs to draw itself: the zoomed scale, the transition length and the `<svg>`'s id prefix. */
export interface MarkContext {
  x: Scale;
  duration: number;
  ids: Ids;
  /**
   * The part of the plot the labels beside symbols may use (default the plot): on a phone it starts at the
   * pinned labels' edge, since what lies under them is cut (render.ts).
   */
  view?: { left: number; right: number };
}

export interface Ids {
  /** Unique per `<svg>`, so two timelines on one page do not share patterns or clip paths. */
  prefix: string;
  clip: string;
}

/** The bars of each row under the zoomed scale, for placing labels beside symbols (labelSide.ts). */
export function barsByRow(layout: TimelineLayout, x: Scale): Map<string, { x0: number; x1: number }[]> {
  const bars = new Map<string, { x0: number; x1: number }[]>();
  for (const s of layout.segments) {
    const list = bars.get(s.rowKey) ?? [];
    list.push({ x0: x(s.t0), x1: x(s.t1) });
    bars.set(s.rowKey, list);
  }
  return bars;
}

/** Either a selection or a transition: something whose attributes can be set, now or smoothly. */
export interface Target<D> {
  attr(name: string, value: string | number): unknown;
  attr(name: string, value: (d: D) => string | number): unknown;
}

/**
 * The selection itself when `duration` is 0 (tests, zooming, reduced motion), else a transition of that
 * length. A direct set also interrupts any transition still running, so it cannot overwrite the new value.
 * Transforms are tweened as plain strings: they are all `translate(x,y)` here, and d3's default transform
 * interpolator needs a browser's SVG matrix support.
 */
export function settle<E extends d3.BaseType, D, P extends d3.BaseType, PD>(
  sel: d3.Selection<E, D, P, PD>,
  duration: number,
): Target<D> {
  if (duration <= 0) {
    sel.interrupt();
    return sel;
  }
  const transition = sel.transition().duration(duration);
  return {
    attr(name: string, value: string | number | ((d: D) => string | number)) {
      const to = (d: D) => String(typeof value === 'function' ? value(d) : value);
      if (name === 'transform') {
        transition.attrTween(name, function (d) {
          const from = (this as Element).getAttribute(name);
          return from ? d3.interpolateString(from, to(d)) : () => to(d);
        });
      } else transition.attr(name, to);
      return this;
    },
  };
}

/** Removes leaving elements, fading them out when there is time to. */
export function fadeOut<E extends d3.BaseType, D, P extends d3.BaseType, PD>(
  exit: d3.Selection<E, D, P, PD>,
  duration: number,
): void {
  if (duration > 0) exit.transition().duration(duration).attr('opacity', 0).remove();
  else exit.remove();
}

/**
 * Text drawn over bars gets a halo in the page's background colour (`paint-order: stroke`), so it reads in
 * light and dark themes alike. `--timeline-bg` lets the page pick the colour; `Canvas` follows color-scheme.
 */
export const haloStyle = 'paint-order: stroke; stroke: var(--timeline-bg, Canvas); stroke-width: 4px';
export const backgroundStyle = 'fill: var(--timeline-bg, Canvas)';
