import { sized } from '../text';
import type { GroupRow, TimelineLayout, TimelineRow } from '../types';
import { fadeOut, settle, type Layer, type MarkContext } from './common';

/**
 * The row column: phase headings in bold with a rule under them, object rows with `Kind/name` and their
 * wave (and whether they are hooks), and a faint stripe on every other object row to guide the eye.
 */
export function rowsMark(
  backgrounds: Layer,
  labels: Layer,
  layout: TimelineLayout,
  { duration }: MarkContext,
): void {
  const stripes = backgrounds
    .selectAll<SVGRectElement, TimelineRow>('rect.tl-row')
    .data(layout.rows, (d) => d.key)
    .join(
      (enter) =>
        enter
          .append('rect')
          .attr('class', 'tl-row')
          .attr('y', (d) => d.y),
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('x', 0)
    .attr('width', layout.width)
    .attr('height', (d) => d.height)
    .attr('fill', 'currentColor')
    .attr('fill-opacity', (d, i) =>
      d.type === 'header' ? 0 : d.type === 'group' ? 0.07 : i % 2 === 0 ? 0.035 : 0,
    );
  settle(stripes, duration).attr('y', (d) => d.y);

  const groups = labels
    .selectAll<SVGGElement, TimelineRow>('g.tl-row-label')
    .data(layout.rows, (d) => d.key)
    .join(
      (enter) => {
        const g = enter.append('g').attr('class', 'tl-row-label').attr('opacity', 0);
        g.attr('transform', (d) => `translate(0,${d.y})`);
        g.append('text').attr('class', 'tl-label');
        g.append('text').attr('class', 'tl-detail');
        g.append('line');
        g.append('title');
        return g;
      },
      (update) => update,
      (exit) => fadeOut(exit, duration),
    )
    .attr('data-key', (d) => d.key)
    .attr('data-type', (d) => d.type)
    // A group row opens and closes with a click or, focused, with Enter or Space (render.ts).
    .attr('tabindex', (d) => (d.type === 'group' ? 0 : null))
    .attr('role', (d) => (d.type === 'group' ? 'button' : null))
    .attr('aria-expanded', (d) => (d.type === 'group' ? String(!d.collapsed) : null))
    .attr('aria-label', (d) =>
      d.type === 'group' ? `${groupName(d)}: ${d.collapsed ? 'expand' : 'collapse'}` : null,
    )
    .style('cursor', (d) => (d.type === 'group' ? 'pointer' : null));
  const fontSize = layout.fontSize;
  const baseline = (d: TimelineRow) => d.height / 2 + fontSize * 0.35;
  groups
    .select('text.tl-label')
    .text((d) => d.label)
    .attr('x', 8)
    .attr('y', baseline)
    .attr('fill', 'currentColor')
    .attr('font-size', (d) => (d.type === 'header' ? sized(layout, 13) : fontSize))
    .attr('font-weight', (d) => (d.type === 'object' ? null : 'bold'));
  groups
    .select('text.tl-detail')
    .text((d) => (d.type === 'object' ? d.detail : ''))
    .attr('x', layout.plot.left - 12)
    .attr('y', baseline)
    .attr('text-anchor', 'end')
    .attr('fill', 'currentColor')
    .attr('fill-opacity', 0.75);
  groups
    .select('line')
    .attr('display', (d) => (d.type === 'header' ? null : 'none'))
    .attr('x1', 8)
    .attr('x2', layout.plot.right)
    .attr('y1', (d) => d.height - 0.5)
    .attr('y2', (d) => d.height - 0.5)
    .attr('stroke', 'currentColor')
    .attr('stroke-opacity', 0.3);
  groups
    .select('title')
    .text((d) =>
      d.type === 'object'
        ? `${d.ref.kind} ${d.ref.namespace}/${d.ref.name}`
        : d.type === 'group'
          ? `${groupName(d)} (${d.collapsed ? 'click to expand' : 'click to collapse'})`
          : `${d.phase} phase`,
    );
  const to = settle(groups, duration);
  to.attr('transform', (d) => `translate(0,${d.y})`);
  to.attr('opacity', 1);
}

/** A group in words, whatever room its label had: `Sync wave 2, 25 rows`. */
function groupName(d: GroupRow): string {
  return `${d.phase} ${d.wave === null ? 'no wave' : `wave ${d.wave}`}, ${d.members.length} rows`;
}
