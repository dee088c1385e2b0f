/**
 * The commands the self-study course types (test/e2e/terminalCases.mjs follows it step by step), for the open
 * scenario's Application and namespace: on a phone each is a chip to tap rather than a line to type.
 * With several Applications, `argocd app list` comes first, the commands name the open Application (none while all
 * are shown), and kubectl's are left out: each child has a namespace of its own.
 */
export function courseCommands(
  app: string | undefined,
  namespace: string | undefined,
  several: boolean,
): string[] {
  const kubectl = namespace ? [`kubectl -n ${namespace} get jobs`, `kubectl -n ${namespace} get pods`] : [];
  const argocd = app
    ? [
        `argocd app get ${app} --show-operation`,
        `argocd app get ${app} | grep -E 'Phase|Message|Sync Status'`,
        `argocd app wait ${app} --sync --health`,
        `argocd app history ${app}`,
      ]
    : [];
  return [...(several ? ['argocd app list'] : []), ...argocd.slice(0, 2), ...kubectl, ...argocd.slice(2)];
}
