import * as d3 from 'd3';
import type { Ids, Layer } from '../marks/common';
import { drawPatterns } from '../marks/patterns';
import { setAttr as set } from '../setAttr';

/** The page's three drawings in time; each `<svg>` gets ids of its kind, numbered in the order they are made. */
export type FrameKind = 'timeline' | 'app-lanes' | 'status-lanes';

/**
 * One layer of a frame, back to front: a name alone is drawn over the whole `<svg>`; `{ name, clipped: true }` is
 * cut by the frame's clip itself; `{ clipped: [names] }` puts those layers in one group that the clip cuts.
 */
export type LayerSpec<N extends string> = N | { name: N; clipped: true } | { clipped: readonly N[] };

export interface FrameSpec<N extends string> {
  kind: FrameKind;
  layers: readonly LayerSpec<N>[];
  /** A `data-testid` for the clip's rectangle, which browser tests read as the reveal's edge. */
  clipTestId?: string;
  /** Whether the marks fill bars with the status patterns (default true; the status lanes fill with colours). */
  patterns?: boolean;
}

/** The rectangle the marks placed in time are drawn in: the plot, cut at the reveal and at the pinned labels. */
export interface ClipBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The SVG shell of a drawing in time, as Observable Plot splits a plot into its frame and its marks: the frame
 * owns the `<svg>`'s size and type, the ids, the status patterns, the clip of the marks placed in time (the
 * reveal) and the pinned labels' shift; the marks (the resource rows, the Applications' lanes, the status lanes)
 * draw into its layers. Every write is skipped when the value is already there, so a frame while playing, which
 * moves the cursor and the reveal only, does not make the browser restyle the rest of the drawing.
 */
export interface TimelineFrame<N extends string> {
  readonly ids: Ids;
  readonly layers: Record<N, Layer>;
  /** The `<svg>`'s size in px, its viewBox and its text size. */
  size(width: number, height: number, fontSize: number): void;
  /** Where the marks placed in time are cut (revealedRight() gives the reveal's right edge). */
  reveal(box: ClipBox): void;
  /** Moves `labels` right by `px` (0: back in place): on a phone they stay put while the drawing pans. */
  pin(px: number, labels: Iterable<Element>): void;
}

const counters: Record<FrameKind, number> = { timeline: 0, 'app-lanes': 0, 'status-lanes': 0 };

/**
 * Empties `svg` and builds the frame in it: `<defs>` with the status patterns and the clip, then the layers in
 * the order given.
 *
 * @example
 * const frame = timelineFrame(svg, { kind: 'status-lanes', layers: ['tracks', { clipped: ['values'] }, 'labels'] });
 * frame.size(1280, 93, 12);
 * frame.reveal({ x: 180, y: 0, width: 400, height: 93 });
 */
export function timelineFrame<N extends string>(svg: SVGSVGElement, spec: FrameSpec<N>): TimelineFrame<N> {
  const root = d3.select(svg);
  root.selectAll('*').remove();
  const prefix = `${spec.kind}-${counters[spec.kind]++}`;
  const ids: Ids = { prefix, clip: `${prefix}-clip` };
  const defs = root.append('defs');
  if (spec.patterns !== false) drawPatterns(defs, ids);
  const clipRect = defs.append('clipPath').attr('id', ids.clip).append('rect');
  if (spec.clipTestId) clipRect.attr('data-testid', spec.clipTestId);
  const layers = {} as Record<N, Layer>;
  const named = (g: Layer, name: N) => (layers[name] = g.attr('class', `layer-${name}`));
  for (const layer of spec.layers) {
    if (typeof layer === 'string') named(root.append('g'), layer);
    else if ('name' in layer) named(root.append('g'), layer.name).attr('clip-path', `url(#${ids.clip})`);
    else {
      const group = root.append('g').attr('clip-path', `url(#${ids.clip})`);
      for (const name of layer.clipped) named(group.append('g'), name);
    }
  }
  const clip = clipRect.node()!;
  return {
    ids,
    layers,
    size(width, height, fontSize) {
      set(svg, 'width', width);
      set(svg, 'height', height);
      set(svg, 'viewBox', `0 0 ${width} ${height}`);
      set(svg, 'font-family', 'system-ui, sans-serif');
      set(svg, 'font-size', fontSize);
      set(svg, 'fill', 'currentColor');
    },
    reveal(box) {
      set(clip, 'x', box.x);
      set(clip, 'y', box.y);
      set(clip, 'width', Math.max(0, box.width));
      set(clip, 'height', box.height);
    },
    pin(px, labels) {
      const shift = px > 0 ? `translateX(${px}px)` : '';
      for (const label of labels) {
        const style = (label as SVGElement).style;
        if (style.transform !== shift) style.transform = shift;
      }
    },
  };
}
