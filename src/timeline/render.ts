import * as d3 from 'd3';
import { describeGroupAt, describeRowAt, type HoverInfo } from './describeRowAt';
import { attemptsMark } from './marks/attempts';
import { axisMark } from './marks/axis';
import { bandLabels, bandsMark, delaysMark } from './marks/bands';
import { timelineFrame, type ClipBox, type TimelineFrame } from './frame/timelineFrame';
import type { Ids, Layer, MarkContext, Scale } from './marks/common';
import { cursorMark } from './marks/cursor';
import { cursorOverlay } from './marks/cursorOverlay';
import { groupCountsMark, groupSpansMark } from './marks/groups';
import { hookSpansMark } from './marks/hookSpans';
import { legendMark } from './marks/legend';
import { markerLabels, markersMark } from './marks/markers';
import { endLabel, operationEndMark } from './marks/operationEnd';
import { revealedRight } from './marks/revealClip';
import { rowsMark } from './marks/rows';
import { segmentsMark } from './marks/segments';
import { syncWindowsMark, type WindowBand } from './marks/syncWindows';
import { tooltipMark } from './marks/tooltip';
import { wavesMark } from './marks/waves';
import type { GroupRow, ObjectRow, TimelineLayout } from './types';
import { attachZoom, resetZoom, zoomViewOf, type ZoomView } from './zoom';

export interface RenderOptions {
  /** The current virtual time in seconds: where the cursor stands. */
  t: number;
  /** Length of the transitions when the layout changes, in ms (default 250; 0 draws at once). */
  duration?: number;
  /** Called with what the pointer is over (null when it leaves a row). */
  onHover?: (info: HoverInfo | null) => void;
  /** Called with the virtual time under a click on the plot. */
  onSeek?: (t: number) => void;
  /** Draw nothing placed in time after this virtual time (revealedTime.ts: the page hides the future). */
  revealUntil?: number;
  /**
   * How far right the row labels' column is pinned, in px (default 0): on a phone the drawing pans under it in
   * its box (TimeSection.svelte), and the marks placed in time are cut at the column's edge, not drawn under it.
   */
  pin?: number;
  /** Called with the shown time range after every zoom or pan, and when the layout changes. */
  onZoom?: (view: ZoomView) => void;
  /** Called with a group row's key when its label is clicked, or Enter or Space is pressed on it. */
  onToggleGroup?: (key: string) => void;
  /** The sync windows active for this Application during the run, shaded behind the rows. */
  windows?: readonly WindowBand[];
  /**
   * An element laid over the `<svg>` at its top left: the cursor and the veil over the future are drawn there,
   * moved by CSS transforms (marks/cursorOverlay.ts), instead of in the drawing (the page, while it plays).
   * Without it they are drawn in the `<svg>` (tests, the recorder, an exported file: withCursorInside).
   */
  overlay?: HTMLElement;
}

// The layers, back to front: row stripes under everything, then the marks placed in time (clipped to the plot),
// then the axis, the row labels, the legend and the hover card on top.
const backLayers = ['rowBackgrounds', 'hoverRow'] as const;
const timeLayers = [
  'windows',
  'bands',
  'delays',
  'grid',
  'waves',
  'segments',
  'groupSpans',
  'hooks',
  'markers',
  'end',
  'cursor',
] as const;
const frontLayers = ['axis', 'labels', 'groupCounts', 'legend', 'tooltip'] as const;
type LayerName = (typeof backLayers | typeof timeLayers | typeof frontLayers)[number];

interface State {
  /** The SVG shell: its size, ids, patterns, the clip (reveal) and the pinned labels (frame/timelineFrame.ts). */
  frame: TimelineFrame<LayerName>;
  ids: Ids;
  layers: Record<LayerName, Layer>;
  layout: TimelineLayout | null;
  options: RenderOptions;
  /** The x scale under the current zoom. */
  x: () => Scale;
  /** The last pointer position over the `<svg>`, so the card follows `t` and new layouts. */
  pointer: [number, number] | null;
  /** What onHover was last told, so it hears of changes only, not of every frame. */
  hovered: string;
  /** Whether the hover card or the row highlight may be on screen, so a frame without a pointer skips them. */
  hoverDrawn: boolean;
  /** The sync windows last drawn, so a frame with the same ones draws nothing. */
  drawnWindows?: readonly WindowBand[];
  /** Where the cursor stood before the first click of a possible double-click, which must not seek. */
  beforeClick: number | null;
  /** The pin the labels beside symbols were last placed for (they keep out from under the pinned labels). */
  labelsPin?: number;
}

const states = new WeakMap<SVGSVGElement, State>();

/**
 * Draws `layout` into `svg`, joining every mark by its key so that a new layout (more events, another width)
 * moves existing elements smoothly instead of redrawing them. Calling it again with the same layout and a new
 * `t` only moves the cursor, which is what the page does on each animation frame.
 *
 * @example
 * renderTimeline(svg, layoutTimeline(events, { width: 1280 }), { t: 12, onSeek: (t) => session.seek(t) });
 */
export function renderTimeline(svg: SVGSVGElement, layout: TimelineLayout, options: RenderOptions): void {
  const state = states.get(svg) ?? setUp(svg, options);
  state.options = options;
  if (state.layout !== layout) {
    // A drawing with no rows yet (the page's first, before its run is there) has nothing to move from: the run
    // is drawn at once. Tweened, its rows faded in over the page's first quarter second, restyling and
    // repainting the page on every frame of it while the page was loading.
    const duration = state.layout?.rows.length ? (options.duration ?? 250) : 0;
    state.layout = layout;
    state.frame.size(layout.width, layout.height, layout.fontSize);
    drawRows(state, layout, duration);
    drawTime(state, layout, duration);
    options.onZoom?.(zoomViewOf(svg, layout));
  } else if (state.drawnWindows !== (options.windows ?? noWindows)) drawWindows(state, layout);
  drawCursor(state, layout, revealClip(state, layout));
  groupCountsMark(state.layers.groupCounts, layout, state.ids, options.t);
  updateHover(state);
}

/**
 * The clip of the marks placed in time ends at `revealUntil`, when set, instead of at the plot's right edge, and
 * starts at the pinned labels' edge; the labels' column moves with the pin.
 */
function revealClip(state: State, layout: TimelineLayout): ClipBox {
  const pin = state.options.pin ?? 0;
  // The legend is pinned with the row labels: on a phone it is wrapped to the box's view (layout.ts).
  state.frame.pin(pin, [...state.layers.labels.nodes(), ...state.layers.legend.nodes()]);
  if (state.labelsPin !== pin) {
    const context = contextOf(state, layout, 0);
    markerLabels(state.layers.markers, layout, context);
    endLabel(state.layers.end, layout, context);
    bandLabels(state.layers.bands, layout, context);
  }
  const left = layout.plot.left + pin;
  const right = revealedRight(state.x(), layout.plot, state.options.revealUntil);
  const box = { x: left, y: 0, width: right - left, height: layout.lanes.footer + 8 };
  state.frame.reveal(box);
  return box;
}

/** The cursor in the overlay when the page gave one (its layer in the `<svg>` then stays empty), else in the `<svg>`. */
function drawCursor(state: State, layout: TimelineLayout, clip: ClipBox): void {
  const { overlay, t } = state.options;
  if (!overlay) {
    cursorMark(state.layers.cursor, state.layers.axis, layout, state.x(), t, clip.x);
    return;
  }
  if (state.layers.cursor.node()?.firstChild) state.layers.cursor.selectAll('*').remove();
  cursorOverlay(overlay, state.layers.axis, layout, state.x(), t, clip);
}

/**
 * Runs `read` with the cursor drawn in `svg` itself, where the page draws it in an overlay: an exported file is a
 * copy of the `<svg>` alone, and must show the moment it was taken at.
 *
 * @example
 * const text = withCursorInside(svg, () => exportSvg(svg, { title, color, background }));
 */
export function withCursorInside<T>(svg: SVGSVGElement, read: () => T): T {
  const state = states.get(svg);
  if (!state?.layout || !state.options.overlay) return read();
  cursorMark(state.layers.cursor, state.layers.axis, state.layout, state.x(), state.options.t);
  try {
    return read();
  } finally {
    state.layers.cursor.selectAll('*').remove();
  }
}

function setUp(svg: SVGSVGElement, options: RenderOptions): State {
  const root = d3.select(svg);
  const frame = timelineFrame<LayerName>(svg, {
    kind: 'timeline',
    layers: [...backLayers, { clipped: timeLayers }, ...frontLayers],
  });
  const { ids, layers } = frame;
  const state: State = {
    frame,
    ids,
    layers,
    layout: null,
    options,
    pointer: null,
    hovered: '',
    hoverDrawn: true,
    beforeClick: null,
    x: () => zoomedX(svg, state),
  };
  attachZoom(
    svg,
    () => state.layout,
    () => {
      if (!state.layout) return;
      drawTime(state, state.layout, 0);
      drawCursor(state, state.layout, revealClip(state, state.layout));
      updateHover(state);
      state.options.onZoom?.(zoomViewOf(svg, state.layout));
    },
  );
  // A double-click goes back to the whole sync and leaves the cursor where it was: the first click of the pair
  // has already seeked (a single click must answer at once), so the cursor goes back to where it stood.
  root.on('dblclick.zoom', null);
  root.on('dblclick', (event: MouseEvent) => {
    event.preventDefault();
    if (state.beforeClick !== null) state.options.onSeek?.(state.beforeClick);
    state.beforeClick = null;
    resetZoom(svg);
  });
  root.on('keydown', (event: KeyboardEvent) => {
    const key = groupKeyOf(event.target);
    if (!key || (event.key !== 'Enter' && event.key !== ' ')) return;
    // The page's own keys (Space plays) must not also act on this key.
    event.preventDefault();
    event.stopPropagation();
    state.options.onToggleGroup?.(key);
  });

  root.on('pointermove', (event: PointerEvent) => {
    state.pointer = d3.pointer(event, svg);
    updateHover(state);
  });
  root.on('pointerleave', () => {
    state.pointer = null;
    updateHover(state);
  });
  root.on('click', (event: MouseEvent) => {
    const layout = state.layout;
    const group = groupKeyOf(event.target);
    if (group && event.detail <= 1) {
      state.options.onToggleGroup?.(group);
      return;
    }
    if (!layout || !state.options.onSeek) return;
    // The second click of a double-click is the double-click's (it resets the zoom), not a seek.
    if (event.detail > 1) return;
    state.beforeClick = state.options.t;
    const [px, py] = d3.pointer(event, svg);
    if (px < layout.plot.left || px > layout.plot.right || py > layout.plot.bottom) return;
    const t = state.x().invert(px);
    state.options.onSeek(Math.min(Math.max(t, layout.domain[0]), layout.domain[1]));
  });
  states.set(svg, state);
  return state;
}

/** The last scale made for each drawing, with what it was made from. */
const scales = new WeakMap<
  SVGSVGElement,
  { layout: TimelineLayout | null; zoom: d3.ZoomTransform; x: Scale }
>();

/**
 * The layout's time scale under the `<svg>`'s current zoom transform. Asked several times on every frame
 * while playing, it is made again only when the layout or the zoom changed (d3 gives a new transform object
 * at every zoom).
 */
function zoomedX(svg: SVGSVGElement, state: State): Scale {
  const layout = state.layout;
  const zoom = d3.zoomTransform(svg);
  const last = scales.get(svg);
  if (last && last.layout === layout && last.zoom === zoom) return last.x;
  const base = d3.scaleLinear();
  if (layout) base.domain(layout.domain).range([layout.plot.left, layout.plot.right]);
  const x = zoom.rescaleX(base);
  scales.set(svg, { layout, zoom, x });
  return x;
}

function drawRows(state: State, layout: TimelineLayout, duration: number): void {
  const context: MarkContext = { x: state.x(), duration, ids: state.ids };
  rowsMark(state.layers.rowBackgrounds, state.layers.labels, layout, context);
  legendMark(state.layers.legend, layout, state.ids);
}

const noWindows: readonly WindowBand[] = [];

function drawWindows(state: State, layout: TimelineLayout): void {
  state.drawnWindows = state.options.windows ?? noWindows;
  syncWindowsMark(state.layers.windows, layout, state.x(), state.drawnWindows);
}

/**
 * What the marks placed in time draw with; the labels beside symbols keep right of the pinned labels' edge, as what
 * lies under them is cut. `state.labelsPin` records the pin they were placed for.
 */
function contextOf(state: State, layout: TimelineLayout, duration: number): MarkContext {
  const pin = state.options.pin ?? 0;
  state.labelsPin = pin;
  const view = { left: layout.plot.left + pin, right: layout.plot.right };
  return { x: state.x(), duration, ids: state.ids, view };
}

/** Everything placed in time; run again at every zoom with no transition. */
function drawTime(state: State, layout: TimelineLayout, duration: number): void {
  const context = contextOf(state, layout, duration);
  const { layers } = state;
  drawWindows(state, layout);
  bandsMark(layers.bands, layout, context);
  delaysMark(layers.delays, layout, context);
  attemptsMark(layers.delays, layout, context);
  axisMark(layers.grid, layers.axis, layout, context);
  wavesMark(layers.waves, layout, context);
  segmentsMark(layers.segments, layout, context);
  hookSpansMark(layers.hooks, layout, context);
  markersMark(layers.markers, layout, context);
  operationEndMark(layers.end, layout, context);
  groupSpansMark(layers.groupSpans, layout, context);
}

/** The key of the group row whose label holds `target`, if any. */
function groupKeyOf(target: EventTarget | null): string | null {
  const label = target instanceof Element ? target.closest('g.tl-row-label[data-type="group"]') : null;
  return label?.getAttribute('data-key') ?? null;
}

/** The card for the row under the pointer, at the time under it (or at `t` over the label column). */
function updateHover(state: State): void {
  const layout = state.layout;
  if (!layout) return;
  // No pointer over the drawing and nothing of the card left to clear: nothing to do on this frame (while
  // playing, writing the card's hidden state again on every frame made the browser restyle the drawing).
  if (!state.pointer && !state.hoverDrawn) return;
  const [px, py] = state.pointer ?? [-1, -1];
  const row = layout.rows.find(
    (r): r is ObjectRow | GroupRow => r.type !== 'header' && py >= r.y && py < r.y + r.height,
  );
  const inPlot = px >= layout.plot.left && px <= layout.plot.right;
  const t = Math.round((inPlot ? state.x().invert(px) : state.options.t) * 10) / 10;
  const info = !row
    ? null
    : row.type === 'group'
      ? describeGroupAt(layout, row, t)
      : describeRowAt(layout, row, t);
  tooltipMark(state.layers.hoverRow, state.layers.tooltip, layout, row && info ? { info, row, px } : null);
  state.hoverDrawn = Boolean(row && info);
  const hovered = info ? JSON.stringify(info) : '';
  if (hovered !== state.hovered) state.options.onHover?.(info);
  state.hovered = hovered;
}
