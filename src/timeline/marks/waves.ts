import { assignLanes, sized, textWidth } from '../text';
import type { TimelineLayout, WaveBoundary } from '../types';
import { fadeOut, settle, type Layer, type MarkContext } from './common';

/**
 * Wave boundaries: a dashed line where each (phase, wave) step started, labelled `wave N` in one of two
 * lanes. Lanes are re-assigned at every zoom, so labels that collide at one zoom appear at a closer one; a label
 * sits under the earlier ones still running over its place, never above them (text.ts assignLanes).
 */
export function wavesMark(layer: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const [lane0, lane1] = layout.lanes.waves;
  const lanes = assignLanes(
    layout.waves.map((w) => ({ x: x(w.t) + 3, width: textWidth(w.label, layout.fontSize) })),
    2,
  );
  const laneOf = new Map(layout.waves.map((w, i) => [w.key, lanes[i]]));
  const inView = (d: WaveBoundary) => x(d.t) >= layout.plot.left - 0.5 && x(d.t) <= layout.plot.right + 0.5;

  const groups = layer
    .selectAll<SVGGElement, WaveBoundary>('g.tl-wave')
    .data(layout.waves, (d) => d.key)
    .join(
      (enter) => {
        const g = enter.append('g').attr('class', 'tl-wave').attr('opacity', 0);
        g.attr('transform', (d) => `translate(${x(d.t)},0)`);
        g.append('line');
        g.append('text');
        g.append('title');
        return g;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key);
  groups.select('title').text((d) => `${d.phase} wave ${d.wave} started`);
  groups
    .select('line')
    // A thinned label's line starts under the label lanes, as a span's with no label does over the app lanes:
    // from the top lane it ran through the words of the labels beside it (text.ts assignLanes).
    .attr('y1', (d) => {
      const lane = laneOf.get(d.key);
      return lane === -1 ? layout.plot.top : (lane === 1 ? lane1 : lane0) - sized(layout, 12);
    })
    .attr('y2', layout.plot.bottom)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.55)
    .attr('stroke-dasharray', '4 3');
  groups
    .select('text')
    .text((d) => d.label)
    .attr('x', 3)
    .attr('y', (d) => (laneOf.get(d.key) === 1 ? lane1 : lane0))
    .attr('fill', 'currentColor')
    .attr('display', (d) => (laneOf.get(d.key) === -1 || !inView(d) ? 'none' : null));
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(${x(d.t)},0)`);
  to.attr('opacity', 1);
}
