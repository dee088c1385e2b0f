import { kindRank } from './kindOrder';
import { adjustDeps, crdDependency, namespaceDependency } from './adjustDeps';
import { syncPhaseOrder } from './syncPhases';
import { taskObj, taskRef, taskWave, type SyncTask } from './syncTask';

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Sort the tasks in place, then pull Namespaces and CRDs ahead of the first task that needs them (§2.5
 * "dependency bubbling"): first the namespace pass, then the CRD pass, as gitops-engine's `Sort` does.
 */
export function sortTasks(tasks: SyncTask[]): SyncTask[] {
  // The sort keys are computed once per task rather than once per comparison: a wave is parsed from an
  // annotation, and a large app's tasks are sorted on every tick.
  const keyed = tasks.map(sortKeyOf);
  keyed.sort(compareSortKeys);
  keyed.forEach((k, i) => (tasks[i] = k.task));
  adjustDeps(tasks, namespaceDependency);
  adjustDeps(tasks, crdDependency);
  return tasks;
}

interface SortKey {
  task: SyncTask;
  phase: number;
  wave: number;
  kind: number;
  name: string;
  namespace: string;
  group: string;
  kindName: string;
}

function sortKeyOf(task: SyncTask): SortKey {
  const obj = taskObj(task);
  const ref = taskRef(task);
  return {
    task,
    phase: syncPhaseOrder[task.phase],
    wave: taskWave(task),
    kind: kindRank(obj.kind ?? ''),
    name: obj.metadata.name ?? '',
    namespace: ref.namespace,
    group: ref.group,
    kindName: ref.kind,
  };
}

/**
 * The order of tasks (argocd-semantics.md §2.5): phase, wave, kind rank, then name. Go's `sort.Sort` leaves
 * ties in no particular order; we break them by namespace, then group, then kind (§7), so that the same input
 * always gives the same order. The only statement of the order: it compares keys made once per task.
 */
function compareSortKeys(a: SortKey, b: SortKey): number {
  return (
    a.phase - b.phase ||
    a.wave - b.wave ||
    a.kind - b.kind ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.namespace, b.namespace) ||
    compareStrings(a.group, b.group) ||
    compareStrings(a.kindName, b.kindName)
  );
}
