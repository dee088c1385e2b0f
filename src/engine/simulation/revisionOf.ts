import type { KubeObject } from '../types';
import { hashText } from '../util/hashText';

/**
 * A stable, Git-like 40-hex-digit revision for a set of manifests, so generateName hooks get names like
 * `migrate-3f1c2ab-presync-1767225600` (argocd-semantics.md §2.14) and the same manifests always give the same one.
 *
 * Five rounds of FNV-1a over the manifests' JSON, each round going on from the last one's hash, with its own
 * multiplier; each round's hash gives 8 hex digits.
 */
export function revisionOf(objects: readonly KubeObject[]): string {
  return hashText(JSON.stringify(objects));
}
