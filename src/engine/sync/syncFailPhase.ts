import { failureMessage, msgSyncFailHooksFailed } from './messages';
import { runTasks } from './runTasks';
import { setPhase, setRunningPhase, type SyncRun } from './syncRun';
import { isCompleted, isRunning, type SyncTask } from './syncTask';

/**
 * Fail the operation, running the SyncFail hooks first if there are any (argocd-semantics.md §2.13, engine
 * `executeSyncFailPhase`). `failedTasks` are the non-SyncFail tasks whose result is SyncFailed: their messages
 * become the `reason`. Returns true when the operation is now `Failed`, false when SyncFail hooks were started
 * and the failure is completed on a later tick.
 */
export function executeSyncFailPhase(
  run: SyncRun,
  syncFailTasks: readonly SyncTask[],
  failedTasks: readonly SyncTask[],
  base: string,
): boolean {
  let message = failureMessage(
    base,
    failedTasks.map((t) => t.message),
  );
  if (syncFailTasks.length === 0) {
    setPhase(run, 'Failed', message);
    return true;
  }
  if (syncFailTasks.every(isCompleted)) {
    const hooksThatFailedToApply = syncFailTasks.filter((t) => t.status === 'SyncFailed');
    if (hooksThatFailedToApply.length > 0)
      message += `\n${failureMessage(
        msgSyncFailHooksFailed,
        hooksThatFailedToApply.map((t) => t.message),
      )}`;
    setPhase(run, 'Failed', message);
    return true;
  }
  // All not-yet-started SyncFail hooks run in one batch: their waves are ignored.
  const pending = syncFailTasks.filter((t) => !isCompleted(t) && !isRunning(t));
  runTasks(run, pending, false);
  setRunningPhase(run, pending, false);
  return false;
}
