import type { PlannedTask, SyncPhase, SyncPlan } from '../../engine';
import type { GeneratedNames } from './planManifests';

/** One row of the order table: what a dry run says the sync would do with one task, and in which step. */
export interface OrderRow {
  /** Unique within a plan: a hook in two phases has two rows. */
  key: string;
  phase: SyncPhase;
  wave: number;
  kind: string;
  namespace: string;
  /** The object's name; for generateName hooks the prefix followed by "…". */
  name: string;
  action: PlannedTask['action'];
  /** `PreSync`, `PostSync` … for hooks; '' for plain resources. */
  hook: SyncPhase | '';
  /** The hook's delete policies joined with ", " ('' for plain resources). */
  deletePolicy: string;
  /** For a Helm hook, how Argo CD mapped it: `helm.sh/hook: post-install → PostSync` ('' otherwise). */
  hookSource?: string;
  note: string;
  /** The index of the row's (phase, wave) step in the order the steps run; -1 for tasks outside any step. */
  step: number;
  /** Whether this row opens a new step, so the table can draw a line above it. */
  firstOfStep: boolean;
}

/**
 * Turn a plan into table rows, in the order the sync runs the tasks (phase → wave → kind → name, after the
 * prune reversal and dependency moves of argocd-semantics.md §2.4–§2.5). SyncFail hooks and skipped tasks
 * belong to no step: SyncFail hooks run only when the sync fails, all at once (§2.13).
 *
 * @example planRows(plan).map((r) => `${r.phase}/${r.wave} ${r.kind}/${r.name} ${r.action}`)
 */
export function planRows(plan: SyncPlan, generated: GeneratedNames = new Map()): OrderRow[] {
  const stepIndex = new Map(plan.steps.map((s, i) => [`${s.phase}/${s.wave}`, i]));
  let previous = -2;
  return plan.tasks.map((task) => {
    const step = task.action === 'skip' ? -1 : (stepIndex.get(`${task.phase}/${task.wave}`) ?? -1);
    const firstOfStep = step !== previous && (step >= 0 || previous >= 0);
    previous = step;
    const prefix = generated.get(task.name);
    const generatedNote = prefix === undefined ? '' : 'name generated at sync time from generateName';
    return {
      key: `${task.phase}/${task.group}/${task.kind}/${task.namespace}/${task.name}`,
      phase: task.phase,
      wave: task.wave,
      kind: task.kind,
      namespace: task.namespace,
      name: prefix === undefined ? task.name : `${prefix}…`,
      action: task.action,
      hook: task.hookType,
      deletePolicy: task.deletePolicies.join(', '),
      hookSource: task.hookSource ?? '',
      note: [task.note, generatedNote].filter(Boolean).join('; '),
      step,
      firstOfStep,
    };
  });
}

/** One line about the plan's steps: whether anything is waited for (argocd-semantics.md §2.8 step 4, §6.3). */
export function stepSummary(plan: SyncPlan): string {
  const n = plan.steps.length;
  if (n === 0) return 'Nothing to apply.';
  if (!plan.multiStep) return 'One step: everything is applied at once and nothing is waited for.';
  return `${n} steps: each waits until the previous step's resources are healthy and its hooks have completed.`;
}
