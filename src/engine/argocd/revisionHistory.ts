import type { KubeObject } from '../types';
import type { RevisionHistory } from './applicationTypes';

/** Argo CD's `RevisionHistoryLimit`: how many entries `status.history` keeps when the spec says nothing. */
export const DEFAULT_REVISION_HISTORY_LIMIT = 10;

/**
 * `status.history` after one more successful sync: the entry appended, then the oldest dropped beyond the
 * Application's `spec.revisionHistoryLimit` (controller/state.go `persistRevisionHistory`:
 * `History.Trunc(app.Spec.GetRevisionHistoryLimit())`). `Trunc` keeps the last `n` entries, none for `n ≤ 0`; a
 * limit that is not a number is read as unset, as the other numeric fields of the spec are (retryStrategy.ts).
 *
 * @example
 * withHistoryEntry([{ id: 0 }], { id: 1 }, { spec: { revisionHistoryLimit: 1 } } as KubeObject); // [{ id: 1 }]
 */
export function withHistoryEntry(
  history: readonly RevisionHistory[],
  entry: RevisionHistory,
  app: KubeObject | undefined,
): RevisionHistory[] {
  const limit = app?.spec?.revisionHistoryLimit;
  const keep = typeof limit === 'number' ? Math.max(0, Math.trunc(limit)) : DEFAULT_REVISION_HISTORY_LIMIT;
  const all = [...history, entry];
  return all.slice(Math.max(0, all.length - keep));
}
