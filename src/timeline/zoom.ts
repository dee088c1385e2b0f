import * as d3 from 'd3';
import type { TimelineLayout } from './types';

/**
 * Zoom and pan along time only: d3-zoom's transform is applied to the x scale (`rescaleX`), never to y, so
 * rows stay put. The wheel zooms only with Ctrl, ⌘ or Shift (a trackpad pinch sends Ctrl), so that scrolling
 * the page over the timeline still scrolls the page; dragging pans, double-click zooms in.
 */
export function attachZoom(
  svg: SVGSVGElement,
  layoutOf: () => TimelineLayout | null,
  onZoom: () => void,
): d3.ZoomBehavior<SVGSVGElement, unknown> {
  const zoom = d3
    .zoom<SVGSVGElement, unknown>()
    .scaleExtent([1, 200])
    .filter((event: MouseEvent | WheelEvent) =>
      event.type === 'wheel'
        ? event.ctrlKey || event.metaKey || event.shiftKey
        : !event.ctrlKey && !event.button,
    )
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
  return zoom;
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
