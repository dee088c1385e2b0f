import type { KubeObject } from '../types';
import { groupOf } from '../cluster/gvk';
import { msgDryRunFailed, msgNamespaceFailed } from './messages';
import { apiObject, runTasks } from './runTasks';
import { executeSyncFailPhase } from './syncFailPhase';
import { setPhase, type SyncRun } from './syncRun';
import { isHookTask, type SyncTask } from './syncTask';

/**
 * The first tick of an operation (argocd-semantics.md §2.7; "first" = no result recorded yet): create the
 * destination namespace for real if a task does that and it does not exist, then dry-run every other task.
 * Returns false when the operation ended here (nothing else is applied; SyncFail hooks do not run on a dry-run
 * failure).
 */
export function firstTick(
  run: SyncRun,
  tasks: readonly SyncTask[],
  diff: ((target: KubeObject, live: KubeObject) => boolean | undefined) | undefined,
): boolean {
  let dryRunTasks = tasks;
  const nsTask = tasks.find((t) => !t.live && t.target && isNamespaceNamed(t.target, run.options.namespace));
  if (nsTask) {
    if (runTasks(run, [nsTask], false) === 'failed') {
      executeSyncFailPhase(run, [], [nsTask], msgNamespaceFailed);
      return false;
    }
    dryRunTasks = tasks.filter((t) => t !== nsTask);
  }
  if (run.settings.applyOutOfSyncOnly) dryRunTasks = filterOutOfSync(dryRunTasks, diff);
  if (runTasks(run, dryRunTasks, true) === 'failed') {
    setPhase(run, 'Failed', msgDryRunFailed);
    return false;
  }
  return true;
}

function isNamespaceNamed(obj: KubeObject, name: string): boolean {
  return obj.kind === 'Namespace' && groupOf(obj.apiVersion ?? '') === '' && obj.metadata.name === name;
}

/**
 * ApplyOutOfSyncOnly (§2.8 step 10): drop resource tasks (not hooks) that exist on both sides and whose diff is
 * known to be unmodified. Without diff information a task is kept.
 */
export function filterOutOfSync(
  tasks: readonly SyncTask[],
  diff: ((target: KubeObject, live: KubeObject) => boolean | undefined) | undefined,
): SyncTask[] {
  return tasks.filter((t) => {
    if (isHookTask(t) || !t.target || !t.live) return true;
    return diff?.(apiObject(t.target), t.live) !== false;
  });
}
