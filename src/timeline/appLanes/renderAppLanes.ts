import * as d3 from 'd3';
import { axisMark } from '../marks/axis';
import { haloStyle, type Ids, type Layer, type MarkContext } from '../marks/common';
import { cursorMark } from '../marks/cursor';
import { fillOf, strokeOf } from '../marks/patterns';
import { timelineFrame, type LayerSpec, type TimelineFrame } from '../frame/timelineFrame';
import { formatSeconds } from '../ticks';
import { fontSize } from '../text';
import { revealedRight } from '../marks/revealClip';
import { barLabels } from './layoutAppLanes';
import { pinnedSpanLabels } from './pinnedSpanLabels';
import type { AppLanesLayout, LaidBar, LaidCluster, LaidLane, LaidSpan } from './types';
import { setAttr } from '../setAttr';

export interface AppLanesOptions {
  t: number;
  /** Called with the Application of a lane that is clicked, or activated with Enter or Space. */
  onOpen?: (app: string) => void;
  /**
   * Presenter mode: a lane opens on a double-click (or Enter), never on one click, so a stray click mid-talk
   * does not leave the overview (issue 32).
   */
  openOnDoubleClick?: boolean;
  /** Called with the virtual time under a click on the axis. */
  onSeek?: (t: number) => void;
  /** Draw nothing placed in time after this virtual time (revealedTime.ts: the page hides the future). */
  revealUntil?: number;
  /**
   * How far right the lanes' names are pinned, in px (default 0): on a phone the drawing pans under them in its
   * box (TimeSection.svelte), and the marks placed in time are cut at the names' edge, not drawn under them.
   */
  pin?: number;
}

interface State {
  /** The SVG shell: its size, ids, patterns, the clip (reveal) and the pinned names (frame/timelineFrame.ts). */
  frame: TimelineFrame<LayerName>;
  ids: Ids;
  layers: Record<LayerName, Layer>;
  layout: AppLanesLayout | null;
  options: AppLanesOptions;
  /** The lanes' names, which a phone pins while the drawing pans under them; looked up once per layout. */
  names: Element[];
  /**
   * The clusters' header rows (several clusters only), over the lanes and under the cursor; made the first time a
   * layout has clusters, so that a drawing of one cluster is exactly what it was.
   */
  clusters?: Layer;
}

type LayerName = 'spans' | 'grid' | 'lanes' | 'cursor' | 'axis' | 'header';
/** The layers, back to front; those placed in time are cut where the page stops revealing the run (the cursor,
 *  its time box among them, is not; a lane cuts its own bars). */
const layerSpecs: readonly LayerSpec<LayerName>[] = [
  { name: 'spans', clipped: true },
  { name: 'grid', clipped: true },
  'lanes',
  'cursor',
  'axis',
  { name: 'header', clipped: true },
];
const states = new WeakMap<SVGSVGElement, State>();

/**
 * Draws the Applications' lanes into `svg` with d3 joins, reusing the resource timeline's axis, cursor and
 * status patterns. The lanes group (`data-testid="app-lanes"`) has one child per Application (`data-app`),
 * each a button that opens that Application (contract.md §2). A new `t` alone only moves the cursor.
 */
export function renderAppLanes(svg: SVGSVGElement, layout: AppLanesLayout, options: AppLanesOptions): void {
  let state = states.get(svg);
  if (!state) state = setUp(svg, options);
  state.options = options;
  if (state.layout !== layout) {
    state.layout = layout;
    draw(state, layout);
  }
  const x = scaleOf(layout);
  cursorMark(
    state.layers.cursor,
    state.layers.axis,
    layout.frame,
    x,
    options.t,
    layout.plot.left + (options.pin ?? 0),
  );
  revealClip(state, layout, x);
}

/**
 * The clip of the marks placed in time (the spans, the grid, the lanes' bars, the spans' names) ends where the
 * page stops revealing the run (revealClip.ts, as on the resource timeline); with the whole run revealed it is
 * the whole drawing. Pinned, it starts at the names' edge, and the names move with the pin.
 */
function revealClip(state: State, layout: AppLanesLayout, x: d3.ScaleLinear<number, number>): void {
  const until = state.options.revealUntil;
  const pin = state.options.pin ?? 0;
  const left = pin > 0 ? layout.plot.left + pin : 0;
  const right = until === undefined ? layout.width : revealedRight(x, layout.plot, until);
  state.frame.reveal({ x: left, y: 0, width: right - left, height: layout.height });
  state.frame.pin(pin, state.names);
  // The spans' names move out from under the pinned names, or hide (pinnedSpanLabels.ts).
  const places = pinnedSpanLabels(layout.spans, x, left);
  state.layers.header.selectAll<SVGTextElement, LaidSpan>('text.al-span-label').each(function (d) {
    const at = places[d.index];
    setAttr(this, 'x', at ?? d.labelX);
    setAttr(this, 'visibility', at === null ? 'hidden' : null);
  });
}

function setUp(svg: SVGSVGElement, options: AppLanesOptions): State {
  const root = d3.select(svg);
  const frame = timelineFrame<LayerName>(svg, {
    kind: 'app-lanes',
    layers: layerSpecs,
    clipTestId: 'reveal-veil',
  });
  const { ids, layers } = frame;
  layers.lanes.attr('data-testid', 'app-lanes');
  const state: State = { frame, ids, layers, layout: null, options, names: [] };
  root.on('click', (event: MouseEvent) => {
    const layout = state.layout;
    if (!layout || !state.options.onSeek) return;
    const [px, py] = d3.pointer(event, svg);
    // Over the axis and the header lines a click moves the cursor; over a lane it opens the Application, and over
    // a cluster's header row it does nothing.
    const firstRow = layout.clusters[0]?.y ?? layout.lanes[0]?.y ?? layout.height;
    if (px < layout.plot.left || px > layout.plot.right || py >= firstRow) return;
    state.options.onSeek(Math.min(Math.max(scaleOf(layout).invert(px), 0), layout.domain[1]));
  });
  states.set(svg, state);
  return state;
}

function scaleOf(layout: AppLanesLayout): d3.ScaleLinear<number, number> {
  return d3.scaleLinear().domain(layout.domain).range([layout.plot.left, layout.plot.right]);
}

function draw(state: State, layout: AppLanesLayout): void {
  state.frame.size(layout.width, layout.height, fontSize);
  const x = scaleOf(layout);
  const context: MarkContext = { x, duration: 0, ids: state.ids };
  axisMark(state.layers.grid, state.layers.axis, layout.frame, context);
  spansMark(state.layers.spans, state.layers.header, layout, x);
  lanesMark(state, layout, x);
  clustersMark(state, layout);
  state.names = [
    ...state.layers.lanes.selectAll('text.al-name').nodes(),
    ...(state.clusters?.selectAll('text.al-cluster-name').nodes() ?? []),
  ] as Element[];
}

/** A parent's waves and a set's steps: a wash over the lanes they concern, a line at their start, a name above. */
function spansMark(
  layer: Layer,
  header: Layer,
  layout: AppLanesLayout,
  x: d3.ScaleLinear<number, number>,
): void {
  const title = (d: LaidSpan) =>
    `${d.label}: from ${formatSeconds(d.t0)}${d.t1 === undefined ? ', not done by the end of the run' : ` to ${formatSeconds(d.t1)}`} (${d.apps.join(', ')})`;
  const g = layer
    .selectAll<SVGGElement, LaidSpan>('g.al-span')
    .data(layout.spans, (d) => d.key)
    .join((enter) => {
      const span = enter.append('g').attr('class', 'al-span');
      span.append('rect');
      span.append('line');
      span.append('title');
      return span;
    })
    .attr('data-kind', (d) => d.kind)
    .attr('data-span', (d) => d.label);
  g.select('rect')
    .attr('x', (d) => x(d.t0))
    .attr('width', (d) => Math.max(0, x(d.end) - x(d.t0)))
    .attr('y', (d) => d.y0)
    .attr('height', (d) => d.y1 - d.y0)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', (d) => (d.kind === 'window' ? 0.14 : d.index % 2 === 0 ? 0.09 : 0.05));
  g.select('line')
    .attr('x1', (d) => x(d.t0))
    .attr('x2', (d) => x(d.t0))
    .attr('y1', (d) => (d.labelLine >= 0 ? layout.headerLines[d.labelLine] + 3 : d.y0))
    .attr('y2', (d) => d.y1)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.55)
    .attr('stroke-dasharray', (d) => (d.kind === 'step' ? '4 3' : d.kind === 'window' ? '2 2' : null));
  g.select('title').text(title);
  header
    .selectAll<SVGTextElement, LaidSpan>('text.al-span-label')
    .data(
      layout.spans.filter((s) => s.labelLine >= 0),
      (d) => d.key,
    )
    .join('text')
    .attr('class', 'al-span-label')
    .attr('x', (d) => d.labelX)
    .attr('y', (d) => layout.headerLines[d.labelLine])
    .attr('font-weight', 'bold')
    .attr('style', haloStyle)
    .text((d) => d.label);
}

/** One group per Application: a hit area, its name, its bars, when it was created and its operations' starts. */
function lanesMark(state: State, layout: AppLanesLayout, x: d3.ScaleLinear<number, number>): void {
  const { ids } = state;
  const open = (name: string) => state.options.onOpen?.(name);
  const lanes = state.layers.lanes
    .selectAll<SVGGElement, LaidLane>('g.al-lane')
    .data(layout.lanes, (d) => d.name)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'al-lane');
      // The button is the lane's hit area and its name only: its bars' <title>s (tooltips) inside it were read
      // as its visible text, which its accessible name did not contain (axe's label-content-name-mismatch).
      const button = g.append('g').attr('class', 'al-button');
      button.append('rect').attr('class', 'al-hit');
      button.append('text').attr('class', 'al-name');
      // In a lane, its bars, operations and creation are cut as the layers placed in time are (revealClip).
      const clip = `url(#${ids.clip})`;
      g.append('g').attr('class', 'al-bars').attr('clip-path', clip);
      g.append('g').attr('class', 'al-ops').attr('clip-path', clip);
      g.append('line').attr('class', 'al-created').attr('clip-path', clip);
      return g;
    })
    .attr('data-app', (d) => d.name)
    .on('click', (event: MouseEvent, d) => {
      event.stopPropagation();
      if (!state.options.openOnDoubleClick) open(d.name);
    })
    .on('dblclick', (event: MouseEvent, d) => {
      event.stopPropagation();
      if (state.options.openOnDoubleClick) open(d.name);
    });
  lanes
    .select('g.al-button')
    .attr('role', 'button')
    .attr('tabindex', 0)
    .attr(
      'aria-label',
      (d) => `Application ${d.name}${onCluster(layout, d)}: ${d.summary}. Open its resource timeline.`,
    )
    .on('keydown', (event: KeyboardEvent, d) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      open(d.name);
    });
  lanes
    .select('rect.al-hit')
    .attr('x', 0)
    .attr('y', (d) => d.y)
    .attr('width', layout.width)
    .attr('height', (d) => d.height)
    .attr('rx', 4);
  lanes
    .select('text.al-name')
    .attr('x', (d) => 4 + d.depth * 14)
    .attr('y', (d) => d.nameY ?? d.y + d.height / 2)
    .attr('dy', '0.35em')
    .attr('font-size', 13)
    .attr('font-weight', (d) => (d.depth === 0 ? 'bold' : null))
    .text((d) => (d.depth > 0 ? `└ ${d.label}` : d.label));
  lanes
    .select('line.al-created')
    .attr('x1', (d) => x(d.createdAt))
    .attr('x2', (d) => x(d.createdAt))
    .attr('y1', (d) => d.y + 2)
    .attr('y2', (d) => d.y + d.height - 2)
    .attr('stroke', 'currentColor')
    .attr('stroke-width', 2);
  const byApp = d3.group(layout.stretches, (s) => s.app);
  lanes
    .select<SVGGElement>('g.al-bars')
    .selectAll<SVGRectElement, LaidBar>('rect')
    .data(
      (d) => byApp.get(d.name) ?? [],
      (s) => s.key,
    )
    .join((enter) => {
      const rect = enter.append('rect');
      rect.append('title');
      return rect;
    })
    .attr('data-bar', (s) => s.bar)
    .attr('data-value', (s) => s.value)
    .attr('x', (s) => x(s.t0))
    .attr('width', (s) => Math.max(1, x(s.t1) - x(s.t0)))
    .attr('y', (s) => s.y)
    .attr('height', (s) => s.height)
    .attr('fill', (s) => fillOf(ids, s.status))
    .attr('stroke', (s) => strokeOf(s.status).stroke)
    .attr('stroke-dasharray', (s) => strokeOf(s.status).dash)
    .select('title')
    .text(
      (s) => `${s.app} ${barLabels[s.bar]}: ${s.value} from ${formatSeconds(s.t0)} to ${formatSeconds(s.t1)}`,
    );
  lanes
    .select<SVGGElement>('g.al-ops')
    .selectAll<SVGPathElement, { t: number; by: string; y: number }>('path')
    .data(
      (d) => d.operations.map((o) => ({ ...o, y: d.y })),
      (o) => String(o.t),
    )
    .join((enter) => {
      const path = enter.append('path');
      path.append('title');
      return path;
    })
    .attr('d', (o) => `M${x(o.t) - 5},${o.y} h10 l-5,6 z`)
    .attr('fill', 'currentColor')
    .select('title')
    .text((o) => `sync started by ${o.by} at ${formatSeconds(o.t)}`);
}

/**
 * Several clusters: a header row over the lanes of each cluster, its name and server as `argocd cluster list`
 * prints them, a rule across the drawing above it. Its name is pinned with the lanes' names on a phone.
 */
function clustersMark(state: State, layout: AppLanesLayout): void {
  if (layout.clusters.length === 0 && !state.clusters) return;
  const cursor = state.layers.cursor.node()!;
  state.clusters ??= d3
    .select(cursor.ownerSVGElement!)
    .insert<SVGGElement>('g', () => cursor)
    .attr('class', 'layer-clusters')
    .attr('data-testid', 'app-lane-clusters');
  const groups = state.clusters
    .selectAll<SVGGElement, LaidCluster>('g.al-cluster')
    .data(layout.clusters, (d) => d.name)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'al-cluster');
      g.append('line');
      const text = g.append('text').attr('class', 'al-cluster-name');
      text.append('tspan').attr('class', 'al-cluster-kind');
      text.append('tspan').attr('class', 'al-cluster-title');
      text.append('tspan').attr('class', 'al-cluster-server');
      return g;
    })
    .attr('data-cluster', (d) => d.name)
    .attr('data-server', (d) => d.server);
  groups
    .select('line')
    .attr('x1', 0)
    .attr('x2', layout.width)
    .attr('y1', (d) => d.y + 1.5)
    .attr('y2', (d) => d.y + 1.5)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.35);
  const text = groups
    .select('text.al-cluster-name')
    .attr('x', 4)
    .attr('y', (d) => d.textY)
    .attr('dy', '0.35em')
    .attr('font-size', 13)
    .attr('style', haloStyle);
  text.select('tspan.al-cluster-kind').attr('fill-opacity', 0.75).text('cluster ');
  text
    .select('tspan.al-cluster-title')
    .attr('font-weight', 'bold')
    .text((d) => d.name);
  // Inline (presenter mode) there is room for the name only: the server is in each lane's accessible name.
  text
    .select('tspan.al-cluster-server')
    .attr('dx', (d) => (d.inline ? null : 8))
    .attr('fill-opacity', 0.75)
    .text((d) => (d.inline ? '' : d.server));
}

/** ` on cluster dev (https://dev.k8s.example.com)` for a lane grouped under a cluster, else nothing. */
function onCluster(layout: AppLanesLayout, lane: LaidLane): string {
  const cluster = layout.clusters.find((c) => c.name === lane.cluster);
  if (!cluster) return '';
  return ` on cluster ${cluster.name}${cluster.server ? ` (${cluster.server})` : ''}`;
}
