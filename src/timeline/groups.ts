import type { SyncPhase } from '../engine';
import type { RowData } from './rows';
import { buildSegments, type SegmentSpan } from './segments';
import { legendStatuses } from './statusStyle';
import { textWidth, truncate } from './text';
import type { GroupMember, SegmentStatus } from './types';

/**
 * Above this many rows (headings included) the timeline groups its rows by (phase, wave) and collapses each
 * group to one row unless asked otherwise. Why 24: at 1280×720 the drawing has 80 px of axis and wave labels
 * above the rows and about 80 px of legend below them, which leaves (720 − 160) / 24 px ≈ 23 rows on one
 * screen. Every small scenario (3–15 rows) stays as it is; many-resources (204 rows) collapses to 15.
 */
export const autoCollapseRows = 24;

/** How the rows are grouped: `grouped` undefined means automatically (more than `autoCollapseRows` rows). */
export interface Grouping {
  grouped?: boolean;
  /** Keys of the groups the user opened; every other group of two or more rows is collapsed. */
  expanded?: ReadonlySet<string>;
}

/** One (phase, wave) step's rows, in the order Argo CD runs them. */
export interface RowGroup {
  key: string;
  phase: SyncPhase;
  wave: number | null;
  rows: RowData[];
}

export function groupKey(phase: SyncPhase, wave: number | null): string {
  return `group:${phase}:${wave ?? '-'}`;
}

/** The sorted rows cut into runs of the same phase and wave (buildRows sorts by phase, then wave). */
export function groupRows(rows: RowData[]): RowGroup[] {
  const groups: RowGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.phase === row.phase && last.wave === row.wave) last.rows.push(row);
    else groups.push({ key: groupKey(row.phase, row.wave), phase: row.phase, wave: row.wave, rows: [row] });
  }
  return groups;
}

/** Whether the timeline groups its rows: as asked, or automatically when there are too many to see at once. */
export function isGrouped(grouping: Grouping | undefined, rowCount: number): boolean {
  return grouping?.grouped ?? rowCount > autoCollapseRows;
}

/** Room kept right of a group's label for its counts at the cursor: two or three chips (marks/groups.ts). */
export const countsRoom = 100;

/**
 * The group row's label, e.g. `▸ wave 3 · 20 resources` or `▾ wave 2 · 10 resources, 1 hook`, or where that is
 * wider than `room` pixels (a phone), the short `▸ wave 3 · 20`.
 */
export function groupLabel(group: RowGroup, collapsed: boolean, room = Infinity): string {
  const full = longLabel(group, collapsed);
  if (textWidth(full) <= room) return full;
  const wave = group.wave === null ? 'no wave' : `wave ${group.wave}`;
  return truncate(`${collapsed ? '▸' : '▾'} ${wave} · ${group.rows.length}`, room);
}

function longLabel(group: RowGroup, collapsed: boolean): string {
  const hooks = group.rows.filter((r) => r.hook).length;
  const resources = group.rows.length - hooks;
  const parts = [
    resources ? `${resources} resource${resources === 1 ? '' : 's'}` : '',
    hooks ? `${hooks} hook${hooks === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const wave = group.wave === null ? 'no wave' : `wave ${group.wave}`;
  return `${collapsed ? '▸' : '▾'} ${wave} · ${parts.join(', ')}`;
}

export function membersOf(group: RowGroup, domain: [number, number]): GroupMember[] {
  return group.rows.map((r) => ({
    key: r.key,
    ref: r.ref,
    hook: r.hook,
    applied: r.applies.find((a) => a.result !== 'failed')?.t ?? null,
    segments: buildSegments(r, domain),
  }));
}

/**
 * How one row stands for its whole group: at each moment the worst health of the members that report one, in
 * the order Argo CD aggregates an application's health (argocd-semantics.md §1.8: Healthy, Suspended,
 * Progressing, Missing, Degraded, Unknown). Members without a health check ('none') count only when no member
 * has a health, as Argo CD ignores them for the app's health.
 */
export function aggregateSegments(members: GroupMember[]): SegmentSpan[] {
  const times = [...new Set(members.flatMap((m) => m.segments.flatMap((s) => [s.t0, s.t1])))].sort(
    (a, b) => a - b,
  );
  const spans: SegmentSpan[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const [t0, t1] = [times[i], times[i + 1]];
    const statuses = members.map((m) => statusAt(m, t0)).filter((s): s is SegmentStatus => s !== null);
    if (statuses.length === 0) continue;
    const status = worst(statuses);
    const last = spans.at(-1);
    if (last && last.status === status && last.t1 === t0) last.t1 = t1;
    else spans.push({ status, message: '', t0, t1 });
  }
  return spans;
}

/** The member's status over [t, next boundary): null when it does not exist then (not created, or deleted). */
export function statusAt(member: GroupMember, t: number, end = Infinity): SegmentStatus | null {
  const s = member.segments.find((s) => s.t0 <= t && (t < s.t1 || (t === s.t1 && t >= end)));
  return s?.status ?? null;
}

function worst(statuses: SegmentStatus[]): SegmentStatus {
  const health = statuses.filter((s) => s !== 'none');
  if (health.length === 0) return 'none';
  return health.reduce((a, b) => (legendStatuses.indexOf(b) > legendStatuses.indexOf(a) ? b : a));
}

/**
 * The group's span: from its first apply to the moment its last member became Healthy (a kind without a
 * health check counts as done when applied, as it does for the wave, §2.10). `t1` is null while some member
 * has not been Healthy yet by the end of the log; the whole span is null when nothing was applied.
 */
export function groupSpan(members: GroupMember[]): { t0: number; t1: number | null } | null {
  const applied = members.map((m) => m.applied).filter((t): t is number => t !== null);
  if (applied.length === 0) return null;
  let t1: number | null = -Infinity;
  for (const m of members) {
    if (m.applied === null) return { t0: Math.min(...applied), t1: null };
    const healthy = m.segments.find((s) => s.status === 'Healthy' && s.t1 > m.applied!);
    const unchecked = m.segments.every((s) => s.status === 'none' || s.status === 'Missing');
    const done = healthy ? Math.max(healthy.t0, m.applied) : unchecked ? m.applied : null;
    if (done === null) return { t0: Math.min(...applied), t1: null };
    t1 = Math.max(t1, done);
  }
  return { t0: Math.min(...applied), t1 };
}

/** How many members are in each health at `t`, in the legend's order; `absent` counts those not there. */
export function countsAt(
  members: GroupMember[],
  t: number,
  end = Infinity,
): { status: SegmentStatus | 'absent'; count: number }[] {
  const counts = new Map<SegmentStatus | 'absent', number>();
  for (const m of members) {
    const status = statusAt(m, t, end) ?? 'absent';
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...legendStatuses, 'absent' as const]
    .filter((s) => counts.has(s))
    .map((status) => ({ status, count: counts.get(status)! }));
}
