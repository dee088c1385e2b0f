import { setOwn } from '../util/setOwn';

/** The own fields of `obj` whose value is not undefined, in their order: one level of what `clone` copies. */
export function definedFields<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  const from = obj as Record<string, unknown>;
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(from, key)) continue;
    const v = from[key];
    if (v !== undefined) setOwn(out, key, v);
  }
  return out as T;
}
