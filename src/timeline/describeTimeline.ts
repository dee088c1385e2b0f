import { formatSeconds } from './ticks';
import type { TimelineLayout } from './types';

/**
 * A one-sentence account of the timeline for screen readers (the `<svg>`'s aria-label): what it shows, how
 * many objects in which phases, and how the operation ended. It leaves out the cursor, which moves every frame.
 */
export function describeTimeline(layout: TimelineLayout): string {
  const objects = layout.rows.filter((r) => r.type === 'object').length;
  const phases = layout.rows.filter((r) => r.type === 'header').map((r) => r.label);
  const parts = [`Sync timeline over ${formatSeconds(layout.domain[1])} of virtual time`];
  if (objects > 0)
    parts.push(
      `${objects} ${objects === 1 ? 'resource or hook' : 'resources and hooks'} in ${phases.join(', ')}`,
    );
  const end = layout.operationEnd;
  parts.push(end ? `operation ${end.phase} at ${formatSeconds(end.t)}` : 'operation still running');
  return parts.join('; ') + '.';
}
