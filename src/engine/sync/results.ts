import type { ResultCode, TaskPhase } from '../types';
import type { SyncEvent } from './syncInput';
import { resourceImages } from './resourceImages';
import type { SyncResultRow } from './syncResultRow';
import { hookTypeOf, resultKey, taskObj, taskRef, taskVersion, taskWave, type SyncTask } from './syncTask';

export type { SyncResultRow } from './syncResultRow';

export function rowKey(row: SyncResultRow): string {
  return `${row.group}/${row.kind}/${row.namespace}/${row.name}:${row.syncPhase}`;
}

/**
 * `rowKey`, kept per row: rows are read-only once handed out (SyncResults copies before changing one), and each
 * tick starts from the previous tick's rows, so their keys would otherwise be made again on every tick.
 */
function keyOfRow(row: SyncResultRow): string {
  let key = rowKeys.get(row);
  if (key === undefined) rowKeys.set(row, (key = rowKey(row)));
  return key;
}

const rowKeys = new WeakMap<SyncResultRow, string>();

/**
 * The rows by `order`, sorted only if they are not already (each tick's list is handed over sorted). Read-only:
 * the rows themselves when they are in order, so a tick does not copy the previous tick's list just to read it.
 */
function inOrder(rows: readonly SyncResultRow[]): readonly SyncResultRow[] {
  return isInOrder(rows) ? rows : [...rows].sort(byOrder);
}

/** `rows`, a fresh array, sorted by `order` in place unless it already is. */
function sortOwned(rows: SyncResultRow[]): SyncResultRow[] {
  return isInOrder(rows) ? rows : rows.sort(byOrder);
}

function isInOrder(rows: readonly SyncResultRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (rows[i - 1].order > rows[i].order) return false;
  return true;
}

const byOrder = (a: SyncResultRow, b: SyncResultRow) => a.order - b.order;

/**
 * The results of one operation, keyed by result key, with gitops-engine's `setResourceResult` rules: a new key
 * gets the next order number; an update keeps the row and changes status, hookPhase and message; an empty
 * message never replaces a previous one. Each change is also reported as a `result` event.
 */
export class SyncResults {
  private readonly rows = new Map<string, SyncResultRow>();
  /**
   * Rows this list does not own: the previous tick's, and those it has handed out. They are copied before their
   * first change, so a tick copies only the rows it changes (a big app's tick changes few of its thousand rows).
   */
  private readonly shared = new Set<SyncResultRow>();

  constructor(
    initial: readonly SyncResultRow[],
    private readonly emit: (event: SyncEvent) => void,
  ) {
    for (const row of inOrder(initial)) {
      this.rows.set(keyOfRow(row), row);
      this.shared.add(row);
    }
  }

  get size(): number {
    return this.rows.size;
  }

  has(task: SyncTask): boolean {
    return this.rows.has(resultKey(task));
  }

  /** The row under a result key, to read: change it through `record`. */
  get(key: string): Readonly<SyncResultRow> | undefined {
    return this.rows.get(key);
  }

  /** Record the outcome of an action on a task, on the task itself and in the result list. */
  record(task: SyncTask, status: ResultCode | '', hookPhase: TaskPhase, message: string): void {
    task.status = status;
    task.hookPhase = hookPhase;
    if (message !== '') task.message = message;
    const key = resultKey(task);
    const existing = this.rows.get(key);
    if (existing) {
      const changed =
        existing.status !== task.status ||
        existing.hookPhase !== task.hookPhase ||
        existing.message !== task.message;
      if (!changed) return;
      const row = this.own(key, existing);
      row.status = task.status;
      row.hookPhase = task.hookPhase;
      row.message = task.message;
      this.report(row, task);
      return;
    }
    const ref = taskRef(task);
    const row: SyncResultRow = {
      ...ref,
      version: taskVersion(task),
      status: task.status,
      message: task.message,
      hookType: hookTypeOf(task),
      hookPhase: task.hookPhase,
      syncPhase: task.phase,
      order: this.rows.size + 1,
    };
    const images = resourceImages(taskObj(task));
    if (images) row.images = images;
    this.rows.set(key, row);
    this.report(row, task);
  }

  /** The rows in order. They are the caller's now: this list copies any of them before changing it. */
  list(): SyncResultRow[] {
    const rows = sortOwned([...this.rows.values()]);
    for (const row of rows) this.shared.add(row);
    return rows;
  }

  /** The row under `key`, copied first if this list does not own it. */
  private own(key: string, row: SyncResultRow): SyncResultRow {
    if (!this.shared.has(row)) return row;
    const copy = { ...row };
    this.rows.set(key, copy);
    return copy;
  }

  private report(row: SyncResultRow, task: SyncTask): void {
    this.emit({
      type: 'result',
      group: row.group,
      kind: row.kind,
      namespace: row.namespace,
      name: row.name,
      syncPhase: row.syncPhase,
      wave: taskWave(task),
      hookType: row.hookType,
      status: row.status,
      hookPhase: row.hookPhase,
      message: row.message,
    });
  }
}
