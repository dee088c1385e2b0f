import type { ParsedObject } from './manifests';

/**
 * A scenario toggle that changes the synced revision's manifests: annotations set (a string) or removed (null) on
 * named objects, `Kind/name` → { key: value }. Several scenarios ask "what if this hook were in another phase, or
 * these two objects in one wave?", and in Argo CD each answer is a one-line change of an annotation in Git, so the
 * toggle is written as that change and the run shows the other outcome.
 */
export type ToggleAnnotations = Record<string, Record<string, string | null>>;

/** `Kind/name` of an object, as toggles and `--fail` name objects. */
export function objectKey(p: ParsedObject): string {
  return `${p.object.kind}/${p.object.metadata?.name ?? ''}`;
}

/**
 * Read a toggle's `annotate:` map, or say why it is unusable. Every target must name an object of `objects` (the
 * synced revision), so a typo is refused when the scenario is read rather than switched on to no effect.
 */
export function readToggleAnnotations(
  value: unknown,
  objects: readonly ParsedObject[],
  where: string,
): ToggleAnnotations | { error: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: `${where}.annotate must map Kind/name to annotations` };
  const known = new Set(objects.map(objectKey));
  const out: ToggleAnnotations = {};
  for (const [target, annotations] of Object.entries(value as Record<string, unknown>)) {
    if (!known.has(target))
      return {
        error: `${where}.annotate: no object ${JSON.stringify(target)} in the synced revision (one of: ${[...known].join(', ')})`,
      };
    if (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations))
      return {
        error: `${where}.annotate.${target} must map annotation keys to strings (or null to remove one)`,
      };
    const entries = Object.entries(annotations as Record<string, unknown>);
    for (const [key, v] of entries)
      if (v !== null && typeof v !== 'string')
        return { error: `${where}.annotate.${target}.${key} must be a string (quote numbers: "1") or null` };
    out[target] = Object.fromEntries(entries) as Record<string, string | null>;
  }
  return out;
}

/** The objects with the toggles' annotations applied, each changed object copied (the parsed ones stay as read). */
export function applyToggleAnnotations(
  objects: readonly ParsedObject[],
  changes: readonly ToggleAnnotations[],
): ParsedObject[] {
  if (changes.length === 0) return [...objects];
  return objects.map((p) => {
    const key = objectKey(p);
    const mine = changes.filter((c) => c[key] !== undefined).map((c) => c[key]);
    if (mine.length === 0) return p;
    const annotations: Record<string, string> = { ...(p.object.metadata?.annotations ?? {}) };
    for (const change of mine)
      for (const [k, v] of Object.entries(change)) {
        if (v === null) delete annotations[k];
        else annotations[k] = v;
      }
    const metadata = { ...p.object.metadata, annotations };
    if (Object.keys(annotations).length === 0) delete (metadata as { annotations?: unknown }).annotations;
    return { ...p, object: { ...p.object, metadata } };
  });
}
