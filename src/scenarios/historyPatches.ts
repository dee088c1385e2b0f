import { setOwn, wholeHistory } from '../engine';
import type { ObjectHistory } from '../engine';

/**
 * A smaller encoding of a run's object history for the shipped scenarios' chunks. Written out as JSON, every
 * version of an object repeats the whole object, although a write changes a few fields (a resourceVersion, a
 * status condition): many-resources' history was 6.8 MB of JS, most of its chunk, and evaluating that chunk cost
 * about 0.2 s on a phone-class CPU before the page was interactive. Here each version after an object's first is
 * stored as a patch against the version before it.
 *
 * A patch is a JSON value of one of four shapes, so they cannot be confused:
 * - `[value]`: the new value, whole;
 * - `[]` (only as a field of an object patch): the field was removed;
 * - `[length, { index: patch, … }]`: both versions are arrays; the new one has `length` items, those not listed
 *   unchanged (an Application's `status.resources` changes one row of two hundred at a time);
 * - `{ field: patch, … }`: both versions are plain objects; fields not listed are unchanged.
 * An object patch is used only when applying it gives the fields in the new version's own order (new fields
 * last), so the decoded objects print exactly as the recorded ones (`kubectl get -o yaml`, `-o json`).
 *
 * Decoding shares unchanged parts between consecutive versions. That is safe for the same reason the recorder
 * shares whole objects with the store (objectHistory.ts): nothing changes a recorded version in place.
 */
export interface HistoryPatches {
  keys: string[];
  times: number[][];
  /** Per key: the first version whole (`[object]` or `[null]`), then one patch per later version. */
  patches: Patch[][];
}

type Patch = unknown[] | { [field: string]: Patch };

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The patch turning `before` into `after`, or undefined when they are equal. */
function diff(before: unknown, after: unknown): Patch | undefined {
  if (isPlain(before) && isPlain(after)) {
    const patch: { [field: string]: Patch } = {};
    const order: string[] = [];
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) setOwn(patch, key, []);
      else order.push(key);
    }
    for (const key of Object.keys(after)) if (!Object.hasOwn(before, key)) order.push(key);
    // Spreading `before` and assigning keeps its order, new fields last: if `after` has another order, send it whole.
    if (order.join('\u0000') !== Object.keys(after).join('\u0000')) return [after];
    for (const key of Object.keys(after)) {
      const field = diff(before[key], after[key]);
      if (field !== undefined) setOwn(patch, key, field);
    }
    return Object.keys(patch).length === 0 ? undefined : patch;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const items: { [index: string]: Patch } = {};
    after.forEach((item, i) => {
      const patch = i < before.length ? diff(before[i], item) : [item];
      if (patch !== undefined) items[i] = patch;
    });
    if (before.length === after.length && Object.keys(items).length === 0) return undefined;
    const whole = [after];
    const patched = [after.length, items];
    return JSON.stringify(patched).length < JSON.stringify(whole).length ? patched : whole;
  }
  return before === after ? undefined : [after];
}

function apply(before: unknown, patch: Patch): unknown {
  if (Array.isArray(patch) && patch.length === 2) {
    const [length, items] = patch as [number, Record<string, Patch>];
    const after = (before as unknown[]).slice(0, length);
    for (const [index, item] of Object.entries(items))
      after[Number(index)] = apply(after[Number(index)], item);
    return after;
  }
  if (Array.isArray(patch)) return patch[0];
  const after: Plain = { ...(before as Plain) };
  for (const [key, field] of Object.entries(patch)) {
    if (Array.isArray(field) && field.length === 0) delete after[key];
    else setOwn(after, key, apply(after[key], field));
  }
  return after;
}

/**
 * The history with each object's later versions as patches (at build time). The patches are made between whole
 * versions (`wholeHistory`), not the recorder's own changes of rows, whose lists of added rows patch badly
 * against each other (many-resources' chunk grew from 1.54 to 2.25 MB); decoded, every version is whole.
 */
export function encodeHistory(recorded: ObjectHistory): HistoryPatches {
  const history = wholeHistory(recorded);
  return {
    keys: history.keys,
    times: history.times,
    patches: history.versions.map((versions) =>
      versions.map((version, i) => (i === 0 ? [version] : (diff(versions[i - 1], version) ?? {}))),
    ),
  };
}

/** The history back from its patches (in the page, when the terminal first reads it). */
export function decodeHistory(encoded: HistoryPatches): ObjectHistory {
  return {
    keys: encoded.keys,
    times: encoded.times,
    versions: encoded.patches.map((patches) => {
      const versions: unknown[] = [];
      for (const patch of patches) versions.push(apply(versions[versions.length - 1], patch));
      return versions as ObjectHistory['versions'][number];
    }),
  };
}
