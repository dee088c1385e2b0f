import type { Cluster } from '../cluster/cluster';
import type { KubeObject } from '../types';

/**
 * How many pods each node runs, as the scheduler counts them: pods bound to the node (spec.nodeName) that have
 * not finished (phase neither Succeeded nor Failed). The count is kept up to date from the store's watch
 * instead of scanning every pod for every pod scheduled, which made scheduling n replicas cost n².
 *
 * The index lives beside the Cluster (a WeakMap), built by one scan on first use and then fed by the watch,
 * which tells it about every change synchronously, before any controller reads the store again.
 */
const indexes = new WeakMap<Cluster, Map<string, number>>();

export function podsPerNode(cluster: Cluster): ReadonlyMap<string, number> {
  let counts = indexes.get(cluster);
  if (!counts) {
    const index = new Map<string, number>();
    for (const pod of cluster.store.scan({ kind: 'Pod' })) add(index, pod, 1);
    cluster.store.watch((event) => {
      if (event.object.kind !== 'Pod') return;
      if (event.type !== 'ADDED' && event.old) add(index, event.old, -1);
      if (event.type !== 'DELETED') add(index, event.object, 1);
    });
    indexes.set(cluster, (counts = index));
  }
  return counts;
}

function add(index: Map<string, number>, pod: KubeObject, delta: number): void {
  const node = pod.spec?.nodeName;
  if (!node || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') return;
  const count = (index.get(node) ?? 0) + delta;
  if (count === 0) index.delete(node);
  else index.set(node, count);
}
