import * as d3 from 'd3';
import { textWidth } from '../text';
import type { AttemptSpan, TimelineLayout } from '../types';
import { fadeOut, settle, type Layer, type MarkContext, type Target } from './common';

/**
 * The attempts of a retried operation (attempts.ts, argocd-semantics.md §5.3), each in a band of its own across
 * the rows: an outlined band per attempt, a dashed, lightly filled one per back-off, each named at the top of the plot with
 * Argo CD's words ("Retrying attempt #1 at 12:00AM", "Attempt #1") where the name fits. Its own layer, drawn
 * over the phase bands and under the bars, so the drawing of the other marks is unchanged.
 *
 * The layer exists only while there are attempts to draw (placed right after `after`, the wave-delay layer): a
 * timeline without retries is the same `<svg>` as before, byte for byte.
 */
export function attemptsMark(after: Layer, layout: TimelineLayout, { x, duration }: MarkContext): void {
  const spans = layout.attempts ?? [];
  const layer = attemptsLayer(after, spans.length > 0);
  if (!layer) return;
  const top = layout.plot.top;
  const place = (s: Target<AttemptSpan>) => {
    s.attr('x', (d) => x(d.t0) + 1);
    s.attr('width', (d) => Math.max(0, x(d.t1) - x(d.t0) - 2));
    s.attr('y', top + 1);
    s.attr('height', Math.max(0, layout.plot.bottom - top - 2));
  };
  const rects = layer
    .selectAll<SVGRectElement, AttemptSpan>('rect.tl-attempt')
    .data(spans, (d) => d.key)
    .join(
      (enter) => {
        const rect = enter.append('rect').attr('class', 'tl-attempt').attr('opacity', 0);
        rect.append('title');
        place(rect);
        return rect;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-kind', (d) => d.kind)
    .attr('data-attempt', (d) => d.n)
    .attr('rx', 4)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', (d) => (d.kind === 'attempt' ? 0.55 : 0.3))
    .attr('stroke-dasharray', (d) => (d.kind === 'attempt' ? null : '4 3'))
    // Not the wave delay's hatching: a back-off is a wait of the retry strategy, not ARGOCD_SYNC_WAVE_DELAY.
    .attr('fill', (d) => (d.kind === 'attempt' ? 'none' : 'currentColor'))
    .attr('fill-opacity', (d) => (d.kind === 'attempt' ? null : 0.08));
  rects.select('title').text((d) => d.label);
  const to = settle(rects, duration);
  place(to);
  to.attr('opacity', 1);

  // The rows' own size: at 11/12 of it, presenter type (18–19 px) drew the attempts' labels at 17 px.
  const size = layout.fontSize;
  // The full words where they fit, else the attempt's number (`#1`), else nothing (the band's title still says it).
  const room = (d: AttemptSpan) =>
    Math.min(x(d.t1), layout.plot.right) - Math.max(x(d.t0), layout.plot.left) - 8;
  const short = (d: AttemptSpan) => (d.kind === 'attempt' ? `#${d.n}` : '');
  const shown = (d: AttemptSpan) =>
    room(d) >= textWidth(d.label, size) ? d.label : room(d) >= textWidth(short(d), size) ? short(d) : '';
  const labels = layer
    .selectAll<SVGTextElement, AttemptSpan>('text.tl-attempt-label')
    .data(spans, (d) => d.key)
    .join('text')
    .attr('class', 'tl-attempt-label')
    .attr('data-testid', 'timeline-attempt')
    .attr('y', top + size + 2)
    .attr('font-size', size)
    .attr('fill', 'currentColor')
    .attr('display', (d) => (shown(d) ? null : 'none'))
    .text(shown);
  settle(labels, duration).attr('x', (d) => Math.max(x(d.t0), layout.plot.left) + 5);
}

function attemptsLayer(after: Layer, wanted: boolean): Layer | undefined {
  const node = after.node();
  const parent = node?.parentNode as SVGGElement | null | undefined;
  if (!node || !parent) return undefined;
  const existing = parent.querySelector<SVGGElement>(':scope > g.layer-attempts');
  if (!wanted) {
    existing?.remove();
    return undefined;
  }
  if (existing) return d3.select(existing) as unknown as Layer;
  const g = node.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'g');
  g.setAttribute('class', 'layer-attempts');
  parent.insertBefore(g, node.nextSibling);
  return d3.select(g) as unknown as Layer;
}
