/**
 * The actions `--then SECONDS:ACTION` takes (contract.md §1.5), each with its arguments, in one list that the help
 * text and the "unknown action" message both print, so neither can leave one out again (`rollback` was missing
 * from both).
 */
export const thenActions = [
  'commit PATH',
  'sync APP [--info NAME=VALUE …] [--label KEY=VALUE …]',
  'sync --project PROJECT [--project PROJECT …]',
  'rollback APP ID',
  'terminate APP',
  'refresh APP',
  'kubectl-apply FILE',
  'kubectl-delete KIND/NAME [-n NS]',
] as const;

/** The action names alone, once each: `commit, sync, rollback, …`. */
export const thenVerbs = [...new Set(thenActions.map((action) => action.split(' ')[0]))];

/** The help lines for `--then`, indented under the option, one action a line. */
export function thenHelp(indent: string): string {
  return thenActions.map((action) => `${indent}${action}`).join('\n');
}

/**
 * The tools whose commands `--then` also takes as typed in a terminal (interventions, src/engine/interventions):
 * one list for the parser's choice and the "unknown action" message.
 */
export const thenCommandTools = ['kubectl', 'argocd', 'git'] as const;

/** Whether a `--then` action is a command as typed (`kubectl delete deploy x`), not one of `thenActions`. */
export function isThenCommand(action: string): boolean {
  const tool = action.split(/\s/, 1)[0];
  return (thenCommandTools as readonly string[]).includes(tool);
}
