import { keyOf, refOf } from '../cluster/gvk';
import type { WatchEvent } from '../cluster/store';
import type { JsonAny, KubeObject } from '../types';

/**
 * Every version of every object the fake cluster held during a run, with the time it was written: what the
 * page's terminal reads to answer `kubectl get` as the cluster was at the cursor's moment.
 *
 * Plain data (arrays of numbers and the store's own objects), so it travels in the result like the event log.
 * `times` are in seconds on the event log's scale (negative before the sync starts); a `null` version is the
 * object's deletion. One key's times never decrease. Read a version with `versionAt` (or `clusterAt`), never
 * from `versions` directly: some are kept as a change of the version before them (`RowsChangedVersion`).
 */
export interface ObjectHistory {
  /**
   * Store keys (`group/Kind/namespace/name`), in the order the objects first appeared. An object deleted and
   * created again under the same name is another object (another uid), so a key can appear twice.
   */
  keys: string[];
  /** Per key (same index): when each version was written. */
  times: number[][];
  /** Per key (same index): each version as recorded, or null once it was deleted. Read with `versionAt`. */
  versions: (RecordedVersion | null)[][];
}

/**
 * A version whose `status.resources` is kept as the change from the version before it: that version's rows with
 * `drop` rows from index `at` replaced by `add`. An Application's status write copies its list of rows (one per
 * resource of the app) although it changes one or a few of them, and the app's status is written hundreds of
 * times in a big sync: kept whole, the copies were most of what a run left in memory (the 4,000-resource bench
 * app's 1,409 lists held 5.4 million references, against 99,306 rows changed), and the garbage collector's time
 * grew faster than the app. The rows themselves are the store's objects, shared as whole versions are.
 *
 * `object` is the version with `status.resources` set to null, so that the field keeps its place and the
 * rebuilt version prints exactly as the recorded one (`kubectl get -o json`). Plain data, so it travels in a
 * run's result through a Web Worker's message.
 */
export interface RowsChangedVersion {
  object: KubeObject;
  rows: { at: number; drop: number; add: JsonAny[] };
}

export type RecordedVersion = KubeObject | RowsChangedVersion;

/**
 * At most this many versions in a row are kept as changes: a reader rebuilds a version from the last one kept
 * whole, so this bounds what one read costs (with 4,000 rows, 32 × 4,000 references for the first read).
 */
const WHOLE_EVERY = 32;

/** What the recorder remembers of one object's last two versions to record the next as a change. */
interface RowsState {
  /** The rows of the version before the last one kept, and how many changes in a row led to it. */
  before?: readonly JsonAny[];
  beforeChain: number;
  /** The rows of the last version kept (the one a write at the same instant replaces). */
  last?: readonly JsonAny[];
  lastChain: number;
}

/**
 * Records a store's watch events. It keeps references to the store's objects, not copies: the store never
 * changes an object it has handed out (every write builds a new object, see ObjectStore's header and `write`),
 * so a kept reference stays the version it was. `objectHistory.test.ts` checks that on whole runs.
 *
 * Several writes to one object at the same instant keep only the last: "the cluster at t" can show only one.
 * A version's `status.resources` is kept as a change of the version before it when it is a list both have
 * (RowsChangedVersion), and whole at least every WHOLE_EVERY versions.
 */
export class ObjectHistoryRecorder {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly times: number[][] = [];
  private readonly versions: (RecordedVersion | null)[][] = [];
  /** Per key index, for objects that have had a `status.resources` list. */
  private readonly rows = new Map<number, RowsState>();

  /** `now` is the virtual clock in milliseconds. */
  constructor(private readonly now: () => number) {}

  onWatch(event: WatchEvent): void {
    const obj = event.object;
    // The uid names one object for its whole life (a deleted and re-created name is another object), and a Map
    // lookup by it is cheaper than building the store key on each of a big sync's many writes.
    const id = obj.metadata.uid ?? keyOf(refOf(obj));
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.keys.length;
      this.index.set(id, i);
      this.keys.push(keyOf(refOf(obj)));
      this.times.push([]);
      this.versions.push([]);
    }
    const at = this.now();
    const times = this.times[i];
    const versions = this.versions[i];
    const version = event.type === 'DELETED' ? null : obj;
    const state = this.rows.get(i);
    if (times.length > 0 && times[times.length - 1] === at) {
      versions[versions.length - 1] = state || hasRows(version) ? this.recorded(i, state, version) : version;
    } else {
      times.push(at);
      if (state) {
        // The last version is now the one before: the next is recorded against it.
        state.before = state.last;
        state.beforeChain = state.lastChain;
      }
      versions.push(state || hasRows(version) ? this.recorded(i, state, version) : version);
    }
  }

  /** `version` as kept: whole, or its rows as a change of the version before it. */
  private recorded(
    i: number,
    known: RowsState | undefined,
    version: KubeObject | null,
  ): RecordedVersion | null {
    let state = known;
    if (!state) this.rows.set(i, (state = { beforeChain: 0, lastChain: 0 }));
    const rows: unknown = version?.status?.resources;
    if (!version || !Array.isArray(rows)) {
      state.last = undefined;
      state.lastChain = 0;
      return version;
    }
    const list = rows as readonly JsonAny[];
    state.last = list;
    state.lastChain = 0;
    const before = state.before;
    if (!before || state.beforeChain + 1 >= WHOLE_EVERY) return version;
    // The rows in the same place in both lists are the same objects (the store never changes a stored one, and
    // the application controller keeps an unchanged row's object, statusRows.ts): the change is what lies
    // between the longest common start and end.
    const most = Math.min(before.length, list.length);
    let start = 0;
    while (start < most && before[start] === list[start]) start++;
    let end = 0;
    while (end < most - start && before[before.length - 1 - end] === list[list.length - 1 - end]) end++;
    const added = list.length - start - end;
    if (added * 2 > list.length) return version;
    state.lastChain = state.beforeChain + 1;
    return {
      object: { ...version, status: { ...version.status, resources: null } },
      rows: { at: start, drop: before.length - start - end, add: list.slice(start, start + added) },
    };
  }

  /** The recorded history, its times converted by `seconds` (the event log's scale). */
  result(seconds: (ms: number) => number): ObjectHistory {
    return {
      keys: [...this.keys],
      times: this.times.map((ts) => ts.map(seconds)),
      versions: this.versions.map((vs) => [...vs]),
    };
  }
}

function hasRows(version: KubeObject | null): boolean {
  return Array.isArray(version?.status?.resources);
}

/** A stored object always has a kind (the store refuses one without), so a version without one is a change. */
function isRowsChange(version: RecordedVersion): version is RowsChangedVersion {
  return (version as Partial<KubeObject>).kind === undefined && 'object' in version;
}

/**
 * Versions rebuilt from their changes, each made once: a reader asking again gets the same object, and one
 * walking an object's versions in order rebuilds each from the one before.
 */
const rebuilt = new WeakMap<RowsChangedVersion, KubeObject>();

/**
 * Version `j` of the object at index `i` of the history, as it was written (null once deleted): the one way to
 * read a version, whether it was kept whole or as a change.
 */
export function versionAt(history: ObjectHistory, i: number, j: number): KubeObject | null {
  const versions = history.versions[i];
  const version = versions[j];
  if (version === null || !isRowsChange(version)) return version;
  const known = rebuilt.get(version);
  if (known) return known;
  // Back to the last version kept whole, or already rebuilt, then forward through the changes.
  let from = j - 1;
  while (from >= 0 && isRowsChange(versions[from]!) && !rebuilt.has(versions[from] as RowsChangedVersion))
    from--;
  // The recorder keeps a change only after a version with a list of rows, and never after a deletion.
  const base = versions[from]!;
  let rows = (isRowsChange(base) ? rebuilt.get(base)! : base).status.resources as JsonAny[];
  let out = version.object;
  for (let k = from + 1; k <= j; k++) {
    const change = versions[k] as RowsChangedVersion;
    const { at, drop, add } = change.rows;
    rows = [...rows.slice(0, at), ...add, ...rows.slice(at + drop)];
    out = { ...change.object, status: { ...change.object.status, resources: rows } };
    rebuilt.set(change, out);
  }
  return out;
}

/**
 * The history with every version whole, as `versionAt` reads it: for a writer of another encoding of it
 * (historyPatches.ts, for the shipped scenarios) and for comparing two histories as their readers see them.
 */
export function wholeHistory(history: ObjectHistory): ObjectHistory {
  return {
    keys: history.keys,
    times: history.times,
    versions: history.versions.map((versions, i) => versions.map((_, j) => versionAt(history, i, j))),
  };
}

/**
 * The cluster at virtual second `t`: every object alive then, each at its latest version written at or before
 * `t`, in the order the objects first appeared. A binary search per object, so a query costs O(objects · log
 * versions).
 */
export function clusterAt(history: ObjectHistory, t: number): KubeObject[] {
  const out: KubeObject[] = [];
  for (let i = 0; i < history.keys.length; i++) {
    const times = history.times[i];
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    const version = lo > 0 ? versionAt(history, i, lo - 1) : null;
    if (version) out.push(version);
  }
  return out;
}
