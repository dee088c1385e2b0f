import type { ObjectStore, WatchEvent } from '../cluster/store';
import type { KubeObject } from '../types';
import type { AppTracker } from '../argocd/appTracker';

/**
 * Whether the cluster has come to rest after an operation: the app's health is no longer Progressing, no pod is
 * starting or terminating, and nothing is waiting for deletion. A crash-looping Deployment is not at rest until
 * its progress deadline turns it Degraded (argocd-semantics.md §3.1).
 *
 * The simulation asks this after every instant, so scanning the store each time cost O(objects) per step (the
 * largest share of a 4,000-resource run that grew faster than the app). `RestWatch` keeps the two counts the
 * answer needs up to date from the store's watch events instead.
 */
export function isSettled(rest: RestWatch, tracker: AppTracker): boolean {
  if (tracker.health.status === 'Progressing') return false;
  return rest.atRest();
}

/**
 * Watch-fed counters for `isSettled`: how many pods are unsettled (starting: phase Pending or unset; or being
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
