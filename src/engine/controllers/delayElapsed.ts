import type { Cluster, Controller } from '../cluster/cluster';
import type { ObjectRef } from '../types';

/** Per cluster, the virtual time at which each pending delay ends. */
const deadlines = new WeakMap<Cluster, Map<string, number>>();

/**
 * Whether `delayMs` have passed since a controller first asked about `key`; if not, it queues a reconcile
 * of `ref` for the moment they will have. This is how "a load balancer address arrives 2 s after the
 * Service" is written without a timer per object: the controller simply asks again on each reconcile.
 * Use a key that includes the object's uid, so a re-created object waits afresh.
 */
export function delayElapsed(
  cluster: Cluster,
  controller: Controller,
  ref: ObjectRef,
  key: string,
  delayMs: number,
): boolean {
  let map = deadlines.get(cluster);
  if (!map) deadlines.set(cluster, (map = new Map()));
  const now = cluster.clock.now();
  const at = map.get(key) ?? now + delayMs;
  if (now >= at) {
    map.delete(key);
    return true;
  }
  map.set(key, at);
  cluster.enqueue(controller, ref, at - now);
  return false;
}
