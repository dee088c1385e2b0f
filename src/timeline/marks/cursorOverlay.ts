import type { ClipBox } from '../frame/timelineFrame';
import { formatSeconds } from '../ticks';
import { sized } from '../text';
import type { TimelineLayout } from '../types';
import type { Layer, Scale } from './common';
import { coverTicks, timeBox } from './cursor';
import { setAttr } from '../setAttr';
import { setText } from '../setText';

/** The overlay's parts, made once per host element. */
interface Parts {
  clip: HTMLDivElement;
  future: HTMLDivElement;
  now: HTMLDivElement;
  line: HTMLDivElement;
  box: HTMLDivElement;
}

const partsOf = new WeakMap<HTMLElement, Parts>();

/**
 * The cursor mark (cursor.ts) drawn over the timeline's `<svg>` instead of inside it, for the page while it
 * plays: the line through every row, its time in a box on the axis and the veil over the future are HTML boxes in
 * `host`, an element laid over the `<svg>` at its top left (Timeline.svelte). A new `t` moves them with a CSS
 * transform and writes the time's text, and nothing else: the browser moves the line and the veil on the
 * compositor, each in a layer of its own (`will-change: transform`), and neither restyles, lays out nor repaints
 * the thousand rows of the drawing under them. Drawn inside the `<svg>`, the cursor made the browser lay out the
 * drawing and repaint the timeline's section on every frame (issue 32: many-resources at 8×).
 *
 * `clip` is the frame's reveal box (frame/timelineFrame.ts), which cuts the cursor as it cuts the marks placed
 * in time. Each style is written only when its value changes.
 *
 * @example
 * cursorOverlay(overlay, layers.axis, layout, x, 12, { x: 180, y: 0, width: 900, height: 400 });
 */
export function cursorOverlay(
  host: HTMLElement,
  axis: Layer,
  layout: TimelineLayout,
  x: Scale,
  t: number,
  clip: ClipBox,
): void {
  const { left, right, top, bottom } = layout.plot;
  const parts = partsOf.get(host) ?? makeParts(host);
  // Whole pixels: at 1× the cursor moves a fraction of a pixel per frame, not worth a new frame of the layers.
  const cx = Math.round(x(t));
  const visible = cx >= left - 0.5 && cx <= right + 0.5;
  const label = formatSeconds(t);
  const box = timeBox(layout, cx, label);
  const lineTop = layout.lanes.axis + sized(layout, 5);
  const boxTop = layout.lanes.axis - sized(layout, 13);
  const boxHeight = sized(layout, 18);

  setAttr(parts.now, 'data-t', String(t));
  style(host, 'width', px(layout.width));
  style(host, 'height', px(layout.height));
  style(host, 'font-size', px(layout.fontSize));
  // The reveal box cuts both, as the frame's clip cuts the cursor layer drawn in the `<svg>`.
  style(parts.clip, 'left', px(clip.x));
  style(parts.clip, 'top', px(clip.y));
  style(parts.clip, 'width', px(Math.max(0, clip.width)));
  style(parts.clip, 'height', px(clip.height));

  // The veil spans the whole plot and slides right; the clip cuts off what passes the plot's edge.
  style(parts.future, 'left', px(left - clip.x));
  style(parts.future, 'top', px(top - clip.y));
  style(parts.future, 'width', px(Math.max(0, right - left)));
  style(parts.future, 'height', px(Math.max(0, bottom - top)));
  style(parts.future, 'transform', `translateX(${px(Math.min(Math.max(cx, left), right) - left)})`);

  style(parts.now, 'display', visible ? '' : 'none');
  style(parts.now, 'transform', `translateX(${px(cx - clip.x)})`);
  style(parts.line, 'top', px(lineTop - clip.y));
  style(parts.line, 'height', px(Math.max(0, bottom - lineTop)));
  style(parts.box, 'left', px(box.x));
  style(parts.box, 'top', px(boxTop - clip.y));
  style(parts.box, 'width', px(box.width));
  style(parts.box, 'height', px(boxHeight));
  style(parts.box, 'line-height', px(boxHeight - 2));
  setText(parts.box, label);
  coverTicks(axis, layout, visible ? [cx + box.x, cx + box.x + box.width] : undefined, clip.x);
}

/**
 * The overlay's boxes, styled once: what changes from frame to frame is set by cursorOverlay. The time's box has
 * a fixed size and hides what overflows it, so the browser lays out only the box when its text changes (a
 * relayout boundary), not the page around it.
 */
function makeParts(host: HTMLElement): Parts {
  const doc = host.ownerDocument;
  const div = (className: string, css: string, parent: HTMLElement) => {
    const el = doc.createElement('div');
    el.className = className;
    el.style.cssText = css;
    parent.append(el);
    return el;
  };
  host.replaceChildren();
  host.setAttribute('aria-hidden', 'true');
  const clip = div('tl-overlay-clip', 'position:absolute;overflow:hidden', host);
  // The SVG cursor's colours: the page's background at 45 % over the future, and the text colour for the line.
  const future = div(
    'tl-future',
    'position:absolute;background:var(--timeline-bg,Canvas);opacity:0.45;will-change:transform',
    clip,
  );
  const now = div('tl-now', 'position:absolute;left:0;top:0;will-change:transform', clip);
  const line = div('tl-now-line', 'position:absolute;left:-1px;width:2px;background:currentColor', now);
  const box = div(
    'tl-now-box',
    'position:absolute;box-sizing:border-box;border:1px solid currentColor;border-radius:3px;overflow:hidden;' +
      'background:var(--timeline-bg,Canvas);font-weight:bold;text-align:center;white-space:nowrap',
    now,
  );
  const parts = { clip, future, now, line, box };
  partsOf.set(host, parts);
  return parts;
}

function px(value: number): string {
  return `${value}px`;
}

/** Sets an inline style unless it already has that value (every write makes the browser restyle the element). */
function style(el: HTMLElement, name: string, value: string): void {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}
