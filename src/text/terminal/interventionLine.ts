import { commandRowOf, commandWords, flagRowOf, interventionVerbOf, parseCommandFlags } from '../../engine';

/**
 * The acting `argocd app` verbs the terminal answers itself: `argocd app sync` moves the cursor to the next
 * sync and `argocd app get --refresh` reads the app, on the run as it is (runLine.ts).
 */
const answeredHere = new Set(['sync', 'get']);

/**
 * Whether a typed line is an intervention: a command that changes the simulated cluster or Argo CD at
 * the cursor, run by the engine as a new action of the run, rather than a question about the run. The reading
 * commands (`kubectl get`, `argocd app get`, `argocd app sync`'s jump to the next sync, …) stay as they are.
 * Which verbs act is the engine's list (interventionVerbOf), the one its parser reads.
 */
export function isIntervention(line: string): boolean {
  const acting = interventionVerbOf(line);
  if (acting === undefined) return false;
  // The terminal's git reads the history (git log); a commit comes from the editor.
  if (acting.tool === 'git') return false;
  return (
    acting.tool === 'kubectl' ||
    !answeredHere.has(acting.verb) ||
    (acting.verb === 'sync' && actsByFlag(line))
  );
}

/**
 * Whether a line of a verb the terminal answers itself carries a flag that changes what Argo CD is asked to do
 * (the command table's `acts`): `argocd app sync web --dry-run` is the engine's to run, not a jump to the run's
 * next sync. A line whose flags do not parse is left to the
 * reader, which prints the error.
 */
function actsByFlag(line: string): boolean {
  const words = commandWords(line.trim());
  if ('error' in words) return false;
  const row = commandRowOf(words);
  if (!row) return false;
  const parsed = parseCommandFlags(row, words.slice(row.command.split(' ').length));
  if ('error' in parsed) return false;
  return [...parsed.flags.entries()].some(
    ([flag, values]) => flagRowOf(row, flag)?.acts && values.at(-1) !== 'false',
  );
}

export const interventionHelp = [
  'Interventions, run at the cursor (the run plays again with them; undo takes the last one back):',
  '  kubectl delete|scale|edit -p PATCH|patch|apply -f PATH|set image|annotate|label|rollout restart …',
  '  argocd app set NAME --sync-policy automated|none [--self-heal] [--auto-prune]',
  '  argocd app sync NAME --dry-run|--resource G:K:N|--strategy apply|--prune|… (argocd app sync --help)',
  '  argocd app terminate-op NAME | argocd app rollback NAME [ID]        undo',
  '  argocd app confirm-deletion NAME   (approves Prune=confirm and Delete=confirm)',
];
