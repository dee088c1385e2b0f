/**
 * The page's one-sentence note under a command that asks for the operation's Phase and gets no Phase line, which
 * is faithful to the CLI but puzzling: `argocd app get` prints the operation block (Phase, Start, Finished,
 * Duration, Message) only with `--show-operation`, and only once the app has an `operationState`
 * (cmd/argocd/commands/app.go `printHeader`, L311). Undefined for every other command, or when a Phase line came.
 */
export function commandNote(line: string, output: string): string | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'argocd' || words[1] !== 'app' || words[2] !== 'get') return undefined;
  if (!/\bPhase\b/.test(line) || /^Phase:/m.test(output)) return undefined;
  const getPart = line.split('|')[0];
  return /(^|\s)--show-operation(\s|=|$)/.test(getPart)
    ? 'No Phase line: the app has no operation yet, and “argocd app get --show-operation” prints the operation block only once one has run.'
    : 'No Phase line: “argocd app get” prints the operation (Phase, Message) only with --show-operation, so without it the grep finds only the Sync Status line.';
}
