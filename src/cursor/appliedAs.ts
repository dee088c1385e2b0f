/**
 * kubectl's word for one apply of the sync: `created`, `configured`, `unchanged`, `serverside-applied`… An apply
 * event's `result` says only created or configured (contract §1.2), but Argo CD keeps what kubectl printed as the
 * task's message (gitops-engine sync_context.go `applyObject` returns `ApplyResource`'s output with
 * ResultCodeSynced: `deployment.apps/checkout unchanged`), and that is what the terminal and the result table show.
 * So the page's other words for an apply are read from the message too, and the page tells one story.
 */
export function appliedAs(apply: { result: string; message: string }): string {
  const word = /^\S+ (created|configured|unchanged|serverside-applied|replaced|updated)$/.exec(apply.message);
  return word ? word[1] : apply.result;
}
