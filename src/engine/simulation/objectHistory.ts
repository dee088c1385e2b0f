import { keyOf, refOf } from '../cluster/gvk';
import type { WatchEvent } from '../cluster/store';
import type { KubeObject } from '../types';

/**
 * Every version of every object the fake cluster held during a run, with the time it was written: what the
 * page's terminal reads to answer `kubectl get` as the cluster was at the cursor's moment.
 *
 * Plain data (arrays of numbers and the store's own objects), so it travels in the result like the event log.
 * `times` are in seconds on the event log's scale (negative before the sync starts); a `null` version is the
 * object's deletion. One key's times never decrease.
 */
export interface ObjectHistory {
  /**
   * Store keys (`group/Kind/namespace/name`), in the order the objects first appeared. An object deleted and
   * created again under the same name is another object (another uid), so a key can appear twice.
   */
  keys: string[];
  /** Per key (same index): when each version was written. */
  times: number[][];
  /** Per key (same index): each version, or null once it was deleted. */
  versions: (KubeObject | null)[][];
}

/**
 * Records a store's watch events. It keeps references to the store's objects, not copies: the store never
 * changes an object it has handed out (every write builds a new object, see ObjectStore's header and `write`),
 * so a kept reference stays the version it was. `objectHistory.test.ts` checks that on whole runs.
 *
 * Several writes to one object at the same instant keep only the last: "the cluster at t" can show only one.
 */
export class ObjectHistoryRecorder {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly times: number[][] = [];
  private readonly versions: (KubeObject | null)[][] = [];

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
    if (times.length > 0 && times[times.length - 1] === at) versions[versions.length - 1] = version;
    else {
      times.push(at);
      versions.push(version);
    }
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
    const version = lo > 0 ? history.versions[i][lo - 1] : null;
    if (version) out.push(version);
  }
  return out;
}
