import type { JsonAny } from '../types';
import { clone } from '../util/clone';

/*
 * kubectl's client-side three-way merge, as the store's `apply` uses it: fields in the new manifest win, fields
 * only in the previously applied manifest are removed, and fields the cluster set itself are kept.
 */

/** kubectl's three-way merge of one field: objects merge key by key, anything else is replaced. */
export function threeWay(live: JsonAny, previous: JsonAny, desired: JsonAny): JsonAny {
  if (desired === undefined) return previous === undefined ? live : undefined;
  if (isPlainObject(desired) && isPlainObject(live)) {
    const out: Record<string, JsonAny> = { ...live };
    const prev = isPlainObject(previous) ? previous : {};
    for (const k of new Set([...Object.keys(desired), ...Object.keys(prev)])) {
      const merged = threeWay(live[k], prev[k], desired[k]);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
    return out;
  }
  if (Array.isArray(desired) && Array.isArray(live) && desired.length === live.length) {
    // Lists of objects (containers, ports) merge element by element, keeping what the server defaulted.
    return desired.map((d, i) =>
      isPlainObject(d) && isPlainObject(live[i])
        ? threeWay(live[i], Array.isArray(previous) ? previous[i] : undefined, d)
        : d,
    );
  }
  return clone(desired);
}

/** The three-way merge of a string map (labels, annotations); an empty result is no map. */
export function mergeMaps(
  live: Record<string, string> | undefined,
  previous: Record<string, string> | undefined,
  desired: Record<string, string> | undefined,
): Record<string, string> | undefined {
  const merged = threeWay(live ?? {}, previous ?? {}, desired ?? {}) as Record<string, string>;
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function isPlainObject(value: JsonAny): value is Record<string, JsonAny> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
