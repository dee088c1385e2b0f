import type { LogTarget } from '../../cursor/logsAt';

/**
 * Which object's log is open, shared by the places that offer a log (the stack view's hook cards, the result
 * table's Job rows) and the log panel that shows it. Undefined while no log is open.
 */
export const logView = $state<{ target: LogTarget | undefined }>({ target: undefined });

/** Open the log of a Job or a Pod; opening the one already open closes it. */
export function toggleLogs(target: LogTarget): void {
  const open = logView.target;
  const same =
    open && open.kind === target.kind && open.namespace === target.namespace && open.name === target.name;
  logView.target = same ? undefined : target;
}
