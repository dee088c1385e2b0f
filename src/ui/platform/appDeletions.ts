import type { SimEvent } from '../../engine';

/** Where an Application's deletion stands at a moment (argocd-semantics.md §5.5). */
export interface AppDeletionAt {
  phase: 'Deleting' | 'Deleted';
  /** When it was marked for deletion, and when it left the cluster (once it has). */
  since: number;
  deletedAt?: number;
  /** The DeletionError condition's message, if the deletion has failed a step (a PreDelete hook). */
  error: string;
}

/**
 * Each Application's deletion as of `t`, read from the run's `app-deletion` events: an app that is not in the map
 * is not being deleted. The page ends a deleted app's lanes where it left and explains a deletion that waits.
 */
export function appDeletionsAt(events: readonly SimEvent[], t: number): Map<string, AppDeletionAt> {
  const out = new Map<string, AppDeletionAt>();
  for (const e of events) {
    if (e.t > t) break;
    if (e.type !== 'app-deletion') continue;
    const known = out.get(e.app);
    if (e.phase === 'Deleted') {
      out.set(e.app, { phase: 'Deleted', since: known?.since ?? e.t, deletedAt: e.t, error: '' });
      continue;
    }
    out.set(e.app, {
      phase: 'Deleting',
      since: known?.since ?? e.t,
      error: e.message || (known?.error ?? ''),
    });
  }
  return out;
}
