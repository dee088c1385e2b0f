import type { KubeObject } from '../types';

/** The object store's stable order of objects: by namespace, then kind, then name. */
export function compareObjects(a: KubeObject, b: KubeObject): number {
  const na = a.metadata.namespace ?? '';
  const nb = b.metadata.namespace ?? '';
  if (na !== nb) return na < nb ? -1 : 1;
  const ka = a.kind;
  const kb = b.kind;
  if (ka !== kb) return ka < kb ? -1 : 1;
  const a1 = a.metadata.name ?? '';
  const b1 = b.metadata.name ?? '';
  return a1 < b1 ? -1 : a1 > b1 ? 1 : 0;
}
