import type { JsonAny } from '../types';

/**
 * `fresh`, with every part that is the same JSON as the matching part of `old` (same keys in the same order, same
 * values) replaced by that part of `old`; `old` itself when the whole is the same. `fresh` must be newly built by
 * the caller and not yet handed to anyone: its parts are replaced in place.
 *
 * For a writer that renders a value again at every write, most of which changes a field or two: the kubelet renders
 * a pod's conditions and addresses at every step of its start (podStatus.ts). Every version the store keeps is
 * recorded in the run's object history, so a re-rendered condition or address list was one more copy of unchanged
 * data kept to the end of the run (16 condition objects in the history of each pod of a 1,000-replica Deployment,
 * of which 8 differ), and the garbage collector copied each of them while the run went on. Stored objects are read-only (store.ts), so the
 * versions may share what did not change, as a status write already shares the spec; the data, and so every output,
 * is the same.
 */
export function keepUnchanged<T extends JsonAny>(old: JsonAny, fresh: T): T {
  if (old === fresh || fresh === null || typeof fresh !== 'object') return fresh;
  if (old === null || typeof old !== 'object') return fresh;
  if (Array.isArray(fresh)) {
    if (!Array.isArray(old)) return fresh;
    let same = old.length === fresh.length;
    for (let i = 0; i < fresh.length; i++) {
      const part = i < old.length ? keepUnchanged(old[i], fresh[i]) : fresh[i];
      fresh[i] = part;
      if (part !== old[i]) same = false;
    }
    return same ? (old as T) : fresh;
  }
  if (Array.isArray(old)) return fresh;
  const from = fresh as Record<string, JsonAny>;
  const before = old as Record<string, JsonAny>;
  let same = true;
  let count = 0;
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(from, key)) continue;
    count++;
    // A `__proto__` key (a valid label) is left as built: assigning it would set the prototype.
    const had = key !== '__proto__' && Object.prototype.hasOwnProperty.call(before, key);
    const part = had ? keepUnchanged(before[key], from[key]) : from[key];
    if (part !== from[key]) from[key] = part;
    if (!had || part !== before[key]) same = false;
  }
  // The values match; the object is the same JSON only with the same keys in the same order.
  return same && sameKeyOrder(before, from, count) ? (old as T) : fresh;
}

/**
 * Whether `a` has `count` own keys, in the order of `b`'s (whose keys are all `a`'s). Walked without a key array,
 * which was most of this function's garbage; objects here have a handful of keys.
 */
function sameKeyOrder(a: Record<string, JsonAny>, b: Record<string, JsonAny>, count: number): boolean {
  let i = 0;
  for (const key in b) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) continue;
    if (keyAt(a, i++) !== key) return false;
  }
  return keyAt(a, count) === undefined;
}

/** The `n`th own key of `obj`, or undefined. */
function keyAt(obj: Record<string, JsonAny>, n: number): string | undefined {
  let i = 0;
  for (const key in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    if (i++ === n) return key;
  }
  return undefined;
}
