import { deleteHooks, removeHookFinalizer } from './hookOps';
import {
  invalidTasksMessage,
  missingResourceMessage,
  msgAllTasksRun,
  msgCompletedUnsuccessfully,
  msgFailedToApply,
  msgNoMoreTasks,
  msgTasksRunning,
  pruneConfirmationMessage,
} from './messages';
import { refreshRunningTasks } from './refresh';
import { needsPruneConfirmation, runTasks } from './runTasks';
import { executeSyncFailPhase } from './syncFailPhase';
import type { SyncTickInput, TickOutcome } from './syncInput';
import { createRun, messageItem, outcomeOf, setPhase, setRunningPhase, type SyncRun } from './syncRun';
import {
  apiRef,
  deleteBeforeCreation,
  deleteOnPhaseFailed,
  deleteOnPhaseSuccessful,
  isCompleted,
  isHookTask,
  isPending,
  isPruneTask,
  isRunning,
  isSuccessful,
  taskRef,
  taskWave,
  type SyncTask,
} from './syncTask';
import { buildTasks } from './tasks';
import { filterOutOfSync, firstTick } from './firstTick';

/**
 * One tick of a sync operation: gitops-engine's `Sync()`, step by step as argocd-semantics.md §2.8 lists it.
 * Call it again on every controller tick until the phase is no longer `Running`. Nothing is remembered between
 * calls except `input.results`: the current step is re-derived every time from desired, live and results.
 *
 * @example
 * let results: SyncResultRow[] = [];
 * for (;;) {
 *   const outcome = syncTick({ desired, live: cluster.appObjects(), results, options, ports });
 *   results = outcome.results;
 *   if (outcome.phase !== 'Running') break;
 *   // advance the virtual clock: wave delay after non-final steps, then the next controller tick
 * }
 */
export function syncTick(input: SyncTickInput): TickOutcome {
  const run = createRun(input);
  const built = buildTasks(input, run.results);
  const done = () => outcomeOf(run, built);
  const all = built.tasks;

  // Step 1: an invalid task list fails the operation on any tick (§2.6).
  if (!built.valid) {
    setPhase(run, 'Failed', invalidTasksMessage(built.invalidReasons));
    return done();
  }
  // Step 2: the first tick creates the destination namespace and dry-runs everything (§2.7).
  if (run.results.size === 0 && !firstTick(run, all, input.diff)) return done();

  // Step 3: running tasks learn their fate from health.
  refreshRunningTasks(run, all);

  // Step 4: wait for running hooks, and for every running task when the sync has more than one step.
  const multiStep = isMultiStep(all);
  const blocking = all.filter((t) => (multiStep || isHookTask(t)) && isRunning(t));
  if (blocking.length > 0) {
    markMissing(run, blocking);
    setRunningPhase(run, blocking, false);
    return done();
  }

  // Step 5: wait for pruned objects that are still terminating.
  const terminating = all.filter((t) => t.status === 'Pruned' && t.live?.metadata.deletionTimestamp);
  if (terminating.length > 0) {
    setRunningPhase(run, terminating, true);
    return done();
  }

  // Step 6: completed hooks lose their finalizer. Each task's turn changes only that task, so the list is walked
  // as it is rather than filtered first. The walks of every task on every tick are indexed: a for…of loop makes
  // an iterator result per task until V8 compiles its function, and syncTick runs too few times to be compiled
  // soon (28 ticks of a 1,000-resource sync; 1.3 MB of a cold run's garbage).
  for (let i = 0; i < all.length; i++) {
    const task = all[i];
    if (!isHookTask(task) || !isCompleted(task)) continue;
    const error = removeHookFinalizer(run, task);
    if (error !== undefined)
      run.results.record(task, task.status, 'Error', `Failed to remove hook finalizer: ${error}`);
  }

  // Steps 7–10 read the tasks as step 6 left them, in one walk of the list (they were six filters of it, each
  // asking again whether a task is a hook, on every tick of a sync of thousands of tasks):
  // step 7, hooks to delete once the whole operation is decided, from every phase (§2.14); step 8, SyncFail hooks,
  // which only run when the operation fails, apart from the rest and its failures; step 9, whether anything
  // completed unsuccessfully; step 10, what is left to do.
  const deleteOnSuccess: SyncTask[] = [];
  const deleteOnFailure: SyncTask[] = [];
  const syncFailTasks: SyncTask[] = [];
  const failedTasks: SyncTask[] = [];
  let pending: SyncTask[] = [];
  let completedUnsuccessfully = false;
  for (let i = 0; i < all.length; i++) {
    const t = all[i];
    if (t.live !== undefined && !isRunning(t) && isHookTask(t)) {
      if (deleteOnPhaseSuccessful(t)) deleteOnSuccess.push(t);
      if (deleteOnPhaseFailed(t)) deleteOnFailure.push(t);
    }
    if (t.phase === 'SyncFail') {
      syncFailTasks.push(t);
      continue;
    }
    if (t.status === 'SyncFailed') failedTasks.push(t);
    if (isCompleted(t) && !isSuccessful(t)) completedUnsuccessfully = true;
    if (isPending(t)) pending.push(t);
  }

  // Step 9: anything completed unsuccessfully fails the operation.
  if (completedUnsuccessfully) {
    deleteHooks(run, deleteOnFailure, 'HookFailed');
    executeSyncFailPhase(run, syncFailTasks, failedTasks, msgCompletedUnsuccessfully);
    return done();
  }

  // Steps 10–11: what is left to do; nothing means success.
  if (run.settings.applyOutOfSyncOnly) pending = filterOutOfSync(pending, input.diff);
  if (pending.length === 0) {
    deleteHooks(run, deleteOnSuccess, 'HookSucceeded');
    setPhase(run, 'Succeeded', msgNoMoreTasks);
    return done();
  }

  // Step 12: the step is the (phase, wave) of the first pending task.
  const first = pending[0];
  const last = pending[pending.length - 1];
  const phase = first.phase;
  const wave = taskWave(first);
  const finalWave = phase === last.phase && wave === taskWave(last);
  const step = pending.filter((t) => t.phase === phase && taskWave(t) === wave);
  // The step is drawn from the pending tasks, each listed once, so what remains is counted rather than listed: a
  // search of the step for every pending task cost pending × step comparisons a tick (200 × 4,000 in a big app).
  const remaining = pending.length - step.length;

  // Step 13: run it.
  setPhase(run, 'Running', msgTasksRunning);
  run.events.push({ type: 'step', phase, wave });
  const state = runTasks(run, step, false);

  // Step 14: Argo CD calls its wave hook here (it sleeps ARGOCD_SYNC_WAVE_DELAY in it, §2.11); the sandbox records
  // the step, and its caller waits the wave delay on the virtual clock.
  if (state !== 'failed') run.steps.push({ phase, wave, finalWave });

  // Step 15: the outcome of the step.
  if (state === 'failed') {
    const stepFailures = step.filter((t) => t.status === 'SyncFailed');
    const stillRunning = step.filter(isRunning);
    if (stillRunning.length > 0) {
      // The failure is final once the running tasks are done (step 9 of a later tick).
      const waitFor = [...stillRunning];
      if (
        syncFailTasks.length > 0 &&
        !executeSyncFailPhase(run, syncFailTasks, stepFailures, msgFailedToApply)
      )
        waitFor.push(...syncFailTasks);
      setRunningPhase(run, waitFor, false);
    } else if (executeSyncFailPhase(run, syncFailTasks, stepFailures, msgFailedToApply)) {
      deleteHooks(run, deleteOnFailure, 'HookFailed');
    }
  } else if (state === 'successful') {
    if (remaining === 0 && !step.some(isHookTask)) {
      // The last step without hooks succeeds at once, even if what it applied later degrades (§6 item 1).
      deleteHooks(run, deleteOnSuccess, 'HookSucceeded');
      setPhase(run, 'Succeeded', msgAllTasksRun);
    } else setRunningPhase(run, step, false);
  } else {
    waitForPendingStep(run, step);
  }
  return done();
}

/** The first and the last task of the whole sorted list differ in phase or wave (§2.8 step 4). */
export function isMultiStep(tasks: readonly SyncTask[]): boolean {
  if (tasks.length === 0) return false;
  const first = tasks[0];
  const last = tasks[tasks.length - 1];
  return first.phase !== last.phase || taskWave(first) !== taskWave(last);
}

/** A blocking task whose object is gone from the API fails instead of being awaited forever (§2.8 step 4). */
function markMissing(run: SyncRun, blocking: readonly SyncTask[]): void {
  for (const task of blocking) {
    if (task.live || run.ports.getLive(apiRef(task))) continue;
    if (run.results.has(task))
      run.results.record(task, 'SyncFailed', 'Error', missingResourceMessage(taskRef(task)));
  }
}

/** A step that is pending on hook deletions or on prune confirmation (§2.8 step 15, §2.10). */
function waitForPendingStep(run: SyncRun, step: readonly SyncTask[]): void {
  const waiting = step.filter((t) => deleteBeforeCreation(t) || (isPruneTask(t) && isPending(t)));
  const unconfirmed = run.options.pruneConfirmed ? [] : waiting.filter((t) => needsPruneConfirmation(run, t));
  if (unconfirmed.length > 0)
    setPhase(run, 'Running', pruneConfirmationMessage(unconfirmed.map(messageItem)));
  else setRunningPhase(run, waiting, true);
}
