import { interventionVerbOf } from '../../engine';

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
  return acting.tool === 'kubectl' || !answeredHere.has(acting.verb);
}

export const interventionHelp = [
  'Interventions, run at the cursor (the run plays again with them; undo takes the last one back):',
  '  kubectl delete|scale|edit -p PATCH|patch|apply -f PATH|set image|annotate|label|rollout restart …',
  '  argocd app set NAME --sync-policy automated|none [--self-heal] [--auto-prune]',
  '  argocd app terminate-op NAME | argocd app rollback NAME ID        undo',
  '  argocd app confirm-deletion NAME   (approves Prune=confirm and Delete=confirm)',
];
