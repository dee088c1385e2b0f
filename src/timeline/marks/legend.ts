import * as d3 from 'd3';
import { statusColors } from '../statusStyle';
import type { LegendItem, TimelineLayout } from '../types';
import { sized } from '../text';
import { type Ids, type Layer } from './common';
import { fillOf, strokeOf } from './patterns';

/** The key below the timeline: each status's colour and texture, then the symbols. */
export function legendMark(layer: Layer, layout: TimelineLayout, ids: Ids): void {
  const groups = layer
    .selectAll<SVGGElement, LegendItem>('g.tl-legend-item')
    .data(layout.legend, (d) => d.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'tl-legend-item');
      g.append('g').attr('class', 'tl-swatch');
      g.append('text');
      return g;
    })
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
  groups
    .select('text')
    .text((d) => d.label)
    .attr('x', sized(layout, 24))
    .attr('y', sized(layout, 11))
    .attr('fill', 'currentColor');
  const k = layout.fontSize / 12;
  groups.select<SVGGElement>('g.tl-swatch').attr('transform', k === 1 ? null : `scale(${k})`);
  groups.select<SVGGElement>('g.tl-swatch').each(function (d) {
    const swatch = d3.select(this);
    swatch.selectAll('*').remove();
    drawSwatch(swatch, d, ids);
  });
}

function drawSwatch(g: d3.Selection<SVGGElement, unknown, null, undefined>, d: LegendItem, ids: Ids): void {
  if (d.status === 'none') {
    g.append('rect')
      .attr('y', 5)
      .attr('width', 18)
      .attr('height', 4)
      .attr('fill', 'currentColor')
      .attr('fill-opacity', 0.45);
  } else if (d.status) {
    const { stroke, dash } = strokeOf(d.status);
    g.append('rect')
      .attr('y', 1)
      .attr('width', 18)
      .attr('height', 12)
      .attr('fill', fillOf(ids, d.status))
      .attr('stroke', stroke)
      .attr('stroke-dasharray', dash);
  } else if (d.mark === 'hook') {
    g.append('path')
      .attr('d', 'M1,8V13H17')
      .attr('fill', 'none')
      .attr('stroke', 'currentColor')
      .attr('stroke-width', 1.5);
    g.append('path').attr('d', 'M17,2V13').attr('stroke', 'currentColor').attr('stroke-width', 3);
  } else if (d.mark === 'prune') {
    g.append('path')
      .attr('d', 'M4,2L14,12M14,2L4,12')
      .attr('stroke', 'currentColor')
      .attr('stroke-width', 2.5);
  } else if (d.mark === 'delay') {
    g.append('rect').attr('width', 18).attr('height', 14).attr('fill', `url(#${ids.prefix}-delay)`);
  } else if (d.mark === 'operation-end') {
    g.append('path').attr('d', 'M9,0V14').attr('stroke', statusColors.Healthy).attr('stroke-width', 3);
  } else if (d.mark === 'cursor') {
    g.append('path').attr('d', 'M9,0V14').attr('stroke', 'currentColor').attr('stroke-width', 2);
  }
}
