/** The start of the engine's words while a comparison waits for the repo server (engine manifestGeneration.ts). */
const comparing = 'comparing: ';

/**
 * What a parent's gate reads while the child it waits for is still comparing its new spec (argocd-semantics.md
 * §5.2, "the stale child verdict"): the child's status is its last comparison's, so a Healthy it reports is the
 * verdict on its old spec. Undefined when the child's latest status is not such a wait.
 */
export function comparingNote(
  child: string,
  app: { sync: string; health: string; message: string } | undefined,
): string | undefined {
  if (!app?.message.startsWith(comparing)) return undefined;
  const what = app.message.slice(comparing.length);
  return `${child} has not compared its new spec yet (${what}): the ${app.sync} and ${app.health} it reports are its last comparison’s, and its status.sync.comparedTo still names the old source.`;
}
