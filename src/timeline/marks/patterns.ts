import type * as d3 from 'd3';
import { statusColors, statusTextures } from '../statusStyle';
import type { SegmentStatus } from '../types';
import type { Ids } from './common';

type Defs = d3.Selection<SVGDefsElement, unknown, null, undefined>;

/** The id of a status's pattern. */
export function patternId(ids: Ids, status: SegmentStatus): string {
  return `${ids.prefix}-${status}`;
}

/** How a bar of `status` is filled: Healthy solid, 'none' in the text colour, the rest with their pattern. */
export function fillOf(ids: Ids, status: SegmentStatus): string {
  if (status === 'none') return 'currentColor';
  if (status === 'Healthy') return statusColors.Healthy;
  return `url(#${patternId(ids, status)})`;
}

/** The outline of a bar of `status`; Missing is dashed, so it reads as "not there" without its colour. */
export function strokeOf(status: SegmentStatus): { stroke: string; dash: string } {
  if (status === 'none') return { stroke: 'none', dash: '' };
  return { stroke: statusColors[status], dash: status === 'Missing' ? '3 2' : '' };
}

/**
 * One `<pattern>` per textured status (statusStyle.ts): a pale wash of the status colour with stripes,
 * hatching, lines, dots or a cross-hatch in the full colour, plus a hatch in the text colour for wave delays.
 */
export function drawPatterns(defs: Defs, ids: Ids): void {
  defs.selectAll('pattern').remove();
  for (const status of Object.keys(statusColors) as (keyof typeof statusColors)[]) {
    const texture = statusTextures[status];
    if (texture === 'solid') continue;
    const color = statusColors[status];
    const p = defs
      .append('pattern')
      .attr('id', patternId(ids, status))
      .attr('patternUnits', 'userSpaceOnUse')
      .attr('width', 6)
      .attr('height', 6);
    if (texture === 'hatch' || texture === 'cross') p.attr('patternTransform', 'rotate(45)');
    if (texture !== 'dots')
      p.append('rect').attr('width', 6).attr('height', 6).attr('fill', color).attr('fill-opacity', 0.3);
    const bar = (x: number, y: number, w: number, h: number) =>
      p.append('rect').attr('x', x).attr('y', y).attr('width', w).attr('height', h).attr('fill', color);
    if (texture === 'stripes') bar(0, 0, 2, 6);
    if (texture === 'hatch') bar(0, 0, 2.5, 6);
    if (texture === 'lines') bar(0, 0, 6, 1.5);
    if (texture === 'cross') {
      bar(0, 0, 1.5, 6);
      bar(0, 0, 6, 1.5);
    }
    if (texture === 'dots') p.append('circle').attr('cx', 3).attr('cy', 3).attr('r', 1.6).attr('fill', color);
  }
  const delay = defs
    .append('pattern')
    .attr('id', `${ids.prefix}-delay`)
    .attr('patternUnits', 'userSpaceOnUse')
    .attr('width', 8)
    .attr('height', 8)
    .attr('patternTransform', 'rotate(-45)');
  delay
    .append('rect')
    .attr('width', 1.5)
    .attr('height', 8)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', 0.35);
}
