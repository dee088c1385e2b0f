import type { KubeObject } from '../types';

/**
 * The store's index of objects by owner uid (every ownerReference, controlling or not), for the garbage collector
 * and the controllers that list their dependents.
 *
 * A controller reconciles at every change of any of its dependents, and Kubernetes' controllers walk their
 * dependents in name order (`claimDependents`): sorting a thousand pods at each of their thousand changes made a
 * big ReplicaSet's run grow faster than its size. So the keys of each owner's dependents are also kept
 * sorted, until what that owner owns changes; a write that keeps an object's owners (nearly every write: a status,
 * a label) leaves the index alone.
 */
export class OwnerIndex {
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly sorted = new Map<string, string[]>();

  /** Move `key` from the owners of `before` to those of `after` (either may be absent: a create, a removal). */
  update(key: string, before: KubeObject | undefined, after: KubeObject | undefined): void {
    const was = before?.metadata.ownerReferences;
    const now = after?.metadata.ownerReferences;
    if (was === now) return;
    for (const o of was ?? []) if (!now?.some((n) => n.uid === o.uid)) this.drop(o.uid, key);
    for (const o of now ?? []) if (!was?.some((w) => w.uid === o.uid)) this.add(o.uid, key);
  }

  /** The keys of what `uid` owns, in no particular order. */
  keys(uid: string): Iterable<string> {
    return this.byOwner.get(uid) ?? [];
  }

  /**
   * The keys of what `uid` owns in key order, which is name order among objects of one kind in one namespace
   * (keyOf: group/kind/namespace/name). Kept until that owner's dependents change; treat it as read-only.
   */
  sortedKeys(uid: string): readonly string[] {
    let keys = this.sorted.get(uid);
    if (!keys) {
      keys = [...(this.byOwner.get(uid) ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.sorted.set(uid, keys);
    }
    return keys;
  }

  has(uid: string): boolean {
    return (this.byOwner.get(uid)?.size ?? 0) > 0;
  }

  private add(uid: string, key: string): void {
    let keys = this.byOwner.get(uid);
    if (!keys) this.byOwner.set(uid, (keys = new Set()));
    keys.add(key);
    this.sorted.delete(uid);
  }

  private drop(uid: string, key: string): void {
    const keys = this.byOwner.get(uid);
    if (!keys?.delete(key)) return;
    if (keys.size === 0) this.byOwner.delete(uid);
    this.sorted.delete(uid);
  }
}
