/**
 * Whether a typed line is an intervention: a command that changes the simulated cluster or Argo CD at
 * the cursor, run by the engine as a new action of the run, rather than a question about the run. The reading
 * commands (`kubectl get`, `argocd app get`, `argocd app sync`'s jump to the next sync, …) stay as they are.
 */
const kubectlVerbs = new Set([
  'delete',
  'scale',
  'edit',
  'patch',
  'apply',
  'set',
  'annotate',
  'label',
  'rollout',
]);
const argocdVerbs = new Set(['set', 'terminate-op', 'rollback']);

export function isIntervention(line: string): boolean {
  const words = line.trim().split(/\s+/);
  const verb = words.slice(1).find((w) => !w.startsWith('-') && !isFlagValue(words, w));
  if (words[0] === 'kubectl') return verb !== undefined && kubectlVerbs.has(verb);
  if (words[0] === 'argocd') return words[1] === 'app' && argocdVerbs.has(words[2] ?? '');
  return false;
}

/** `-n NS` before the verb: NS is the flag's value, not the verb. */
function isFlagValue(words: string[], w: string): boolean {
  const i = words.indexOf(w);
  return i > 0 && (words[i - 1] === '-n' || words[i - 1] === '--namespace');
}

export const interventionHelp = [
  'Interventions, run at the cursor (the run plays again with them; undo takes the last one back):',
  '  kubectl delete|scale|edit -p PATCH|patch|apply -f PATH|set image|annotate|label|rollout restart …',
  '  argocd app set NAME --sync-policy automated|none [--self-heal] [--auto-prune]',
  '  argocd app terminate-op NAME | argocd app rollback NAME ID        undo',
];
