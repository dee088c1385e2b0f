import type { KubeObject } from '../types';

/**
 * A stable, Git-like 40-hex-digit revision for a set of manifests, so generateName hooks get names like
 * `migrate-3f1c2ab-presync-1767225600` (argocd-semantics.md §2.14) and the same manifests always give the same one.
 */
export function revisionOf(objects: readonly KubeObject[]): string {
  const text = JSON.stringify(objects);
  let out = '';
  let h = 0x811c9dc5;
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193 + round * 2);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}
