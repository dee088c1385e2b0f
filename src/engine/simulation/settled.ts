import type { ObjectStore } from '../cluster/store';
import type { AppTracker } from './appTracker';

/**
 * Whether the cluster has come to rest after an operation: the app's health is no longer Progressing, no pod is
 * starting or terminating, and nothing is waiting for deletion. A crash-looping Deployment is not at rest until
 * its progress deadline turns it Degraded (argocd-semantics.md §3.1).
 */
export function isSettled(store: ObjectStore, tracker: AppTracker): boolean {
  if (tracker.health.status === 'Progressing') return false;
  for (const obj of store.scan({ kind: 'Pod' })) {
    if (obj.metadata.deletionTimestamp) return false;
    const phase = obj.status?.phase;
    if (phase === 'Pending' || phase === undefined) return false;
  }
  for (const obj of store.scan()) if (obj.metadata.deletionTimestamp) return false;
  return true;
}
