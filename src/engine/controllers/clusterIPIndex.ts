import type { ObjectStore, WatchEvent } from '../cluster/store';
import type { KubeObject } from '../types';

/**
 * The cluster IPs the Services of a store hold (`spec.clusterIP`, `None` included), kept up to date from the
 * store's watch, so allocating one for a new Service looks them up instead of listing and sorting every Service
 * (that made a big app's Service creation quadratic: 800 Services listed 800 times). One index per store, made on
 * first use from what the store holds then. `clusterIPIndex.test.ts` checks it against the Services after
 * creations, changes and deletions.
 */
export class ClusterIPIndex {
  /** How many Services hold each address (two may, briefly, when one was given by hand). */
  private readonly count = new Map<string, number>();

  private static readonly indexes = new WeakMap<ObjectStore, ClusterIPIndex>();

  /** The index of `store`, watching it from now on. */
  static of(store: ObjectStore): ClusterIPIndex {
    let index = ClusterIPIndex.indexes.get(store);
    if (!index) {
      const made = new ClusterIPIndex();
      for (const svc of store.scan({ kind: 'Service' })) made.add(svc, 1);
      store.watch((event) => made.onWatch(event));
      ClusterIPIndex.indexes.set(store, (index = made));
    }
    return index;
  }

  /** Whether a Service holds `ip`. */
  has(ip: string): boolean {
    return this.count.has(ip);
  }

  private onWatch(event: WatchEvent): void {
    if (event.object.kind !== 'Service') return;
    if (event.old) this.add(event.old, -1);
    if (event.type !== 'DELETED') this.add(event.object, 1);
  }

  private add(svc: KubeObject, sign: 1 | -1): void {
    const ip = svc.spec?.clusterIP;
    if (!ip) return;
    const n = (this.count.get(ip) ?? 0) + sign;
    if (n > 0) this.count.set(ip, n);
    else this.count.delete(ip);
  }
}
