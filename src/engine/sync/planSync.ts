import type { HookDeletePolicy, SyncPhase } from '../types';
import { deletePolicies } from './deletePolicy';
import { filterOutOfSync } from './firstTick';
import { msgNoPrune, msgRequiresPruning } from './messages';
import type { SyncPorts } from './ports';
import { SyncResults } from './results';
import type { InputProblem, SyncTickInput } from './syncInput';
import { operationSettings, pruneSettingOf } from './syncOptions';
import {
  hookTypeOf,
  isHookTask,
  isPruneTask,
  taskObj,
  taskRef,
  taskVersion,
  taskWave,
  type SyncTask,
} from './syncTask';
import { buildTasks } from './tasks';
import { helmHookMapping } from './helmHookMapping';
import { isMultiStep } from './tick';

export type PlannedAction = 'create' | 'update' | 'prune' | 'skip';

/** One row of the order table: what the sync would do with one task, and when. */
export interface PlannedTask {
  phase: SyncPhase;
  wave: number;
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
  isHook: boolean;
  hookType: SyncPhase | '';
  isPrune: boolean;
  action: PlannedAction;
  /** Why a task is skipped or special, in Argo CD's words where it has them; empty otherwise. */
  note: string;
  /** The hook's delete policies (empty for plain resources). */
  deletePolicies: HookDeletePolicy[];
  /** For a hook whose phase Helm's annotation gave, the mapping: `helm.sh/hook: post-install → PostSync`. */
  hookSource?: string;
}

export interface SyncPlan {
  tasks: PlannedTask[];
  /** The (phase, wave) steps in the order they would run; SyncFail hooks run only on failure. */
  steps: Array<{ phase: SyncPhase; wave: number }>;
  /** Resources are awaited between steps only when there is more than one (§2.8 step 4). */
  multiStep: boolean;
  valid: boolean;
  invalidReasons: string[];
  warnings: string[];
  problems: InputProblem[];
}

export type PlanInput = Omit<SyncTickInput, 'results' | 'ports'> & {
  ports?: Partial<Pick<SyncPorts, 'getLive' | 'discover' | 'checkPermission'>>;
};

/**
 * The ordered task list as the first tick of a sync would see it (argocd-semantics.md §2.2–§2.5), for the
 * page's order table. Nothing is applied: the ports are only read.
 *
 * @example planSync({ desired, live: [], options }).tasks.map((t) => `${t.phase}/${t.wave} ${t.kind}/${t.name}`)
 */
export function planSync(input: PlanInput): SyncPlan {
  const ports = {
    getLive: input.ports?.getLive ?? (() => undefined),
    discover: input.ports?.discover,
    checkPermission: input.ports?.checkPermission,
  };
  const built = buildTasks({ ...input, ports }, new SyncResults([], () => {}));
  const settings = operationSettings(input.options.syncOptions);
  const applied = new Set(
    settings.applyOutOfSyncOnly ? filterOutOfSync(built.tasks, input.diff) : built.tasks,
  );

  const tasks = built.tasks.map((task): PlannedTask => {
    const ref = taskRef(task);
    const [action, note] = actionOf(task, applied.has(task), input, settings.pruneDefault);
    return {
      phase: task.phase,
      wave: taskWave(task),
      ...ref,
      version: taskVersion(task),
      isHook: isHookTask(task),
      hookType: hookTypeOf(task),
      isPrune: isPruneTask(task),
      action,
      note,
      deletePolicies: isHookTask(task) ? deletePolicies(taskObj(task)) : [],
      hookSource: isHookTask(task) ? helmHookMapping(taskObj(task), hookTypeOf(task)) : '',
    };
  });

  const steps: SyncPlan['steps'] = [];
  for (const t of tasks) {
    if (t.phase === 'SyncFail' || t.action === 'skip') continue;
    const last = steps[steps.length - 1];
    if (!last || last.phase !== t.phase || last.wave !== t.wave) steps.push({ phase: t.phase, wave: t.wave });
  }
  return {
    tasks,
    steps,
    multiStep: isMultiStep(built.tasks),
    valid: built.valid,
    invalidReasons: built.invalidReasons,
    warnings: built.warnings,
    problems: built.problems,
  };
}

function actionOf(
  task: SyncTask,
  applied: boolean,
  input: PlanInput,
  pruneDefault: ReturnType<typeof operationSettings>['pruneDefault'],
): [PlannedAction, string] {
  if (isPruneTask(task)) {
    if (!input.options.prune) return ['skip', msgRequiresPruning];
    const setting = pruneSettingOf(task.live, pruneDefault);
    if (setting === 'false') return ['skip', msgNoPrune];
    if (setting === 'confirm' && !input.options.pruneConfirmed)
      return ['prune', 'waits for pruning confirmation'];
    return ['prune', ''];
  }
  if (!applied) return ['skip', 'unchanged (ApplyOutOfSyncOnly)'];
  if (task.phase === 'SyncFail') return [task.live ? 'update' : 'create', 'runs only if the sync fails'];
  if (isHookTask(task) && task.live && deletePolicies(taskObj(task)).includes('BeforeHookCreation'))
    return ['create', 'the existing hook is deleted first (BeforeHookCreation)'];
  return [task.live ? 'update' : 'create', ''];
}
