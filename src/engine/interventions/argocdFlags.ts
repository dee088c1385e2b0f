import type { FlagRow } from './commandRow';

export const notModelledArgocd = (what: string) => ({
  notModelled: `the sandbox does not model it; in Argo CD it ${what}`,
});

/** `-N`, which every `argocd app` command has: the sandbox's Applications all live in `argocd`. */
export const appNamespace: FlagRow = {
  flag: '--app-namespace',
  short: 'N',
  value: 'NAMESPACE',
  help: 'Only act on an application in namespace',
  rule: notModelledArgocd(
    'names the namespace of an Application outside argocd (apps in any namespace), and every Application here is in argocd',
  ),
};

export const timeout: FlagRow = {
  flag: '--timeout',
  value: 'SECONDS',
  kind: 'uint',
  help: 'Time out after this many seconds',
  rule: { modelled: 'cmd/argocd/commands/app.go waitOnApplicationStatus: `timed out (Ns) waiting for app`' },
};

export const waitOutput: FlagRow = {
  flag: '--output',
  short: 'o',
  value: 'json|yaml|wide|tree',
  help: 'Output format. One of: json|yaml|wide|tree|tree=detailed',
  rule: notModelledArgocd('prints the final status as JSON, YAML or a tree instead of the table'),
};

export const selector: FlagRow = {
  flag: '--selector',
  short: 'l',
  value: 'SELECTOR',
  help: 'Act on apps that match this label selector',
  rule: notModelledArgocd(
    'acts on every Application whose labels match the selector instead of on named ones (`--project` is modelled)',
  ),
};

export const resourceFilter = (modelled: boolean): FlagRow => ({
  flag: '--resource',
  value: 'GROUP:KIND:NAME',
  repeatable: true,
  help: "Sync only specific resources as GROUP:KIND:NAME or !GROUP:KIND:NAME. Fields may be blank and '*' can be used",
  rule: modelled
    ? { modelled: 'test/e2e/selective_sync_test.go TestSelectiveSync, TestSelectiveSyncDoesNotRunHooks' }
    : notModelledArgocd('waits only for those resources'),
  ...(modelled ? { acts: true } : {}),
});
