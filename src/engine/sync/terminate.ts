import { removeHookFinalizer } from './hookOps';
import { msgTerminated, msgTerminationErrors, msgTimeoutSuffix } from './messages';
import type { SyncTickInput, TickOutcome } from './syncInput';
import { createRun, outcomeOf, setPhase } from './syncRun';
import { isCompleted, isHookTask } from './syncTask';
import { buildTasks } from './tasks';
import { terminateHooksPreemptively } from './terminateHooks';

export interface TerminateInput extends Omit<SyncTickInput, 'diff'> {
  /** The controller's sync timeout ended the operation, not the user. */
  byTimeout?: boolean;
}

/**
 * The tick after an operation was set to `Terminating` (argocd-semantics.md §2.16, engine `Terminate`):
 * completed hooks lose their finalizer, running hooks are stopped, and the operation ends `Failed`
 * `Operation terminated` (`Error` when something went wrong). Applied resources stay; SyncFail hooks do not run.
 */
export function terminateTick(input: TerminateInput): TickOutcome {
  const run = createRun(input);
  const built = buildTasks(input, run.results);
  for (const task of built.tasks.filter((t) => isHookTask(t) && isCompleted(t))) {
    const error = removeHookFinalizer(run, task);
    if (error !== undefined)
      run.results.record(task, task.status, 'Error', `Failed to remove hook finalizer: ${error}`);
  }
  const ok = terminateHooksPreemptively(run, built.tasks.filter(isHookTask));
  const suffix = input.byTimeout ? msgTimeoutSuffix : '';
  if (ok) setPhase(run, 'Failed', msgTerminated + suffix);
  else setPhase(run, 'Error', msgTerminationErrors + suffix);
  return outcomeOf(run, built);
}
