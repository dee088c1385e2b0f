import type { ObjectStore, WatchEvent } from '../cluster/store';
import type { KubeObject } from '../types';

/**
 * Watch-fed counters for the run's rest checks (scanning the store after every instant cost O(objects) a step, the
 * largest share of a 4,000-resource run): how many pods are unsettled (starting: phase Pending or unset; or being
 * deleted) and how many objects of any kind carry a deletionTimestamp. Subscribe it before the store holds any
 * object (or build it with `from`, which counts what is there first).
 */
export class RestWatch {
  private unsettledPods = 0;
  private deleting = 0;

  /** A watch on `store` counting the objects it holds now and every change after. */
  static on(store: ObjectStore): RestWatch {
    const rest = new RestWatch();
    for (const obj of store.scan()) rest.add(obj, 1);
    store.watch((event) => rest.onWatch(event));
    return rest;
  }

  onWatch(event: WatchEvent): void {
    if (event.old) this.add(event.old, -1);
    if (event.type !== 'DELETED') this.add(event.object, 1);
  }

  /** No pod starting or terminating and nothing waiting for deletion. */
  atRest(): boolean {
    return this.unsettledPods === 0 && this.deleting === 0;
  }

  /** No pod starting or terminating (the control plane's rest check; other kinds may still be deleting). */
  podsAtRest(): boolean {
    return this.unsettledPods === 0;
  }

  private add(obj: KubeObject, sign: 1 | -1): void {
    const deleting = !!obj.metadata.deletionTimestamp;
    if (deleting) this.deleting += sign;
    if (obj.kind !== 'Pod') return;
    const phase = obj.status?.phase;
    if (deleting || phase === 'Pending' || phase === undefined) this.unsettledPods += sign;
  }
}
