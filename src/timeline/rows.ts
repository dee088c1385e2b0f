import {
  kindRank,
  knownGroupKind,
  type ObjectRef,
  type SimEvent,
  type SyncPhase,
  syncPhases,
} from '../engine';
import type { ObjectRow } from './types';

/** The events that name one object, in the order the log gives them. */
export type ObjectEvent = Extract<SimEvent, { type: 'apply' | 'delete' | 'health' | 'result' }>;

/** An object row before it is given a place on screen. */
export type RowData = Omit<ObjectRow, 'y' | 'height' | 'label'> & { events: ObjectEvent[] };

const hookReasons = new Set(['BeforeHookCreation', 'HookSucceeded', 'HookFailed']);

/** The key of an object's row: the fields Argo CD's result key uses (group, kind, namespace, name). */
export function rowKey(ref: ObjectRef): string {
  return `${ref.group}/${ref.kind}/${ref.namespace}/${ref.name}`;
}

/**
 * The namespace of the object an event names. A sync result names a cluster-scoped object with the destination
 * namespace, as Argo CD's result list does (engine/sync/syncResultRow.ts), while the object itself has none: read
 * as given, auto-sync-refuses-retry's Namespace had two rows, one from its apply and one from its result.
 */
function objectNamespace(e: ObjectEvent): string {
  if (e.type !== 'result' || knownGroupKind(e.group ?? '', e.kind)?.namespaced !== false) return e.namespace;
  return '';
}

function isObjectEvent(e: SimEvent): e is ObjectEvent {
  return e.type === 'apply' || e.type === 'delete' || e.type === 'health' || e.type === 'result';
}

/**
 * One row per resource and per hook that the log applies, deletes, reports health for or lists in the sync
 * result, sorted as Argo CD sorts its tasks (argocd-semantics.md §2.5): phase, wave, kind rank, name. Namespace
 * and group break the remaining ties so the order never depends on the log's order (§7, last item).
 *
 * A row's phase and wave come from its first 'apply' (what the engine acted on), else from its first 'result'.
 * Objects the log only reports health for (resources of a sync that stopped before their step) go to `Sync`
 * with an unknown wave, after the known waves.
 */
export function buildRows(events: SimEvent[]): RowData[] {
  const rows = new Map<string, RowData>();
  const placedBy = new Map<string, 'apply' | 'result'>();
  for (const e of events) {
    if (!isObjectEvent(e)) continue;
    const ref = { group: e.group ?? '', kind: e.kind, namespace: objectNamespace(e), name: e.name };
    const key = rowKey(ref);
    let row = rows.get(key);
    if (!row) {
      const fields = { phase: 'Sync' as const, wave: null, hook: false, detail: '' };
      row = { type: 'object', key, ref, ...fields, applies: [], results: [], deletes: [], events: [] };
      rows.set(key, row);
    }
    row.events.push(e);
    noteEvent(row, e);
    // The first apply decides the row's place; a result only until an apply is seen.
    const placed = placedBy.get(key);
    if (e.type === 'apply' && placed !== 'apply') placeRow(row, e.phase, e.wave, placedBy, 'apply');
    if (e.type === 'result' && !placed) placeRow(row, e.syncPhase, e.wave, placedBy, 'result');
  }
  const sorted = [...rows.values()].sort(compareRows);
  for (const row of sorted) row.detail = detailOf(row);
  return sorted;
}

function noteEvent(row: RowData, e: ObjectEvent): void {
  switch (e.type) {
    case 'apply':
      row.applies.push({ t: e.t, result: e.result, message: e.message ?? '' });
      row.hook ||= e.hook;
      break;
    case 'result':
      row.results.push({ t: e.t, status: e.status, hookPhase: e.hookPhase ?? '', message: e.message ?? '' });
      row.hook ||= Boolean(e.hookType);
      break;
    case 'delete':
      row.deletes.push({ t: e.t, reason: e.reason });
      row.hook ||= hookReasons.has(e.reason);
      break;
    case 'health':
      row.hook ||= Boolean(e.hook);
      break;
  }
}

function placeRow(
  row: RowData,
  phase: SyncPhase | undefined,
  wave: number | undefined,
  placedBy: Map<string, 'apply' | 'result'>,
  from: 'apply' | 'result',
): void {
  // A task with an empty phase sorts like Sync (§1.2).
  row.phase = phase || 'Sync';
  row.wave = wave ?? 0;
  placedBy.set(row.key, from);
}

function detailOf(row: RowData): string {
  const wave = row.wave === null ? '' : `wave ${row.wave}`;
  return row.hook ? (wave ? `hook · ${wave}` : 'hook') : wave;
}

export function compareRows(a: RowData, b: RowData): number {
  return (
    syncPhases.indexOf(a.phase) - syncPhases.indexOf(b.phase) ||
    compareWaves(a.wave, b.wave) ||
    kindRank(a.ref.kind) - kindRank(b.ref.kind) ||
    compareStrings(a.ref.name, b.ref.name) ||
    compareStrings(a.ref.namespace, b.ref.namespace) ||
    compareStrings(a.ref.group, b.ref.group)
  );
}

/** Known waves ascending, then the rows whose wave the log never gave. */
function compareWaves(a: number | null, b: number | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return a - b;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
