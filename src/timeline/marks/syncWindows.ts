import { formatSeconds } from '../ticks';
import type { TimelineLayout } from '../types';
import { haloStyle, type Layer, type Scale } from './common';

/** A stretch of time during which a sync window of the Application's AppProject is active. */
export interface WindowBand {
  key: string;
  t0: number;
  t1: number;
  /** As `argocd app get` lists it: "deny window 5 0 * * * 10m (release freeze)". */
  label: string;
  kind: 'allow' | 'deny';
}

/**
 * Sync windows on the resource timeline (argocd-semantics.md §5.14): a shaded band over every row while a window
 * applies to the open Application, a dashed line at its start and its name above the rows, as the Applications'
 * lanes shade them. A deny window is darker than an allow window: it is the one that holds syncs.
 */
export function syncWindowsMark(
  layer: Layer,
  layout: TimelineLayout,
  x: Scale,
  windows: readonly WindowBand[],
): void {
  const { top, bottom } = layout.plot;
  const g = layer
    .selectAll<SVGGElement, WindowBand>('g.tl-window')
    .data(windows, (d) => d.key)
    .join((enter) => {
      const band = enter.append('g').attr('class', 'tl-window');
      band.append('rect');
      band.append('line');
      band.append('text');
      band.append('title');
      return band;
    })
    .attr('data-kind', (d) => d.kind);
  g.select('rect')
    .attr('x', (d) => x(d.t0))
    .attr('width', (d) => Math.max(0, x(d.t1) - x(d.t0)))
    .attr('y', top)
    .attr('height', bottom - top)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', (d) => (d.kind === 'deny' ? 0.14 : 0.06));
  g.select('line')
    .attr('x1', (d) => x(d.t0))
    .attr('x2', (d) => x(d.t0))
    .attr('y1', top)
    .attr('y2', bottom)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.55)
    .attr('stroke-dasharray', '2 2');
  g.select('text')
    .attr('x', (d) => Math.max(x(d.t0), layout.plot.left) + 4)
    .attr('y', top + layout.fontSize + 2)
    .attr('font-weight', 'bold')
    .attr('style', haloStyle)
    .text((d) => d.label);
  g.select('title').text((d) => `${d.label}: active from ${formatSeconds(d.t0)} to ${formatSeconds(d.t1)}`);
}
