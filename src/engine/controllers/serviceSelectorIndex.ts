import type { ObjectStore, WatchEvent } from '../cluster/store';
import type { KubeObject } from '../types';

/**
 * Services by one pair of their selector (`namespace\0key=value`), so the endpoints controller finds the
 * Services that may select a changed pod by looking up the pod's labels, instead of testing every Service of the
 * namespace on every pod change (a 1,000-resource app has 200 Services and thousands of pod writes).
 *
 * Each Service is indexed under the first pair of its selector: a Service selects a pod only if the pod carries
 * every pair, so it carries that one. Callers still test the whole selector (`candidates` may over-approximate,
 * never miss). Kept up to date from the store's watch; one index per store, made on first use from what the
 * store holds then.
 */
export class ServiceSelectorIndex {
  private readonly byPair = new Map<string, Set<string>>();

  private constructor(private readonly store: ObjectStore) {}

  private static readonly indexes = new WeakMap<ObjectStore, ServiceSelectorIndex>();

  /** The index of `store`, watching it from now on. */
  static of(store: ObjectStore): ServiceSelectorIndex {
    let index = ServiceSelectorIndex.indexes.get(store);
    if (!index) {
      const made = new ServiceSelectorIndex(store);
      for (const svc of store.scan({ kind: 'Service' })) made.add(svc);
      store.watch((event) => made.onWatch(event));
      ServiceSelectorIndex.indexes.set(store, (index = made));
    }
    return index;
  }

  /** The Services of the pod's namespace that may select it (every one that does, perhaps a few more). */
  candidates(pod: KubeObject): KubeObject[] {
    const namespace = pod.metadata.namespace ?? '';
    const names = new Set<string>();
    const labels = pod.metadata.labels;
    for (const k in labels) {
      const found = this.byPair.get(pairKey(namespace, k, labels[k]));
      if (found) for (const name of found) names.add(name);
    }
    const out: KubeObject[] = [];
    for (const name of names) {
      const svc = this.store.get({ group: '', kind: 'Service', namespace, name });
      if (svc) out.push(svc);
    }
    return out;
  }

  private onWatch(event: WatchEvent): void {
    if (event.object.kind !== 'Service') return;
    if (event.old) this.remove(event.old);
    if (event.type !== 'DELETED') this.add(event.object);
  }

  private add(svc: KubeObject): void {
    const pair = firstPair(svc);
    if (!pair) return;
    let keys = this.byPair.get(pair);
    if (!keys) this.byPair.set(pair, (keys = new Set()));
    keys.add(svc.metadata.name ?? '');
  }

  private remove(svc: KubeObject): void {
    const pair = firstPair(svc);
    if (!pair) return;
    const keys = this.byPair.get(pair);
    keys?.delete(svc.metadata.name ?? '');
    if (keys?.size === 0) this.byPair.delete(pair);
  }
}

function firstPair(svc: KubeObject): string | undefined {
  const selector: Record<string, string> | undefined = svc.spec?.selector;
  if (!selector || typeof selector !== 'object') return undefined;
  for (const k in selector) return pairKey(svc.metadata.namespace ?? '', k, String(selector[k]));
  return undefined;
}

function pairKey(namespace: string, key: string, value: string): string {
  return `${namespace}\0${key}=${value}`;
}
