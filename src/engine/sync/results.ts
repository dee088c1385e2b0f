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
 * The rows a list handed out by `list()` was made from, by that list: the next tick starts from the very list this
 * tick handed out, so it takes the rows over instead of filing every row again under its key. Taken once: a second
 * tick started from the same list (the first one failed) files its rows afresh.
 */
const handedOut = new WeakMap<readonly SyncResultRow[], SyncResults>();

/** How many ticks took their rows over and how many filed them afresh, for the tests that prove a take-over. */
export const syncResultsCounts = { takenOver: 0, filed: 0 };

/**
 * The results of one operation, keyed by result key, with gitops-engine's `setResourceResult` rules: a new key
 * gets the next order number; an update keeps the row and changes status, hookPhase and message; an empty
 * message never replaces a previous one. Each change is also reported as a `result` event.
 *
 * Kept across ticks (issue 28, "Engine speed"): a tick started from the list the previous tick handed out takes
 * that tick's rows over as they are, and a tick that changes no row hands the same list on. A 4,000-resource sync
 * filed its 4,000 rows in a new map and a new set on each of its 27 ticks, and listed them all again.
 */
export class SyncResults {
  private rows: Map<string, SyncResultRow>;
  /**
   * Rows this list made or copied since it last handed its rows out. Every other row (the previous tick's, and
   * those handed out) is copied before its first change, so a tick copies only the rows it changes (a big app's
   * tick changes few of its thousand rows).
   */
  private readonly owned = new Set<SyncResultRow>();
  /** The list last handed out (or taken over), while the rows still say what it says. */
  private current: SyncResultRow[] | undefined;
  /** Set once a later tick took the rows over: this list must not be read or changed any more. */
  private retired = false;

  constructor(
    initial: readonly SyncResultRow[],
    private readonly emit: (event: SyncEvent) => void,
  ) {
    const previous = handedOut.get(initial);
    if (previous && previous.current === initial && !previous.retired) {
      handedOut.delete(initial);
      previous.retired = true;
      this.rows = previous.rows;
      this.current = initial as SyncResultRow[];
      syncResultsCounts.takenOver++;
      return;
    }
    this.rows = new Map();
    for (const row of inOrder(initial)) this.rows.set(keyOfRow(row), row);
    syncResultsCounts.filed++;
  }

  get size(): number {
    return this.live().size;
  }

  has(task: SyncTask): boolean {
    return this.live().has(resultKey(task));
  }

  /** The row under a result key, to read: change it through `record`. */
  get(key: string): Readonly<SyncResultRow> | undefined {
    return this.live().get(key);
  }

  /** Record the outcome of an action on a task, on the task itself and in the result list. */
  record(task: SyncTask, status: ResultCode | '', hookPhase: TaskPhase, message: string): void {
    task.status = status;
    task.hookPhase = hookPhase;
    if (message !== '') task.message = message;
    const key = resultKey(task);
    const rows = this.live();
    const existing = rows.get(key);
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
    this.changing();
    const ref = taskRef(task);
    const row: SyncResultRow = {
      ...ref,
      version: taskVersion(task),
      status: task.status,
      message: task.message,
      hookType: hookTypeOf(task),
      hookPhase: task.hookPhase,
      syncPhase: task.phase,
      order: rows.size + 1,
    };
    const images = resourceImages(taskObj(task));
    if (images) row.images = images;
    rows.set(key, row);
    this.owned.add(row);
    this.report(row, task);
  }

  /**
   * The rows in order. They are the caller's now, and so is the array: this list copies any row before changing
   * it, and makes a new array once it changes one. While nothing changed, it is the same array as last time (or
   * the one this tick started from), so that the caller's comparisons and copies of it meet it at a glance.
   */
  list(): SyncResultRow[] {
    const rows = this.live();
    if (!this.current) {
      this.current = sortOwned([...rows.values()]);
      this.owned.clear();
    }
    handedOut.set(this.current, this);
    return this.current;
  }

  /** The rows, unless a later tick took them over. */
  private live(): Map<string, SyncResultRow> {
    if (this.retired) throw new Error('SyncResults: read after a later tick took its rows over');
    return this.rows;
  }

  /** A row is about to change or appear: the list handed out no longer says what the rows say. */
  private changing(): void {
    if (!this.current) return;
    handedOut.delete(this.current);
    this.current = undefined;
  }

  /** The row under `key`, copied first if this list does not own it. */
  private own(key: string, row: SyncResultRow): SyncResultRow {
    this.changing();
    if (this.owned.has(row)) return row;
    const copy = { ...row };
    this.rows.set(key, copy);
    this.owned.add(copy);
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
