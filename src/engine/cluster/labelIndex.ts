import type { KubeObject } from '../types';

/**
 * Store keys of objects by kind and one label (`kind\0key=value`), so a label selector (a Service's pods) visits
 * only the objects carrying one of its labels instead of every object of the kind. The store keeps it up to date
 * on every write and removal.
 */
export class LabelIndex {
  private readonly byLabel = new Map<string, Set<string>>();

  /** Index `after` under `key`, dropping what `before` (the previous version, if any) had indexed. */
  update(key: string, before: KubeObject | undefined, after: KubeObject): void {
    if (before && sameLabels(before.metadata.labels, after.metadata.labels)) return;
    if (before) this.remove(key, before);
    for (const [k, v] of Object.entries(after.metadata.labels ?? {})) {
      const lk = labelKey(after.kind, k, v);
      let keys = this.byLabel.get(lk);
      if (!keys) this.byLabel.set(lk, (keys = new Set()));
      keys.add(key);
    }
  }

  remove(key: string, obj: KubeObject): void {
    for (const [k, v] of Object.entries(obj.metadata.labels ?? {})) {
      const lk = labelKey(obj.kind, k, v);
      const keys = this.byLabel.get(lk);
      keys?.delete(key);
      if (keys?.size === 0) this.byLabel.delete(lk);
    }
  }

  /** The smallest indexed set among the selector's pairs; undefined without a selector. */
  candidates(kind: string, labels: Record<string, string> | undefined): Set<string> | undefined {
    let best: Set<string> | undefined;
    for (const [k, v] of Object.entries(labels ?? {})) {
      const keys = this.byLabel.get(labelKey(kind, k, v));
      if (!keys) return new Set();
      if (!best || keys.size < best.size) best = keys;
    }
    return best;
  }
}

function labelKey(kind: string, key: string, value: string): string {
  return `${kind}\0${key}=${value}`;
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  if (a === b) return true;
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  for (const k of ka) if (a?.[k] !== b?.[k]) return false;
  return true;
}

/** Whether `labels` hold every pair of `want` (an equality label selector). */
export function matchLabels(
  labels: Record<string, string> | undefined,
  want: Record<string, string>,
): boolean {
  for (const [k, v] of Object.entries(want)) if (labels?.[k] !== v) return false;
  return true;
}
