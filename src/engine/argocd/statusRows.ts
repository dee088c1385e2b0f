import type { HealthStatus, KubeObject, ObjectRef, SyncStatusCode } from '../types';
import type { ResourceStatus as ResourceRow } from './applicationTypes';
import { appSyncOptions, requiresDeletionConfirmation } from './deletionConfirmation';

/** What a row of `status.resources` is made from: one of the app tracker's entries. */
export interface RowSource {
  ref: ObjectRef;
  version: string;
  hook: boolean;
  sync: SyncStatusCode | null;
  health: HealthStatus | null;
  live?: KubeObject;
  desired?: KubeObject;
  /**
   * Git holds this resource annotated `hook: Skip`: it gets no sync status and takes no part in the app's sync
   * status or health, whatever its live copy looks like (controller state.go `CompareAppState`, §1.7, §1.8 rule 1),
   * but it is a row all the same, with neither.
   */
  skipped?: boolean;
  /** A target the project's resource lists do not permit: its row's sync status is Unknown (state.go L1059-L1062). */
  unpermitted?: boolean;
  /** The row's `syncWave` (the target's, or the Git hook's for a live hook; state.go L1011-L1019). */
  wave: number;
  /**
   * The entry's row (none for a hook that is not live), rebuilt only when one of its fields changes, so that an
   * unchanged row is the same object from one status write to the next.
   */
  row?: ResourceRow;
}

/**
 * The rows of `status.resources`, kept between the control plane's status writes. It writes an app's status at
 * every instant something changed, and rebuilding a thousand rows each time, sorting them and deep-comparing them
 * with the stored ones was most of a big app's run (a 1,000-resource cold run: 0.5 s of its 1.7 s). So each row is
 * rebuilt only when it changes, the sorted list only when a row changes, and the sort only when a row appears or
 * goes: a status write that changes no row stores the same list as the last, which the store's comparison takes
 * at a glance.
 */
export class StatusRows<E extends RowSource> {
  /** Bumped whenever a row appears, changes or goes. */
  private version = 0;
  /** Bumped when a row appears or goes: the order of the rows changes only then. */
  private setVersion = 0;
  private listCache: { version: number; rows: readonly ResourceRow[] } | undefined;
  private orderCache: { version: number; entries: readonly E[] } | undefined;
  /**
   * Entries that got a row since the order was last made: merged into it rather than sorting every row again, as
   * live hooks come and go all through a sync (a 1,000-resource sync with 100 hooks re-sorted 200 times).
   */
  private added = new Set<E>();
  /**
   * Entries whose row changed (but did not appear or go) since the list was last made, and each ordered entry's
   * index in that list: while the order holds, the next list is the last one copied with only those rows put in
   * place. Mapping every entry again at each status write was a cost of rows × writes, and both grow with the app
   * (a 4,000-resource sync rebuilt its 4,000 rows 1,410 times; 1,000 rows 436 times).
   */
  private changed = new Set<E>();
  private positions: Map<E, number> | undefined;
  /** Each entry's sort key, made once: the binary search of `sorted` asks for keys many times. */
  private keys = new WeakMap<E, string>();
  private unknownCache: { from: readonly ResourceRow[]; rows: readonly ResourceRow[] } | undefined;

  /** The app's sync options, read again only when the Application object changes (the store replaces it). */
  private appOptions: { app: KubeObject | undefined; options: readonly string[] } | undefined;

  /** `app`: the Application now, whose sync options decide `requiresDeletionConfirmation` with the resource's. */
  constructor(private readonly app: () => KubeObject | undefined) {}

  private currentAppOptions(): readonly string[] {
    const app = this.app();
    const cached = this.appOptions;
    if (cached && cached.app === app) return cached.options;
    this.appOptions = { app, options: appSyncOptions(app) };
    return this.appOptions.options;
  }

  /** Rebuild the entry's row if one of its fields changed (and only then); call after every refresh of it. */
  update(e: E): void {
    const prev = e.row;
    // Most updates (a status write of a big app) leave the row as it was: compared field by field first, so
    // they allocate nothing.
    // controller/state.go L1010: the target's options or the live object's ask for confirmation.
    const options = this.currentAppOptions();
    const confirm =
      requiresDeletionConfirmation(e.desired, options) || requiresDeletionConfirmation(e.live, options);
    if (prev && rowUnchanged(prev, e, confirm)) return;
    const row = rowOf(e, confirm);
    if (!row) {
      if (prev) {
        e.row = undefined;
        this.version++;
        this.setVersion++;
      }
      return;
    }
    e.row = row;
    this.version++;
    if (!prev) {
      this.setVersion++;
      this.added.add(e);
    } else this.changed.add(e);
  }

  /** The entry is gone from the tracker. */
  dropped(e: E): void {
    if (!e.row) return;
    // Without its row, the kept order leaves it out at the next `sorted`.
    e.row = undefined;
    this.version++;
    this.setVersion++;
  }

  /**
   * The rows in Argo CD's order, by `group/kind/namespace/name` (controller/appcontroller.go L2029, each entry's
   * key made once), from `entries` (the tracker's, all of them): the same list until a row changes.
   */
  sorted(entries: Iterable<E>): readonly ResourceRow[] {
    if (this.listCache?.version === this.version) return this.listCache.rows;
    if (this.orderCache?.version === this.setVersion && this.listCache) {
      // The same rows in the same order, some of them changed: the last list with those put in place.
      const positions = (this.positions ??= new Map(this.orderCache.entries.map((e, i) => [e, i])));
      const rows = this.listCache.rows.slice();
      for (const e of this.changed) {
        const i = positions.get(e);
        if (i !== undefined) rows[i] = e.row!;
      }
      this.changed.clear();
      this.listCache = { version: this.version, rows };
      return rows;
    }
    if (this.orderCache?.version !== this.setVersion) {
      if (this.orderCache && this.added.size < 64) {
        // A few rows appeared (and any number went): the last order without the gone, the new ones merged in
        // where a binary search puts each (before any equal key, the later added first), in one pass rather than a
        // filter and a splice per new row.
        const old = this.orderCache.entries;
        const fresh: { e: E; key: string; at: number; seq: number }[] = [];
        let seq = 0;
        for (const e of this.added) {
          if (!e.row) continue;
          const key = this.sortKey(e);
          let lo = 0;
          let hi = old.length;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (this.sortKey(old[mid]) < key) lo = mid + 1;
            else hi = mid;
          }
          fresh.push({ e, key, at: lo, seq: seq++ });
        }
        fresh.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : y.seq - x.seq));
        const order: E[] = [];
        let j = 0;
        for (let i = 0; i < old.length; i++) {
          while (j < fresh.length && fresh[j].at <= i) order.push(fresh[j++].e);
          const e = old[i];
          if (e.row && !this.added.has(e)) order.push(e);
        }
        while (j < fresh.length) order.push(fresh[j++].e);
        this.orderCache = { version: this.setVersion, entries: order };
      } else {
        const keyed: { e: E; key: string }[] = [];
        for (const e of entries) if (e.row) keyed.push({ e, key: this.sortKey(e) });
        keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        this.orderCache = { version: this.setVersion, entries: keyed.map((k) => k.e) };
      }
      this.added.clear();
    }
    const rows = this.orderCache.entries.map((e) => e.row!);
    this.positions = undefined;
    this.changed.clear();
    this.listCache = { version: this.version, rows };
    return rows;
  }

  private sortKey(e: E): string {
    let key = this.keys.get(e);
    if (key === undefined) this.keys.set(e, (key = sortKey(e)));
    return key;
  }

  /**
   * The rows as the status shows them while the comparison cannot load its targets (ComparisonError): each with
   * sync status Unknown (controller/state.go L1070, L1093), health and the rest as they are. Derived from `sorted`
   * and kept with it, so that a status write in that state, too, stores the same list as the last until a row
   * changes.
   */
  sortedUnknown(entries: Iterable<E>): readonly ResourceRow[] {
    const from = this.sorted(entries);
    if (this.unknownCache?.from === from) return this.unknownCache.rows;
    const rows = from.map((row) => ({ ...row, status: 'Unknown' as const }));
    this.unknownCache = { from, rows };
    return rows;
  }
}

/**
 * The row of `status.resources` an entry stands for, as controller/state.go `CompareAppState` (L989-L1091) builds
 * it: every target and every live object of the app, hooks included. A live hook (`hook: true`) and a `hook: Skip`
 * target have no sync status and no health (L1040; controller/health.go `setApplicationHealth` skips both); a live
 * object with no target, a hook too, requires pruning (L1009). A hook that Git holds but the cluster does not is
 * no row (sync.Reconcile keeps Git's hooks apart from the targets). Each field is read by one function below, which
 * `rowUnchanged` compares with, so the two cannot drift apart.
 */
function rowOf(e: RowSource, confirm: boolean): ResourceRow | undefined {
  if (!hasRow(e)) return undefined;
  const status = statusOf(e);
  const health = healthOfRow(e);
  return {
    group: e.ref.group,
    version: e.version,
    kind: e.ref.kind,
    namespace: e.ref.namespace,
    name: e.ref.name,
    ...(status ? { status } : {}),
    ...(health ? { health } : {}),
    ...(e.hook ? { hook: true } : {}),
    ...(e.wave !== 0 ? { syncWave: e.wave } : {}),
    ...(requiresPruning(e) ? { requiresPruning: true } : {}),
    ...(confirm ? { requiresDeletionConfirmation: true } : {}),
  };
}

/** A plain resource: neither a hook nor a Skip target, so it has a sync status and a health. */
function isPlain(e: RowSource): boolean {
  return !e.hook && !e.skipped;
}

function hasRow(e: RowSource): boolean {
  return isPlain(e) ? e.sync !== null : !e.hook || e.live !== undefined;
}

function statusOf(e: RowSource): ResourceRow['status'] {
  if (!isPlain(e) || !e.sync) return undefined;
  return e.unpermitted ? 'Unknown' : e.sync;
}

/** The row's health: a Missing one with no message (state.go writes none for it). */
function healthOfRow(e: RowSource): ResourceRow['health'] {
  const health = isPlain(e) ? e.health : null;
  if (!health) return undefined;
  return health.status === 'Missing' ? { status: 'Missing', message: '' } : health;
}

function requiresPruning(e: RowSource): boolean {
  return e.live !== undefined && !e.desired && !e.skipped;
}

/** The order of `status.resources`: `group/kind/namespace/name` compared as strings (appcontroller.go L2029). */
function sortKey(e: RowSource): string {
  return `${e.ref.group}/${e.ref.kind}/${e.ref.namespace}/${e.ref.name}`;
}

/** Whether `rowOf(e)` would be a row equal to `prev` (compared field by field: nothing is allocated). */
function rowUnchanged(prev: ResourceRow, e: RowSource, confirm: boolean): boolean {
  if (!hasRow(e)) return false;
  const health = healthOfRow(e);
  return (
    prev.status === statusOf(e) &&
    (health
      ? prev.health?.status === health.status && prev.health.message === health.message
      : prev.health === undefined) &&
    prev.hook === (e.hook ? true : undefined) &&
    prev.syncWave === (e.wave !== 0 ? e.wave : undefined) &&
    prev.requiresPruning === (requiresPruning(e) ? true : undefined) &&
    prev.requiresDeletionConfirmation === (confirm ? true : undefined)
  );
}
