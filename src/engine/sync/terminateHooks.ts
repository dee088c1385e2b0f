import { deleteTaskObject, removeHookFinalizer } from './hookOps';
import { msgHookTerminated } from './messages';
import { hookOutcome } from './refresh';
import type { SyncRun } from './syncRun';
import { apiRef, deleteOnPhaseFailed, isHookTask, isRunning, type SyncTask } from './syncTask';

/**
 * Stop the running hooks among `tasks` (argocd-semantics.md §2.16 step 2, engine `terminateHooksPreemptively`):
 * read each hook's latest health, remove its finalizer, delete it if it still runs, if its health could not be
 * read, or if it has `HookFailed`; then record its real outcome if it completed, else `Failed` `Terminated`
 * (an `Error` is kept). Returns false when something went wrong on the way.
 */
export function terminateHooksPreemptively(run: SyncRun, tasks: readonly SyncTask[]): boolean {
  let ok = true;
  for (const task of tasks) {
    if (!isHookTask(task) || !isRunning(task)) continue;
    // A hook applied in this very tick has no live object in the task yet.
    task.live ??= run.ports.getLive(apiRef(task));
    if (!task.live) {
      run.results.record(task, task.status, 'Succeeded', msgHookTerminated);
      continue;
    }
    const outcome = hookOutcome(run, task.live);
    if (outcome.error !== undefined)
      run.results.record(task, task.status, 'Error', `Failed to get hook health: ${outcome.error}`);
    const finalizerError = removeHookFinalizer(run, task);
    if (finalizerError !== undefined) {
      run.results.record(task, task.status, 'Error', `Failed to remove hook finalizer: ${finalizerError}`);
      ok = false;
      continue;
    }
    if (outcome.error !== undefined || outcome.phase === 'Running' || deleteOnPhaseFailed(task)) {
      const result = deleteTaskObject(run, task, 'terminate');
      if (!result.ok && !result.notFound) {
        run.results.record(task, task.status, 'Failed', `Failed to delete: ${result.message ?? ''}`);
        ok = false;
        continue;
      }
    }
    if (outcome.phase === 'Succeeded' || outcome.phase === 'Failed')
      run.results.record(task, task.status, outcome.phase, outcome.message);
    else if (task.hookPhase !== 'Error') run.results.record(task, task.status, 'Failed', msgHookTerminated);
  }
  return ok;
}
