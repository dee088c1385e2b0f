import * as d3 from 'd3';
import type { TimelineLayout } from './types';

/**
 * Zoom and pan along time only: d3-zoom's transform is applied to the x scale (`rescaleX`), never to y, so
 * rows stay put. The wheel zooms only with Ctrl, ⌘ or Shift (a trackpad pinch sends Ctrl), so that scrolling
 * the page over the timeline still scrolls the page; dragging pans, double-click zooms in.
 */
/** The zoom levels the wheel and the buttons reach: the whole sync, up to 200 times closer. */
export const zoomExtent: readonly [number, number] = [1, 200];

/**
 * The zoom level that shows `t0`…`t1` of a sync spanning `span` seconds, held within zoomExtent: a link's
 * `zoom=0,1e-300` asked for 1e301× (shown as "Zoom 9.06e+301×", with NaN positions after it), and a
 * range wider than the sync for less than 1×.
 */
export function zoomLevelFor(span: number, t0: number, t1: number): number {
  const k = span / (t1 - t0);
  return Number.isFinite(k) ? Math.min(zoomExtent[1], Math.max(zoomExtent[0], k)) : zoomExtent[1];
}

export function attachZoom(
  svg: SVGSVGElement,
  layoutOf: () => TimelineLayout | null,
  onZoom: () => void,
): void {
  const zoom = d3
    .zoom<SVGSVGElement, unknown>()
    .scaleExtent([zoomExtent[0], zoomExtent[1]])
    .filter((event: MouseEvent | WheelEvent) =>
      event.type === 'wheel'
        ? event.ctrlKey || event.metaKey || event.shiftKey
        : !event.ctrlKey && !event.button,
    )
    .wheelDelta(wheelDelta)
    .extent(() => extentOf(layoutOf()))
    .translateExtent([
      [-Infinity, -Infinity],
      [Infinity, Infinity],
    ])
    .on('zoom', onZoom);
  // The pan limits follow the layout, so the sync never slides out of view.
  zoom.constrain((transform, extent) => {
    const [[x0], [x1]] = extent;
    const k = transform.k;
    const tx = Math.min(x0 - x0 * k, Math.max(x1 - x1 * k, transform.x));
    return tx === transform.x && transform.y === 0 ? transform : d3.zoomIdentity.translate(tx, 0).scale(k);
  });
  d3.select(svg).call(zoom);
  attached.set(svg, { zoom, layoutOf });
}

const attached = new WeakMap<
  SVGSVGElement,
  { zoom: d3.ZoomBehavior<SVGSVGElement, unknown>; layoutOf: () => TimelineLayout | null }
>();

/** Back to the whole sync (zoom 1). */
export function resetZoom(svg: SVGSVGElement): void {
  const zoom = attached.get(svg)?.zoom;
  if (zoom) d3.select(svg).call(zoom.transform, d3.zoomIdentity);
}

/** Zooms so that virtual times `t0`…`t1` fill the plot, e.g. to look at one wave. */
export function zoomToRange(svg: SVGSVGElement, [t0, t1]: [number, number]): void {
  const { zoom, layoutOf } = attached.get(svg) ?? {};
  const layout = layoutOf?.();
  if (!zoom || !layout || !(t1 > t0) || !Number.isFinite(t0) || !Number.isFinite(t1)) return;
  const base = d3.scaleLinear().domain(layout.domain).range([layout.plot.left, layout.plot.right]);
  const k = zoomLevelFor(layout.domain[1] - layout.domain[0], t0, t1);
  const x = layout.plot.left - k * base(t0);
  // A range far past the sync (t0 = 1e308) puts the plot at an infinite offset, which d3 turns into NaN.
  if (!Number.isFinite(x)) return;
  d3.select(svg).call(zoom.transform, d3.zoomIdentity.translate(x, 0).scale(k));
}

/**
 * d3's wheel step, except that Ctrl speeds up only the small deltas of a trackpad pinch: with d3's default a
 * Ctrl+wheel notch of a mouse zooms 4× at once.
 */
function wheelDelta(event: WheelEvent): number {
  const unit = event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002;
  const pinch = event.ctrlKey && Math.abs(event.deltaY) < 50;
  return -event.deltaY * unit * (pinch ? 10 : 1);
}

function extentOf(layout: TimelineLayout | null): [[number, number], [number, number]] {
  if (!layout)
    return [
      [0, 0],
      [1, 1],
    ];
  return [
    [layout.plot.left, 0],
    [layout.plot.right, layout.height],
  ];
}

/** What the timeline shows across its plot: the zoom factor and the virtual times at its two edges. */
export interface ZoomView {
  k: number;
  domain: [number, number];
  /** The plot's edges in pixels (the same at every zoom). */
  left: number;
  right: number;
}

export function zoomViewOf(svg: SVGSVGElement, layout: TimelineLayout): ZoomView {
  const transform = d3.zoomTransform(svg);
  const base = d3.scaleLinear().domain(layout.domain).range([layout.plot.left, layout.plot.right]);
  const [t0, t1] = transform.rescaleX(base).domain();
  return { k: transform.k, domain: [t0, t1], left: layout.plot.left, right: layout.plot.right };
}
