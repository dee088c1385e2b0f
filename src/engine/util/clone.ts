import type { JsonAny } from '../types';
import { setOwn } from './setOwn';

/**
 * A deep copy of plain JSON data (objects, arrays, primitives), as the API server would hand out.
 *
 * Every write of the store clones, so this walks own keys with `for…in` (no key array per object node, which was
 * the largest single source of garbage in a 1,000-resource run) and sets each key inline; only `__proto__`, a valid
 * label, annotation or data key, goes through setOwn.
 */
export function clone<T>(value: T): T {
  cloneCounts.clones++;
  return copy(value);
}

/**
 * How many times `clone` was asked (not its steps through the parts), for the test that pins what a run copies
 * (cloneCounts.test.ts): a plain counter, as taskCacheCounts is.
 */
export const cloneCounts = { clones: 0 };

function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const out: Record<string, JsonAny> = {};
  const from = value as Record<string, JsonAny>;
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(from, key)) continue;
    const v = from[key];
    if (v === undefined) continue;
    if (key === '__proto__') setOwn(out, key, copy(v));
    else out[key] = copy(v);
  }
  return out as T;
}

/**
 * Structural equality of JSON data; `undefined` fields count as absent.
 *
 * Written without `Object.keys(…).filter(…)`: the store compares every write, the kubelet's and controllers'
 * status writes compare whole statuses, and the two key arrays per object node were a large share of a big
 * app's garbage. Counting defined keys on both sides and looking each of `a`'s up in `b` decides the same.
 */
export function deepEqual(a: JsonAny, b: JsonAny): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const aArray = Array.isArray(a);
  if (aArray !== Array.isArray(b)) return false;
  if (aArray) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  let defined = 0;
  for (const k in a) {
    if (!Object.prototype.hasOwnProperty.call(a, k)) continue;
    const v = a[k];
    if (v === undefined) continue;
    defined++;
    if (!deepEqual(v, b[k])) return false;
  }
  for (const k in b) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) continue;
    if (b[k] !== undefined) defined--;
  }
  return defined === 0;
}
