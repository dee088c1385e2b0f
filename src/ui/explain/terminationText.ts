/**
 * Who ended a terminated operation, so that "timed out" and "terminated" read differently (argocd-semantics.md
 * §2.16): the controller's sync timeout writes `…, triggered by controller sync timeout`; `argocd app terminate-op`
 * (the page's Terminate) leaves `Operation terminated` alone. Undefined for an operation that was not terminated.
 */
export function terminationText(message: string): string | undefined {
  if (!/^Operation terminat(ed|ion had errors)/.test(message)) return undefined;
  const after = 'A termination is not a failed sync: no SyncFail hook runs and nothing is retried.';
  return message.includes(', triggered by controller sync timeout')
    ? `Timed out: the controller's sync timeout (controller.sync.timeout.seconds, counted from the operation's start) terminated it. ${after}`
    : `Terminated by hand (argocd app terminate-op), not by a timeout. ${after}`;
}
