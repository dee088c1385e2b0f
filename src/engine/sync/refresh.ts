import type { HealthStatus, KubeObject, TaskPhase } from '../types';
import { errorText } from './errorText';
import type { SyncRun } from './syncRun';
import { isHookTask, isRunning, type SyncTask } from './syncTask';

export interface HookOutcome {
  phase: TaskPhase;
  message: string;
  error?: string;
}

/**
 * What a live hook's health means for the hook (engine `getOperationPhase`, argocd-semantics.md §2.8 step 3):
 * Healthy or no health check → Succeeded; Progressing/Suspended → Running; Degraded/Unknown → Failed. Without a
 * health check the message is `<name> created`; any other status (a Lua `Missing`) also counts as Succeeded.
 */
export function hookOutcome(run: SyncRun, live: KubeObject): HookOutcome {
  let health: HealthStatus | null;
  try {
    health = run.ports.health(live, true);
  } catch (error) {
    return { phase: '', message: '', error: errorText(error) };
  }
  const created = `${live.metadata.name ?? ''} created`;
  if (!health) return { phase: 'Succeeded', message: created };
  switch (health.status) {
    case 'Degraded':
    case 'Unknown':
      return { phase: 'Failed', message: health.message };
    case 'Progressing':
    case 'Suspended':
      return { phase: 'Running', message: health.message };
    case 'Healthy':
      return { phase: 'Succeeded', message: health.message };
    default:
      return { phase: 'Succeeded', message: created };
  }
}

/**
 * Refresh every `Running` task that has a live object from its health (§2.8 step 3). A resource only moves on
 * when Healthy (or without a health check) or Degraded; Progressing, Suspended, Missing, Unknown or a health
 * error leave it Running. Empty messages never replace a previous one (the result store sees to that).
 */
export function refreshRunningTasks(run: SyncRun, tasks: readonly SyncTask[]): void {
  for (const task of tasks.filter((t) => isRunning(t) && t.live !== undefined)) {
    const live = task.live as KubeObject;
    if (isHookTask(task)) {
      const outcome = hookOutcome(run, live);
      if (outcome.error !== undefined)
        run.results.record(task, task.status, 'Error', `failed to get resource health: ${outcome.error}`);
      else run.results.record(task, task.status, outcome.phase, outcome.message);
      continue;
    }
    let health: HealthStatus | null;
    try {
      health = run.ports.health(live, false);
    } catch {
      continue;
    }
    if (health === null) run.results.record(task, task.status, 'Succeeded', task.message);
    else if (health.status === 'Healthy') run.results.record(task, task.status, 'Succeeded', health.message);
    else if (health.status === 'Degraded') run.results.record(task, task.status, 'Failed', health.message);
  }
}
