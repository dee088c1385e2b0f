import { hookFinalizer, syncOptionSkipDryRunOnMissingResource } from '../annotations';
import { groupOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef, SourcePosition } from '../types';
import { clone } from '../util/clone';
import { sortTasks } from './compareTasks';
import { errorText } from './errorText';
import { isHook } from './hookTypes';
import type { SyncPorts } from './ports';
import { reorderPruneWaves } from './pruneWaves';
import { keyOfLive, normalizedTargets, reconcile, type ResourcePair } from './reconcile';
import type { SyncResults } from './results';
import type { InputProblem, SyncOperationOptions } from './syncInput';
import { syncPhasesOf } from './syncPhases';
import { hasSyncOption, operationSettings, type OperationSettings } from './syncOptions';
import { newTask, resultKey, taskObj, taskRef, taskVersion, type SyncTask } from './syncTask';
import { keepBuiltTasks, reuseTasks, type Validate } from './taskCache';
import { findLive, indexLive } from './findLive';
import { waveOf } from './waves';

export interface BuildTasksInput {
  desired: readonly KubeObject[];
  positions?: readonly (SourcePosition | undefined)[];
  live: readonly KubeObject[];
  options: SyncOperationOptions;
  ports: Pick<SyncPorts, 'getLive' | 'discover' | 'checkPermission'>;
  namespaceModifier?: (managed: KubeObject, live: KubeObject | undefined) => boolean;
}

export interface BuiltTasks {
  /** Sorted, with persisted results merged in. */
  tasks: SyncTask[];
  /** False when a task failed validation (§2.6); its result is recorded as SyncFailed. */
  valid: boolean;
  invalidReasons: string[];
  warnings: string[];
  problems: InputProblem[];
}

/** The hook name for `generateName` hooks (argocd-semantics.md §2.14). */
export function generatedHookName(generateName: string, revision: string, phase: string, startedAt: number) {
  const rev = revision.length >= 8 ? revision.slice(0, 7) : revision;
  return `${generateName}${`${rev}-${phase}-${Math.floor(startedAt)}`.toLowerCase()}`;
}

/**
 * Build the task list of one tick (argocd-semantics.md §2.2, engine `getSyncTasks`), recording validation
 * failures and a failed namespace modifier into `results`, as the engine does. The list of the previous tick is
 * reused when nothing it was built from changed (taskCache.ts); it is then the same list, made afresh.
 */
export function buildTasks(input: BuildTasksInput, results: SyncResults): BuiltTasks {
  const { options } = input;
  const settings = operationSettings(options.syncOptions);
  const normalized = normalizedTargets(input.desired, options.namespace, input.positions);
  const validate: Validate = (task, ref, crdTargets) =>
    validationFailure(task, ref, input, settings, crdTargets);
  const reused = reuseTasks(normalized, input, validate, results);
  if (reused) return { ...reused, valid: true, invalidReasons: [] };

  const { pairs, hooks, problems } = reconcile(input.desired, input.live, options.namespace, input.positions);
  const tasks: SyncTask[] = [];

  // §2.2 step 1: resource tasks; a hook (desired or left live) never becomes one, so it is never pruned.
  const pairKeys = new Map<SyncTask, string>();
  for (const pair of pairs) {
    const obj = (pair.target ?? pair.live) as KubeObject;
    if (options.resourceFilter && !options.resourceFilter(pairRef(pair))) continue;
    if (isHook(obj)) continue;
    for (const phase of syncPhasesOf(obj)) {
      const task = newTask(phase, pair.target, pair.live);
      pairKeys.set(task, keyOfLive(obj));
      tasks.push(task);
    }
  }

  // §2.2 step 2: hook tasks, one per phase, named and carrying the hook finalizer.
  if (!options.skipHooks) {
    for (const hook of hooks) {
      for (const phase of syncPhasesOf(hook)) tasks.push(newTask(phase, hookTarget(hook, phase, options)));
    }
  }

  // §2.2 step 3: every target without a namespace gets the destination namespace, cluster-scoped kinds too.
  for (const task of tasks) {
    if (task.target && !task.target.metadata.namespace) {
      task.target = clone(task.target);
      task.target.metadata.namespace = options.namespace;
    }
  }

  // §2.2 step 4 / §2.7: the auto-created namespace task.
  let nsTask: SyncTask | undefined;
  if (settings.createNamespace && options.namespace !== '') {
    nsTask = namespaceTask(input, pairs, results);
    if (nsTask) tasks.push(nsTask);
  }

  // §2.2 step 5: a target without a live object looks one up; this is how a named hook finds last sync's object.
  const liveIndex = indexLive(pairs.flatMap((p) => (p.live ? [p.live] : [])));
  for (const task of tasks) {
    if (task.target && !task.live) task.live = findLive(liveIndex, task.target);
  }

  // §2.2 step 6 / §2.6: validation.
  const invalidReasons: string[] = [];
  const crdTargets = [...hooks, ...pairs.flatMap((p) => (p.target ? [p.target] : []))];
  for (const task of tasks) {
    const failure = validate(task, taskRef(task), crdTargets);
    if (failure !== undefined) {
      results.record(task, 'SyncFailed', '', failure);
      invalidReasons.push(failure);
    }
  }

  // §2.2 steps 7–9: prune ordering, sort, then merge the persisted results.
  reorderPruneWaves(tasks, settings.pruneLast);
  sortTasks(tasks);
  const warnings = [...new Set(tasks.flatMap((t) => waveOf(taskObj(t)).warning ?? []))];
  // A custom namespace modifier may answer differently each tick (and may fail), and a selective sync's filter is
  // a new function each time, so only other lists are kept; so are only lists that validated, since a failure is
  // recorded as it is found.
  if (invalidReasons.length === 0 && !input.namespaceModifier && !options.resourceFilter) {
    keepBuiltTasks(normalized, {
      options,
      live: input.live,
      pairs,
      tasks,
      pairKeys,
      namespaceRef:
        settings.createNamespace && options.namespace !== '' && !declaresNamespace(pairs, options.namespace)
          ? namespaceRef(options.namespace)
          : undefined,
      hasNamespaceTask: nsTask !== undefined,
      crdTargets,
      warnings,
      problems,
    });
  }
  for (const task of tasks) {
    const row = results.get(resultKey(task));
    if (row) {
      task.status = row.status;
      task.hookPhase = row.hookPhase;
      task.message = row.message;
    }
  }
  return { tasks, valid: invalidReasons.length === 0, invalidReasons, warnings, problems };
}

/**
 * Validation of one task (§2.2 step 6, §2.6): an unknown kind fails unless its dry run may be skipped (then the
 * task is marked), and the project may refuse the object. Returns the failure's message.
 */
function validationFailure(
  task: SyncTask,
  ref: { group: string; kind: string },
  input: BuildTasksInput,
  settings: OperationSettings,
  crdTargets: readonly KubeObject[],
): string | undefined {
  // The engine's own result carries discovery's raw error; the controller words it for the user per resource
  // (argocd/augmentSyncMessage.ts, util/argo/argo.go AugmentSyncMsg), and the operation message keeps it raw.
  const notFound = input.ports.discover?.(ref.group, taskVersion(task), ref.kind);
  if (notFound !== undefined) {
    const skip =
      settings.skipDryRunOnMissingResource ||
      hasSyncOption(task.target, syncOptionSkipDryRunOnMissingResource) ||
      crdTargets.some((obj) => definesKind(obj, ref.group, ref.kind));
    if (skip) task.skipDryRun = true;
    else return notFound;
  } else if (input.ports.checkPermission) {
    return input.ports.checkPermission(taskObj(task));
  }
  return undefined;
}

/**
 * A hook's target for one phase: a copy named (for `generateName` hooks) and carrying the hook finalizer. The
 * reconciled hooks are the same objects from tick to tick (reconcile.ts keeps them per desired list), so the
 * copy is kept per hook, phase, revision and start instead of cloning every hook on every tick. Targets are
 * read-only: the store copies what it is given.
 */
function hookTarget(hook: KubeObject, phase: string, options: SyncOperationOptions): KubeObject {
  const key = `${phase}|${options.revision}|${options.startedAt}`;
  let perHook = hookTargets.get(hook);
  if (!perHook) hookTargets.set(hook, (perHook = new Map()));
  let target = perHook.get(key);
  if (target) return target;
  target = clone(hook);
  if (!target.metadata.name) {
    const generateName = target.metadata.generateName ?? '';
    target.metadata.name = generatedHookName(generateName, options.revision, phase, options.startedAt);
  }
  if (!target.metadata.finalizers?.includes(hookFinalizer))
    target.metadata.finalizers = [...(target.metadata.finalizers ?? []), hookFinalizer];
  perHook.set(key, target);
  return target;
}

const hookTargets = new WeakMap<KubeObject, Map<string, KubeObject>>();

/** The ref a selective sync filters on: the live object's key, else the target's. */
function pairRef(pair: ResourcePair): ObjectRef {
  const obj = (pair.live ?? pair.target) as KubeObject;
  return {
    group: groupOf(obj.apiVersion ?? ''),
    kind: obj.kind,
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name ?? '',
  };
}

/** Whether `obj` is a CRD defining `group`/`kind` (engine `isCRDOfGroupKind`). */
function definesKind(obj: KubeObject, group: string, kind: string): boolean {
  return (
    obj.kind === 'CustomResourceDefinition' &&
    groupOf(obj.apiVersion ?? '') === 'apiextensions.k8s.io' &&
    obj.spec?.group === group &&
    obj.spec?.names?.kind === kind
  );
}

/**
 * The PreSync task that creates the destination namespace (§2.7 step 1, engine `autoCreateNamespace`). Only
 * resource targets are checked for a declared Namespace of that name: the engine means to include hooks too
 * but copies them into an empty slice, so they never count.
 */
function namespaceTask(
  input: BuildTasksInput,
  pairs: readonly ResourcePair[],
  results: SyncResults,
): SyncTask | undefined {
  const name = input.options.namespace;
  if (declaresNamespace(pairs, name)) return undefined;
  const managed: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
  const live = input.ports.getLive(namespaceRef(name));
  const modifier =
    input.namespaceModifier ?? ((_m: KubeObject, l: KubeObject | undefined) => l === undefined);
  try {
    return modifier(managed, live) ? newTask('PreSync', managed, live) : undefined;
  } catch (error) {
    const task = newTask('PreSync', managed);
    results.record(task, 'SyncFailed', 'Error', `namespaceModifier error: ${errorText(error)}`);
    return task;
  }
}

function declaresNamespace(pairs: readonly ResourcePair[], name: string): boolean {
  return pairs.some(
    (p) =>
      p.target?.kind === 'Namespace' &&
      groupOf(p.target.apiVersion) === '' &&
      p.target.metadata.name === name,
  );
}

function namespaceRef(name: string): ObjectRef {
  return { group: '', kind: 'Namespace', namespace: '', name };
}
