import { timelineFrame, type TimelineFrame } from '../frame/timelineFrame';
import { revealedRight } from '../marks/revealClip';
import type { LaidStatusBar, LaidStatusLane, StatusLanesLayout } from './layoutStatusLanes';
import { setAttr as set } from '../setAttr';

export interface StatusLanesRenderOptions {
  /** The cursor's virtual time. */
  t: number;
  /** Draw nothing placed in time after this virtual time (revealedTime.ts: the page hides the future). */
  revealUntil?: number;
  /** How far right the lanes' names are pinned while the drawing pans under them (a phone), in px. */
  pin?: number;
}

type LayerName = 'tracks' | 'values' | 'labels' | 'cursor';

interface State {
  frame: TimelineFrame<LayerName>;
  layout: StatusLanesLayout | null;
  cursor: SVGLineElement;
}

const states = new WeakMap<SVGSVGElement, State>();

/**
 * Draws the three status lanes (the operation, the sync status and the health) in a timeline frame
 * (frame/timelineFrame.ts): a track per lane, the values' bars and words cut at the reveal, the names (pinned on
 * a phone) and the cursor. A new layout joins the bars by key; a new `t` alone moves the cursor and the clip, which
 * is what the page does on each animation frame while playing, and the drawing's accessible name only when a
 * lane's value changes.
 *
 * @example
 * renderStatusLanes(svg, layoutStatusLanes(lanes, options), { t: 12 });
 */
export function renderStatusLanes(
  svg: SVGSVGElement,
  layout: StatusLanesLayout,
  options: StatusLanesRenderOptions,
): void {
  const state = states.get(svg) ?? setUp(svg);
  if (state.layout !== layout) {
    state.layout = layout;
    state.frame.size(layout.width, layout.height, layout.fontSize);
    drawLanes(state, layout);
  }
  const pin = options.pin ?? 0;
  const left = layout.plot.left + pin;
  const right = revealedRight(layout.x, layout.plot, options.revealUntil);
  state.frame.reveal({ x: left, y: 0, width: right - left, height: layout.height });
  state.frame.pin(pin, [state.frame.layers.labels.node()!]);
  // The name says the values at the cursor, not its time: with the time it was written again on every frame while
  // playing (a restyle of the drawing each time, issue 32), and a screen reader cannot follow a name that changes
  // sixty times a second anyway. The page says the time itself (the play bar's clock).
  set(svg, 'aria-label', `Status lanes at the cursor: ${summaryAt(layout.lanes, options.t)}`);
  // Whole pixels: playing at 1× moves the cursor a fraction of a pixel per frame, which is not worth a repaint.
  const cx = Math.round(layout.x(options.t));
  const shown = cx >= layout.plot.left - 1 && cx <= layout.plot.right + 1;
  const transform = `translateX(${cx}px)`;
  if (state.cursor.style.transform !== transform) state.cursor.style.transform = transform;
  if (shown) state.cursor.removeAttribute('visibility');
  else set(state.cursor, 'visibility', 'hidden');
}

/** "Operation: Running, Sync: OutOfSync, Health: Progressing": each lane's value at `t`. */
export function summaryAt(lanes: readonly LaidStatusLane[], t: number): string {
  const valueAt = (lane: LaidStatusLane) => lane.segments.filter((s) => s.from <= t).at(-1)?.value ?? 'none';
  return lanes.map((lane) => `${lane.label}: ${valueAt(lane)}`).join(', ');
}

function setUp(svg: SVGSVGElement): State {
  const frame = timelineFrame<LayerName>(svg, {
    kind: 'status-lanes',
    patterns: false,
    layers: ['tracks', { name: 'values', clipped: true }, 'labels', 'cursor'],
  });
  svg.setAttribute('role', 'img');
  // The names over the values, so that pinned (a phone pans the drawing under them) they stay readable.
  frame.layers.labels.classed('labels', true);
  // Moved by a transform in a layer of its own: redrawing a line here made the browser repaint the whole
  // section, the timeline below included, on every frame while playing.
  const cursor = frame.layers.cursor.append('line').attr('class', 'cursor').node()!;
  const state: State = { frame, layout: null, cursor };
  states.set(svg, state);
  return state;
}

function drawLanes(state: State, layout: StatusLanesLayout): void {
  const { layers } = state.frame;
  const { plot, laneHeight } = layout;
  layers.tracks
    .selectAll<SVGRectElement, LaidStatusLane>('rect.track')
    .data(layout.lanes, (d) => d.id)
    .join('rect')
    .attr('class', 'track')
    .attr('x', plot.left)
    .attr('y', (d) => d.y)
    .attr('width', plot.right - plot.left)
    .attr('height', laneHeight)
    .attr('rx', 4);
  const lanes = layers.values
    .selectAll<SVGGElement, LaidStatusLane>('g.lane')
    .data(layout.lanes, (d) => d.id)
    .join('g')
    .attr('class', 'lane')
    .attr('data-lane', (d) => d.id);
  const bars = lanes
    .selectAll<SVGGElement, LaidStatusBar & { y: number }>('g.segment')
    .data(
      (lane) => lane.bars.map((bar) => ({ ...bar, y: lane.y })),
      (d) => d.key,
    )
    .join((enter) => {
      const g = enter.append('g').attr('class', 'segment');
      g.append('rect').append('title');
      return g;
    });
  bars
    .select('rect')
    .attr('x', (d) => d.x0)
    .attr('y', (d) => d.y)
    .attr('width', (d) => Math.max(0, d.x1 - d.x0))
    .attr('height', laneHeight)
    .attr('fill', (d) => d.color)
    .select('title')
    .text((d) => `${d.value} from ${d.from} s to ${d.to} s`);
  bars
    .selectAll<SVGTextElement, LaidStatusBar & { y: number }>('text')
    .data((d) => (d.labelled ? [d] : []))
    .join('text')
    .attr('class', 'value')
    .attr('x', (d) => d.x0 + 6)
    .attr('y', (d) => d.y + laneHeight / 2)
    .attr('dy', '0.35em')
    .attr('fill', (d) => d.ink)
    .text((d) => d.value);
  layers.labels
    .selectAll<SVGTextElement, LaidStatusLane>('text.label')
    .data(layout.lanes, (d) => d.id)
    .join('text')
    .attr('class', 'label')
    .attr('x', plot.left - 10)
    .attr('y', (d) => d.y + laneHeight / 2)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((d) => d.label);
  state.cursor.setAttribute('x1', '0');
  state.cursor.setAttribute('x2', '0');
  state.cursor.setAttribute('y1', '0');
  state.cursor.setAttribute('y2', String(Math.max(0, layout.height - layout.gap)));
}
