import { operationFields, timestampAt } from '../../argocdText/operationFields';
import { resourceStates, type ResourceState } from '../../argocdText/resourceStates';
import type { SimEvent } from '../../engine/events';
import type { SyncStatusCode } from '../../engine/types';
import type { Frame } from '../state/frameAt';

/** What `argocd app get --show-operation` would print at the cursor: the operation block and the rows. */
export interface OperationAt {
  /** [label, value] pairs: Operation, Sync Revision, Phase, Start, Finished, Duration, Message. */
  fields: [string, string][];
  rows: ResourceState[];
  /** Virtual seconds the operation ran (to the cursor while it runs), for the last-sync card. */
  seconds: number;
  ended: boolean;
}

/** The sync status of each managed resource of this sync at the cursor, by `group/Kind/namespace/name`. */
function syncStatusAt(events: readonly SimEvent[], count: number): Map<string, SyncStatusCode> {
  const out = new Map<string, SyncStatusCode>();
  for (let i = 0; i < count && i < events.length; i++) {
    const e = events[i];
    // Before t 0 the log holds earlier revisions' resources; the sync's baseline at t 0 lists this one's.
    if (e.type === 'sync-status' && e.t >= 0)
      out.set(`${e.group}/${e.kind}/${e.namespace}/${e.name}`, e.status);
  }
  return out;
}

/** Rows keep their identity while their text does not change, so the table redraws only what changed. */
const rowCache = new Map<string, ResourceState>();

/**
 * The result table and operation block of the CLI (src/argocdText, shared with src/cli's appGetText), seen at
 * the cursor: the rows the operation has recorded so far, then the managed resources it has not touched yet.
 */
export function operationAt(events: readonly SimEvent[], frame: Frame, revision: string): OperationAt {
  const statuses = syncStatusAt(events, frame.count);
  const resources = [...statuses].map(([key, status]) => {
    const [group, kind, namespace, ...name] = key.split('/');
    const health = frame.health.get(key);
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
  // A control-plane run holds several operations: the one at the cursor started at the last `app-operation`.
  const start = startOf(events, frame.count);
  const endT =
    op && op.phase !== 'Running' && op.phase !== 'Terminating'
      ? endOf(events, frame.count, start.index)
      : undefined;
  const fields = op
    ? operationFields({
        phase: op.phase,
        message: op.message,
        startedAt: timestampAt(start.t),
        finishedAt: endT !== undefined ? timestampAt(endT) : undefined,
        revision,
      })
    : [];
  return { fields, rows, seconds: endT ?? frame.t, ended: endT !== undefined };
}

/** Where the operation at the cursor began: its `app-operation` event (control plane), else t 0. */
function startOf(events: readonly SimEvent[], count: number): { index: number; t: number } {
  for (let i = Math.min(count, events.length) - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'app-operation' && e.t >= 0) return { index: i, t: e.t };
  }
  return { index: 0, t: 0 };
}

/** When the operation reached its final phase: the first completed `operation` event after its start. */
function endOf(events: readonly SimEvent[], count: number, from = 0): number | undefined {
  for (let i = from; i < count && i < events.length; i++) {
    const e = events[i];
    if (e.type === 'operation' && e.t >= 0 && e.phase !== 'Running' && e.phase !== 'Terminating') return e.t;
  }
  return undefined;
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
