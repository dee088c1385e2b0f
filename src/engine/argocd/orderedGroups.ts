/**
 * Items grouped by a key, each group kept in the items' own order (`seq`, ascending), so that "the first n items
 * with key k" costs n, not a walk over every item. The app tracker keeps its resources grouped by health code
 * this way: the app's health message names the first resources with the worst code (argocd-semantics.md §1.8
 * rule 9), and walking every resource for them at every instant made a big app's run quadratic.
 *
 * Adding and removing cost a binary search and a move of the group's tail, which for the groups of one app (a few
 * thousand resources at most) is far cheaper than the walk it replaces.
 */
export class OrderedGroups<T extends { readonly seq: number }> {
  private readonly groups = new Map<string, T[]>();

  add(key: string, item: T): void {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = []));
    const i = lowerBound(group, item.seq);
    if (group[i] !== item) group.splice(i, 0, item);
  }

  remove(key: string, item: T): void {
    const group = this.groups.get(key);
    if (!group) return;
    const i = lowerBound(group, item.seq);
    if (group[i] === item) group.splice(i, 1);
  }

  /** The first `n` items of the group, in their order. */
  first(key: string, n: number): T[] {
    return this.groups.get(key)?.slice(0, n) ?? [];
  }

  size(key: string): number {
    return this.groups.get(key)?.length ?? 0;
  }
}

/** The index of the first item whose `seq` is not below `seq`. */
function lowerBound(group: readonly { readonly seq: number }[], seq: number): number {
  let lo = 0;
  let hi = group.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (group[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
