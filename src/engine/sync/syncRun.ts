import type { OperationPhase } from '../types';
import { waitingMessage, type MessageItem } from './messages';
import type { SyncPorts } from './ports';
import { SyncResults, type SyncResultRow } from './results';
import type { InputProblem, StepRun, SyncEvent, SyncOperationOptions, TickOutcome } from './syncInput';
import { operationSettings, type OperationSettings } from './syncOptions';
import { isHookTask, taskRef, type SyncTask } from './syncTask';

/**
 * The working state of one tick: what gitops-engine keeps in its `syncContext` for the length of one `Sync()`
 * call. It is created from the persisted results and thrown away when the tick returns its outcome.
 */
export interface SyncRun {
  readonly options: SyncOperationOptions;
  readonly settings: OperationSettings;
  readonly ports: SyncPorts;
  readonly results: SyncResults;
  readonly events: SyncEvent[];
  readonly steps: StepRun[];
  phase: OperationPhase;
  message: string;
}

export function createRun(input: {
  options: SyncOperationOptions;
  ports: SyncPorts;
  results: readonly SyncResultRow[];
}): SyncRun {
  const events: SyncEvent[] = [];
  return {
    options: input.options,
    settings: operationSettings(input.options.syncOptions),
    ports: input.ports,
    results: new SyncResults(input.results, (event) => events.push(event)),
    events,
    steps: [],
    phase: 'Running',
    message: '',
  };
}

export function setPhase(run: SyncRun, phase: OperationPhase, message: string): void {
  run.phase = phase;
  run.message = message;
}

export function messageItem(task: SyncTask): MessageItem {
  const ref = taskRef(task);
  return { group: ref.group, kind: ref.kind, name: ref.name, hook: isHookTask(task) };
}

/** `Running` with the waiting message for these tasks (engine `setRunningPhase`, §2.10). */
export function setRunningPhase(run: SyncRun, tasks: readonly SyncTask[], deletion: boolean): void {
  setPhase(run, 'Running', waitingMessage(tasks.map(messageItem), deletion));
}

export function outcomeOf(
  run: SyncRun,
  built: { warnings: string[]; problems: InputProblem[] },
): TickOutcome {
  return {
    phase: run.phase,
    message: run.message,
    results: run.results.list(),
    steps: run.steps,
    events: run.events,
    warnings: built.warnings,
    problems: built.problems,
  };
}
