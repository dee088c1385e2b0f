import type { ObjectRef } from '../types';

/**
 * Argo CD's operation and result messages, word for word (argocd-semantics.md §2.8–§2.16). The page, the CLI
 * and the tests compare these strings with Argo CD's, so they live in one place.
 */
export const msgNotValid = 'one or more synchronization tasks are not valid';
export const msgDryRunFailed = 'one or more objects failed to apply (dry run)';
export const msgNamespaceFailed = 'the namespace failed to apply';
export const msgCompletedUnsuccessfully = 'one or more synchronization tasks completed unsuccessfully';
export const msgFailedToApply = 'one or more objects failed to apply';
export const msgSyncFailHooksFailed = 'one or more SyncFail hooks failed';
export const msgTasksRunning = 'one or more tasks are running';
export const msgNoMoreTasks = 'successfully synced (no more tasks)';
export const msgAllTasksRun = 'successfully synced (all tasks run)';
export const msgTerminated = 'Operation terminated';
export const msgTerminationErrors = 'Operation termination had errors';
export const msgTimeoutSuffix = ', triggered by controller sync timeout';

/** Per-result messages of prunes (§2.9 step 2) and of terminated hooks (§2.16). */
export const msgRequiresPruning = 'ignored (requires pruning)';
export const msgNoPrune = 'ignored (no prune)';
export const msgPrunedDryRun = 'pruned (dry run)';
export const msgPruned = 'pruned';
export const msgHookTerminated = 'Terminated';

/** An object as the waiting messages show it: `<group>/<kind>/<name>`, plus whether it is a hook. */
export interface MessageItem {
  group: string;
  kind: string;
  name: string;
  hook: boolean;
}

function objectName(item: MessageItem): string {
  return `${item.group}/${item.kind}/${item.name}`;
}

/**
 * The Running message while tasks are awaited (§2.10, engine `setRunningPhase`; §4.5 case 52). The first hook
 * is named if there is one, else the first resource; the rest are counted as `resources`, or as `hooks` when
 * the list has no plain resource.
 *
 * @example waitingMessage([pod1, pod2, pod3], false) // 'waiting for healthy state of /Pod/pod-1 and 2 more resources'
 */
export function waitingMessage(items: readonly MessageItem[], deletion: boolean): string {
  if (items.length === 0) return '';
  const hooks = items.filter((item) => item.hook);
  const hasResources = hooks.length < items.length;
  let reason = hooks.length > 0 ? 'completion of hook' : 'healthy state of';
  if (deletion) reason = hooks.length > 0 ? 'deletion of hook' : 'deletion of';
  const first = hooks[0] ?? items[0];
  const more = items.length - 1;
  const suffix = more > 0 ? ` and ${more} more ${hasResources ? 'resources' : 'hooks'}` : '';
  return `waiting for ${reason} ${objectName(first)}${suffix}`;
}

/** The Running message while prunes wait for `Prune=confirm` approval (§2.10, §4.4 case 36). */
export function pruneConfirmationMessage(items: readonly MessageItem[]): string {
  if (items.length === 0) return '';
  const more = items.length - 1;
  const suffix = more > 0 ? ` and ${more} more resources` : '';
  return `waiting for pruning confirmation of ${objectName(items[0])}${suffix}`;
}

/** Distinct messages, sorted: Go collects them through a map, so its order is not defined (§2.13 step 1). */
function distinctSorted(messages: readonly string[]): string[] {
  return [...new Set(messages)].sort();
}

/** `<base>, reason: <m1>,<m2>` (§2.13 step 1), or the base alone when there is no reason. */
export function failureMessage(base: string, reasons: readonly string[]): string {
  const distinct = distinctSorted(reasons);
  return distinct.length > 0 ? `${base}, reason: ${distinct.join(',')}` : base;
}

/** The invalid-tick message of §2.6: the base, then `: ` and the distinct reasons joined with `; `. */
export function invalidTasksMessage(reasons: readonly string[]): string {
  const distinct = distinctSorted(reasons);
  return distinct.length > 0 ? `${msgNotValid}: ${distinct.join('; ')}` : msgNotValid;
}

/** A waited-on object that disappeared (§2.8 step 4). */
export function missingResourceMessage(ref: Pick<ObjectRef, 'group' | 'kind' | 'name'>): string {
  return `Resource ${ref.group}/${ref.kind}/${ref.name} is missing, it might have been deleted`;
}
