import { statusLabel } from './statusStyle';
import { formatSeconds } from './ticks';
import { countsText, spanText } from './marks/groups';
import type { GroupRow, ObjectRow, TimelineLayout } from './types';

/** What the tooltip says about one row at one moment. */
export interface HoverInfo {
  rowKey: string;
  t: number;
  title: string;
  lines: string[];
}

/**
 * The state of a row's object at virtual time `t`, in Argo CD's words: where it sits in the sync (phase, wave,
 * hook), its health status and message, and its row of the sync result (status, hookPhase, message), the way
 * `argocd app get --show-operation` would show them at that moment.
 */
export function describeRowAt(layout: TimelineLayout, row: ObjectRow, t: number): HoverInfo {
  const { kind, name, namespace } = row.ref;
  const place = [row.hook ? `${row.phase} hook` : row.phase, row.wave === null ? '' : `wave ${row.wave}`];
  const lines = [[namespace, ...place].filter(Boolean).join(' · ') + ` · at ${formatSeconds(t)}`];

  const segments = layout.segments.filter((s) => s.rowKey === row.key);
  // A stretch covers [t0, t1); the very end of the axis belongs to the stretch that reaches it.
  const segment = segments.find((s) => s.t0 <= t && (t < s.t1 || (t === s.t1 && t >= layout.domain[1])));
  const deleted = row.deletes.filter((d) => d.t <= t).at(-1);
  if (segment) {
    const message = segment.message ? ` (${segment.message})` : '';
    lines.push(`health: ${statusLabel(segment.status)}${message}`);
    if (deleted && deleted.t >= segment.t0) lines.push(`being deleted: ${deleted.reason}`);
  } else if (deleted) {
    lines.push(`gone: deleted (${deleted.reason})`);
  } else {
    lines.push(row.hook ? 'not created yet' : 'not in the cluster yet');
  }

  const result = row.results.filter((r) => r.t <= t).at(-1);
  if (result) {
    lines.push(`result: ${result.status || '(none)'} · hookPhase: ${result.hookPhase || '(pending)'}`);
    if (result.message) lines.push(`message: ${result.message}`);
  } else {
    lines.push('result: not acted on yet');
  }
  return { rowKey: row.key, t, title: `${kind}/${name}`, lines };
}

/** What the card says about a group row at `t`: its counts by health then, and its span. */
export function describeGroupAt(layout: TimelineLayout, row: GroupRow, t: number): HoverInfo {
  const wave = row.wave === null ? 'no wave' : `wave ${row.wave}`;
  return {
    rowKey: row.key,
    t,
    title: `${row.phase} · ${wave}: ${row.members.length} rows`,
    lines: [
      `at ${formatSeconds(t)}: ${countsText(row, t, layout.domain[1])}`,
      spanText(row),
      row.collapsed
        ? 'click the label (or press Enter on it) to show each row'
        : 'click the label to collapse',
    ],
  };
}
