import { hookFinalizer } from '../annotations';
import { refOf } from '../cluster/gvk';
import type { SyncRun } from './syncRun';
import { apiRef, hasFinalizer, isHookTask, taskWave, type SyncTask } from './syncTask';

/**
 * Remove the hook finalizer from a task's live object (engine `removeHookFinalizer`). Returns the error text, or
 * undefined when it worked, when there was nothing to remove, or when the object is already gone.
 */
export function removeHookFinalizer(run: SyncRun, task: SyncTask): string | undefined {
  const live = task.live;
  if (!live || !hasFinalizer(live, hookFinalizer)) return undefined;
  const result = run.ports.removeFinalizer(refOf(live), hookFinalizer);
  if (!result.ok && !result.notFound) return result.message ?? 'update failed';
  task.live = {
    ...live,
    metadata: { ...live.metadata, finalizers: live.metadata.finalizers?.filter((f) => f !== hookFinalizer) },
  };
  return undefined;
}

export type DeleteReason = 'prune' | 'BeforeHookCreation' | 'HookSucceeded' | 'HookFailed' | 'terminate';

/** Delete a task's object and report it; returns the port's answer. */
export function deleteTaskObject(run: SyncRun, task: SyncTask, reason: DeleteReason) {
  const ref = apiRef(task);
  const result = run.ports.delete(ref, { propagationPolicy: run.settings.propagationPolicy });
  if (result.ok) {
    run.events.push({
      type: 'delete',
      group: ref.group,
      kind: ref.kind,
      namespace: ref.namespace,
      name: ref.name,
      reason,
    });
  }
  return result;
}

/**
 * Delete completed hooks whose policy asks for it once the whole operation is decided (engine `deleteHooks`,
 * argocd-semantics.md §2.14): `HookSucceeded` ones when it succeeded, `HookFailed` ones when it failed.
 */
export function deleteHooks(
  run: SyncRun,
  tasks: readonly SyncTask[],
  reason: 'HookSucceeded' | 'HookFailed',
) {
  for (const task of tasks) {
    const result = deleteTaskObject(run, task, reason);
    if (!result.ok && !result.notFound)
      run.results.record(task, task.status, 'Error', `failed to delete resource: ${result.message ?? ''}`);
  }
}

/** For events: the wave and hook flag of a task, alongside its API ref. */
export function eventFields(task: SyncTask) {
  const ref = refOf(task.target ?? (task.live as NonNullable<SyncTask['live']>));
  return { ...ref, phase: task.phase, wave: taskWave(task), hook: isHookTask(task) };
}
