import { humanTime, operationFields, timestampAt } from './operationFields';
import { resourceStates, type ResourceState } from './resourceStates';
import type { SimEvent, SyncStatusCode } from '../engine';
import type { Frame } from '../cursor/frameAt';

/** What `argocd app get --show-operation` would print at the cursor: the operation block and the rows. */
export interface OperationAt {
  /** [label, value] pairs: Operation, Sync Revision, Phase, Start, Finished, Duration, Message. */
  fields: [string, string][];
  rows: ResourceState[];
  /** Virtual seconds the operation ran (to the cursor while it runs), for the last-sync card. */
  seconds: number;
  ended: boolean;
}

/**
 * The rows of `status.resources` at the cursor, by `group/Kind/namespace/name`: each managed resource of this sync
 * with its sync status, and each hook live at the cursor with none (controller/state.go L1040: a live hook is a
 * row, with no sync status).
 */
function syncStatusAt(events: readonly SimEvent[], count: number): Map<string, SyncStatusCode | undefined> {
  const out = new Map<string, SyncStatusCode | undefined>();
  for (let i = 0; i < count && i < events.length; i++) {
    const e = events[i];
    // Before t 0 the log holds earlier revisions' resources; the sync's baseline at t 0 lists this one's.
    if (e.t < 0) continue;
    if (e.type === 'sync-status') out.set(`${e.group}/${e.kind}/${e.namespace}/${e.name}`, e.status);
    // A hook has a health from the moment it is live (the baseline names those left by earlier syncs) until
    // its object goes.
    else if (e.type === 'health' && e.hook)
      out.set(`${e.group}/${e.kind}/${e.namespace}/${e.name}`, undefined);
    else if (e.type === 'object' && e.action === 'deleted') {
      const key = `${e.group}/${e.kind}/${e.namespace}/${e.name}`;
      if (out.has(key) && out.get(key) === undefined) out.delete(key);
    }
  }
  return out;
}

/** Rows keep their identity while their text does not change, so the table redraws only what changed. */
const rowCache = new Map<string, ResourceState>();

/**
 * The result table and operation block of the CLI (src/text, shared with src/cli's appGetText), seen at
 * the cursor: the rows the operation has recorded so far, then the managed resources it has not touched yet.
 */
export function operationAt(events: readonly SimEvent[], frame: Frame, revision: string): OperationAt {
  const statuses = syncStatusAt(events, frame.count);
  const resources = [...statuses].map(([key, status]) => {
    const [group, kind, namespace, ...name] = key.split('/');
    const health = status === undefined ? undefined : frame.health.get(key);
    return { group, kind, namespace, name: name.join('/'), status, health };
  });
  const rows = resourceStates({ resources, results: frame.results }).map((row) => {
    const key = `${row.group}/${row.kind}/${row.namespace}/${row.name}/${row.hook}`;
    const cached = rowCache.get(key);
    if (cached && sameRow(cached, row)) return cached;
    rowCache.set(key, row);
    return row;
  });
  const op = frame.operation;
  const { start, end: endT } = operationSpan(events, frame);
  const fields = op
    ? operationFields({
        phase: op.phase,
        message: op.message,
        startedAt: timestampAt(start),
        finishedAt: endT !== undefined ? timestampAt(endT) : undefined,
        revision,
      })
    : [];
  // The seconds since this operation started, not since t 0: a run of several operations (revert) started its
  // third at 121 s, and the card said "took 156.0 s" where the CLI's Duration says 35s.
  return { fields, rows, seconds: (endT ?? frame.t) - start, ended: endT !== undefined };
}

/** The last-sync card's part of `operationAt`: when the operation started, and the seconds it has run. */
export interface OperationClock {
  /** The `Start` field as the CLI prints it; undefined before the operation. */
  started: string | undefined;
  /** Virtual seconds the operation ran (to the cursor while it runs); undefined before the operation. */
  seconds: number | undefined;
}

/**
 * The same start and duration as `operationAt(...).fields` and `.seconds`, without the rows: the card reads it
 * on every animation frame while playing, where building the whole table (200 rows in many-resources) took
 * a sixth of the main thread's script time.
 */
export function operationClockAt(events: readonly SimEvent[], frame: Frame): OperationClock {
  if (!frame.operation) return { started: undefined, seconds: undefined };
  const { start, end } = operationSpan(events, frame);
  return { started: humanTime(timestampAt(start)), seconds: (end ?? frame.t) - start };
}

/**
 * The operation at the cursor: where it began (a control-plane run holds several operations, the one at the
 * cursor started at the last `app-operation`, else at t 0) and, once its phase is final, when it first reached
 * a final phase after that start.
 */
function operationSpan(
  events: readonly SimEvent[],
  frame: Frame,
): { start: number; end: number | undefined } {
  const marks = marksOf(events);
  const count = Math.min(frame.count, events.length);
  // The last start before `count`, and the first end at or after it.
  const s = lastBelow(marks.starts, count);
  const from = s < 0 ? 0 : marks.starts[s];
  const start = s < 0 ? 0 : events[from].t;
  const op = frame.operation;
  if (!op || op.phase === 'Running' || op.phase === 'Terminating') return { start, end: undefined };
  const e = lastBelow(marks.ends, from) + 1;
  const end = e < marks.ends.length && marks.ends[e] < count ? events[marks.ends[e]].t : undefined;
  return { start, end };
}

/** The indexes of the log's operation starts and final phases, found once per log. */
const marksCache = new WeakMap<readonly SimEvent[], { starts: number[]; ends: number[]; length: number }>();

function marksOf(events: readonly SimEvent[]): { starts: number[]; ends: number[] } {
  const cached = marksCache.get(events);
  // A log that grew since (tests build theirs) is read again.
  if (cached && cached.length === events.length) return cached;
  const marks = { starts: [] as number[], ends: [] as number[], length: events.length };
  events.forEach((e, i) => {
    if (e.t < 0) return;
    if (e.type === 'app-operation') marks.starts.push(i);
    else if (e.type === 'operation' && e.phase !== 'Running' && e.phase !== 'Terminating') marks.ends.push(i);
  });
  marksCache.set(events, marks);
  return marks;
}

/** The position of the last element of `sorted` below `limit`, or -1. */
function lastBelow(sorted: readonly number[], limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function sameRow(a: ResourceState, b: ResourceState): boolean {
  return (
    a.status === b.status &&
    a.health === b.health &&
    a.message === b.message &&
    a.group === b.group &&
    a.kind === b.kind &&
    a.namespace === b.namespace &&
    a.name === b.name &&
    a.hook === b.hook
  );
}
