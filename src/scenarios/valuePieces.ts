/**
 * A big plain value (an app read from a drop, a heavy run's result) posted between threads in several messages
 * rather than one. A structured clone is read back in one go on the receiving thread: the app of four dropped files
 * of 3.9 MiB took the page's main thread about 300 ms of CPU in one task (issue 31). Split here, each message is a
 * task of its own, and each is small.
 */

/** Where a piece goes: the keys from the root to a container, and that container's entries, in order. */
export interface ValuePiece {
  path: (string | number)[];
  entries: [string | number, unknown][];
}

/**
 * About how much one message carries, in `weightOf` units: a value, or 16 characters of a string. About 1 MiB
 * of YAML read into objects weighs 100,000, which a browser clones back in a few tens of milliseconds.
 */
const pieceWeight = 100_000;

/**
 * Splits `value`: its skeleton (every array or plain object heavier than `budget` emptied) and the pieces that
 * fill the emptied containers again, parents before children. A string is never split; nor is anything but an
 * array or a plain object (it crosses whole, as a structured clone takes it).
 */
export function splitValue(
  value: unknown,
  budget = pieceWeight,
): { skeleton: unknown; pieces: ValuePiece[] } {
  const pieces: ValuePiece[] = [];
  const walk = (node: unknown, path: (string | number)[]): unknown => {
    if (!isContainer(node) || weightOf(node) <= budget) return node;
    const emptied: unknown = Array.isArray(node) ? [] : {};
    const later: ValuePiece[] = [];
    let batch: ValuePiece = { path, entries: [] };
    let weight = 0;
    const entries: [string | number, unknown][] = Array.isArray(node)
      ? node.map((item, i) => [i, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const before = pieces.length;
      const placed = walk(child, [...path, key]);
      // The child's own pieces must follow the piece that places the child.
      later.push(...pieces.splice(before));
      const w = isContainer(placed) && placed !== child ? 1 : weightOf(child);
      if (weight > 0 && weight + w > budget) {
        pieces.push(batch);
        batch = { path, entries: [] };
        weight = 0;
      }
      batch.entries.push([key, placed]);
      weight += w;
    }
    if (batch.entries.length > 0) pieces.push(batch);
    pieces.push(...later);
    return emptied;
  };
  const skeleton = walk(value, []);
  return { skeleton, pieces };
}

/**
 * The weight above which a value crosses in pieces (`splitIfHeavy`): about 4 MiB of YAML read into objects. A lighter
 * one crosses in one message, which a browser clones back within a few tens of milliseconds, and keeps every object
 * it shares in one place (splitting copies an object that two pieces both hold). Weighed as the clone carries it,
 * an object held in several places once: many-resources' run weighs 185,000 so (a clone of 1.5 MB, read back in
 * about 25 ms), four dropped files of 3.9 MiB 1.3 million (16 MB).
 */
const heavyWeight = 4 * pieceWeight;

/** `splitValue(value)` when the value weighs over `heavyWeight`; otherwise the value whole, with no pieces. */
export function splitIfHeavy(value: unknown): { skeleton: unknown; pieces: ValuePiece[] } {
  return weighsOver(value, heavyWeight) ? splitValue(value) : { skeleton: value, pieces: [] };
}

/**
 * Whether `value` weighs over `limit`, counting an object held in several places once (as a clone carries it).
 * Not `weightOf`: that one weighs each subtree on its own, which splitValue needs to fill its pieces, and so counts a
 * shared object wherever it is held; summed so, many-resources' run weighs 545,000 rather than 185,000.
 */
function weighsOver(value: unknown, limit: number): boolean {
  const seen = new Set<object>();
  let sum = 0;
  const add = (node: unknown): boolean => {
    if (typeof node === 'string') sum += stringWeight(node);
    else if (node === null || typeof node !== 'object' || seen.has(node)) sum += 1;
    else {
      seen.add(node);
      sum += 1;
      if (Array.isArray(node)) {
        for (const item of node) if (add(item)) return true;
      } else
        for (const key of Object.keys(node)) {
          sum += stringWeight(key);
          if (add((node as Record<string, unknown>)[key])) return true;
        }
    }
    return sum > limit;
  };
  return add(value);
}

/** Fills a skeleton with its pieces, in the order splitValue gave them; returns the whole value. */
export function joinValue(skeleton: unknown, pieces: readonly ValuePiece[]): unknown {
  for (const { path, entries } of pieces) {
    let target = skeleton as Record<string | number, unknown>;
    for (const key of path) target = target[key] as Record<string | number, unknown>;
    // A key is data (a ConfigMap may name one `__proto__`): each is defined as an own property, never assigned.
    for (const [key, child] of entries)
      Object.defineProperty(target, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return skeleton;
}

const weights = new WeakMap<object, number>();

/** About what cloning `value` costs: one a value, and one more for every 16 characters of a string. */
function weightOf(value: unknown): number {
  if (typeof value === 'string') return stringWeight(value);
  if (!isContainer(value)) return 1;
  const known = weights.get(value);
  if (known !== undefined) return known;
  let sum = 1;
  if (Array.isArray(value)) for (const item of value) sum += weightOf(item);
  else for (const key of Object.keys(value)) sum += weightOf(key) + weightOf(value[key]);
  weights.set(value, sum);
  return sum;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A string's weight: one, and one more for every 16 characters. */
function stringWeight(text: string): number {
  return 1 + (text.length >> 4);
}
