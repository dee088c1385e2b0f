import {
  syncOptionDisableServerSideApply,
  syncOptionForce,
  syncOptionReplace,
  syncOptionServerSideApply,
  syncOptionValidateFalse,
} from '../annotations';
import { groupOf, isNamespaced } from '../cluster/gvk';
import type { KubeObject, ResultCode, TaskPhase } from '../types';
import { clone } from '../util/clone';
import { deleteTaskObject, eventFields, removeHookFinalizer } from './hookOps';
import { msgNoPrune, msgPruned, msgPrunedDryRun, msgRequiresPruning } from './messages';
import type { ApplyOptions, ApplyVerb } from './ports';
import type { SyncRun } from './syncRun';
import { hasSyncOption, pruneSettingOf } from './syncOptions';
import { deleteBeforeCreation, isHookTask, isPending, isPruneTask, type SyncTask } from './syncTask';

/** The outcome of running tasks: once failed it stays failed; pending can only turn into failed. */
export type RunState = 'successful' | 'pending' | 'failed';

function merge(state: RunState, next: RunState): RunState {
  if (state === 'failed' || next === 'successful') return state;
  if (state === 'pending') return next === 'failed' ? 'failed' : state;
  return next;
}

/** The hook phase right after an action (engine `operationPhases`, argocd-semantics.md §1.5). */
const phaseAfter: Record<ResultCode, TaskPhase> = {
  Synced: 'Running',
  SyncFailed: 'Failed',
  Pruned: 'Succeeded',
  PruneSkipped: 'Succeeded',
};

/** A prune that must wait for the Application's deletion approval (§2.9 step 2). */
export function needsPruneConfirmation(run: SyncRun, task: SyncTask): boolean {
  return isPruneTask(task) && pruneSettingOf(task.live, run.settings.pruneDefault) === 'confirm';
}

/** The object as the API server would store it: cluster-scoped kinds have no namespace. */
export function apiObject(target: KubeObject): KubeObject {
  if (isNamespaced(target.kind) || target.metadata.namespace === undefined) return target;
  const copy = clone(target);
  delete copy.metadata.namespace;
  return copy;
}

/**
 * Run one step's tasks, or the dry run of all of them (argocd-semantics.md §2.9, engine `runTasks`):
 * 1. remove the hook finalizer from hooks left by an earlier sync; 2. prunes first (or wait for confirmation);
 * 3. delete `BeforeHookCreation` hooks that still exist and come back later; 4. apply the rest in sorted order.
 * Argo CD applies runs of consecutive tasks of one kind concurrently; here they run one after another, so the
 * order of their results is the sorted order.
 */
export function runTasks(run: SyncRun, tasks: readonly SyncTask[], dryRunPass: boolean): RunState {
  const dryRun = dryRunPass || run.options.dryRun;
  const record = !dryRun || run.options.dryRun;
  let state: RunState = 'successful';
  const prunes = tasks.filter(isPruneTask);
  const creates = tasks.filter((t) => !isPruneTask(t));

  for (const task of tasks.filter((t) => isHookTask(t) && isPending(t) && t.live && !dryRun)) {
    const error = removeHookFinalizer(run, task);
    if (error === undefined) continue;
    state = 'failed';
    run.results.record(task, task.status, 'Error', `failed to remove hook finalizer: ${error}`);
  }
  if (state !== 'successful') return state;

  if (!run.options.pruneConfirmed && prunes.some((t) => needsPruneConfirmation(run, t))) return 'pending';
  for (const task of prunes) {
    const [code, message] = pruneObject(run, task, dryRun);
    if (code === 'SyncFailed') state = 'failed';
    if (record || code === 'SyncFailed') run.results.record(task, code, phaseAfter[code], message);
  }
  if (state !== 'successful') return state;

  for (const task of creates.filter(deleteBeforeCreation)) {
    if (dryRun) continue;
    const result = deleteTaskObject(run, task, 'BeforeHookCreation');
    if (result.ok) state = merge(state, 'pending');
    else if (result.notFound) task.live = undefined;
    else {
      state = merge(state, 'failed');
      run.results.record(task, task.status, 'Error', `failed to delete resource: ${result.message ?? ''}`);
    }
  }
  if (state !== 'successful') return state;

  for (const task of creates) {
    if (dryRun && task.skipDryRun) continue;
    const [code, message] = applyTask(run, task, dryRun);
    if (code === 'SyncFailed') state = merge(state, 'failed');
    if (record || code === 'SyncFailed') {
      let phase = phaseAfter[code];
      // Nothing is created in an operation-level dry run, so a successful apply is the end of the task.
      if (run.options.dryRun && phase === 'Running') phase = 'Succeeded';
      run.results.record(task, code, phase, message);
    }
  }
  return state;
}

/** Prune one object (engine `pruneObject`); an object already terminating is not deleted again. */
function pruneObject(run: SyncRun, task: SyncTask, dryRun: boolean): [ResultCode, string] {
  const live = task.live as KubeObject;
  if (!run.options.prune) return ['PruneSkipped', msgRequiresPruning];
  if (pruneSettingOf(live, run.settings.pruneDefault) === 'false') return ['PruneSkipped', msgNoPrune];
  if (dryRun) return ['Pruned', msgPrunedDryRun];
  if (!live.metadata.deletionTimestamp) {
    const result = deleteTaskObject(run, task, 'prune');
    if (!result.ok && !result.notFound) return ['SyncFailed', result.message ?? ''];
  }
  return ['Pruned', msgPruned];
}

/** The kubectl command and flags for a task (engine `applyObject`; §4.4 cases 37–40). */
export function applyOptions(run: SyncRun, task: SyncTask, dryRun: boolean): ApplyOptions {
  const target = task.target as KubeObject;
  const { settings } = run;
  const replace =
    settings.replace ||
    hasSyncOption(target, syncOptionReplace) ||
    hasSyncOption(task.live, syncOptionReplace);
  const force =
    (run.options.force ?? false) ||
    hasSyncOption(target, syncOptionForce) ||
    hasSyncOption(task.live, syncOptionForce);
  // Dry runs never use server-side apply: it breaks namespace auto-creation (argo-cd issue 13874).
  const serverSideApply =
    !run.options.dryRun &&
    !dryRun &&
    !hasSyncOption(target, syncOptionDisableServerSideApply) &&
    (settings.serverSideApply || hasSyncOption(target, syncOptionServerSideApply));
  let verb: ApplyVerb = 'apply';
  if (replace && !task.live) verb = 'create';
  // `kubectl replace` would recreate a CRD (losing its instances) or a Namespace (losing its contents).
  else if (replace) verb = isCrd(target) || target.kind === 'Namespace' ? 'update' : 'replace';
  return {
    dryRun,
    verb,
    replace,
    serverSideApply: verb === 'apply' && serverSideApply,
    force: (verb === 'apply' || verb === 'replace') && force,
    validate: settings.validate && !hasSyncOption(target, syncOptionValidateFalse),
  };
}

function isCrd(obj: KubeObject): boolean {
  return obj.kind === 'CustomResourceDefinition' && groupOf(obj.apiVersion ?? '') === 'apiextensions.k8s.io';
}

function applyTask(run: SyncRun, task: SyncTask, dryRun: boolean): [ResultCode, string] {
  const target = task.target as KubeObject;
  const opts = applyOptions(run, task, dryRun);
  const result = run.ports.apply(apiObject(target), opts);
  let message = result.message;
  if (opts.verb === 'update')
    message = result.ok
      ? `${target.kind}/${target.metadata.name ?? ''} updated`
      : `error when updating: ${message}`;
  if (!dryRun) {
    const fields = eventFields(task);
    run.events.push({
      type: 'apply',
      group: fields.group,
      kind: fields.kind,
      namespace: fields.namespace,
      name: fields.name,
      phase: fields.phase,
      wave: fields.wave,
      hook: fields.hook,
      result: result.ok ? (result.action === 'created' ? 'created' : 'configured') : 'failed',
      message,
    });
  }
  return result.ok ? ['Synced', message] : ['SyncFailed', message];
}
