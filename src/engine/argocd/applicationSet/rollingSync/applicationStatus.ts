/**
 * One entry of an ApplicationSet's `status.applicationStatus` (argocd-semantics.md §5.1 "Per-app status";
 * types `ApplicationSetApplicationStatus`).
 */

export type ProgressiveSyncStatus = 'Waiting' | 'Pending' | 'Progressing' | 'Healthy';

export interface ApplicationStatusEntry {
  application: string;
  status: ProgressiveSyncStatus;
  message: string;
  /** 1-based step as a string, `"-1"` for an app in no step. */
  step: string;
  /**
   * The app's revisions when the entry last changed. Absent means Go's nil slice (what an empty list becomes once
   * the status is written and read back, `omitempty`), which differs from an app's empty list of revisions.
   */
  targetRevisions?: string[];
  lastTransitionTime: string;
}

/** Finds an app's entry (utils `FindApplicationStatusIndex`). */
export function findApplicationStatus(
  entries: readonly ApplicationStatusEntry[] | undefined,
  application: string,
): ApplicationStatusEntry | undefined {
  return entries?.find((entry) => entry.application === application);
}

/**
 * The list `setAppSetApplicationStatus` persists (applicationset_controller.go L1141-L1185): the entries sorted by
 * app name (Go's `<`, byte order), so the array is always in the same order; none at all (nil, the field left
 * out) when there are no entries.
 */
export function persistedApplicationStatus(
  entries: readonly ApplicationStatusEntry[],
): ApplicationStatusEntry[] | undefined {
  if (entries.length === 0) return undefined;
  return [...entries].sort((a, b) =>
    a.application < b.application ? -1 : a.application > b.application ? 1 : 0,
  );
}
