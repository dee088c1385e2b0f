import type { FlagRow } from './commandRow';
import {
  appNamespace,
  notModelledArgocd,
  resourceFilter,
  selector,
  timeout,
  waitOutput,
} from './argocdFlags';

export const syncFlags: readonly FlagRow[] = [
  {
    flag: '--prune',
    help: 'Allow deleting unexpected resources',
    rule: { modelled: 'gitops-engine sync_context.go pruneObject (TestSyncPruneFailure)' },
    acts: true,
  },
  {
    flag: '--dry-run',
    help: 'Preview apply without affecting cluster',
    rule: {
      modelled:
        'gitops-engine sync_context.go runTasks (dryRun); controller/sync.go L483: no history for a dry run',
    },
    acts: true,
  },
  resourceFilter(true),
  {
    flag: '--label',
    value: 'KEY=VALUE',
    repeatable: true,
    help: 'Sync only specific resources with a label',
    rule: { modelled: 'cmd/argocd/commands/app.go NewApplicationSyncCommand (selectedLabels)' },
    acts: true,
  },
  {
    flag: '--info',
    value: 'NAME=VALUE',
    repeatable: true,
    help: 'A list of key-value pairs during sync process. These infos will be persisted in app.',
    rule: { modelled: 'test/e2e/app_management_test.go TestSyncWithInfos' },
    acts: true,
  },
  {
    flag: '--project',
    value: 'PROJECT',
    repeatable: true,
    help: 'Sync apps that belong to the specified projects',
    rule: { modelled: 'cmd/argocd/commands/app.go NewApplicationSyncCommand (appIf.List by projects)' },
    acts: true,
  },
  {
    flag: '--strategy',
    value: 'apply|hook',
    help: 'Sync strategy (one of: apply|hook)',
    rule: { modelled: 'controller/sync.go L386: an apply strategy skips hooks (IsApplyStrategy)' },
    acts: true,
  },
  {
    flag: '--force',
    help: 'Use a force apply',
    rule: { modelled: 'gitops-engine sync_context.go applyObject (force), argocd-semantics.md §4.4' },
    acts: true,
  },
  {
    flag: '--replace',
    help: 'Use a kubectl create/replace instead apply',
    rule: {
      modelled: 'cmd/argocd/commands/app.go syncOptionsFactory: the operation sync options replace the app’s',
    },
    acts: true,
  },
  {
    flag: '--server-side',
    help: 'Use server-side apply while syncing the application',
    rule: {
      modelled: 'cmd/argocd/commands/app.go syncOptionsFactory: the operation sync options replace the app’s',
    },
    acts: true,
  },
  {
    flag: '--apply-out-of-sync-only',
    help: 'Sync only out-of-sync resources',
    rule: {
      modelled: 'cmd/argocd/commands/app.go syncOptionsFactory: the operation sync options replace the app’s',
    },
    acts: true,
  },
  {
    flag: '--retry-limit',
    value: 'N',
    kind: 'int',
    help: 'Max number of allowed sync retries',
    rule: {
      modelled:
        'cmd/argocd/commands/app.go syncReq.RetryStrategy; controller retry (argocd-semantics.md §5.3)',
    },
    acts: true,
  },
  {
    flag: '--retry-refresh',
    help: 'Indicates if the latest revision should be used on retry instead of the initial one',
    rule: { modelled: 'appcontroller.go L1626-L1631 (retry.refresh)' },
    acts: true,
  },
  {
    flag: '--retry-backoff-duration',
    value: 'DURATION',
    kind: 'duration',
    help: 'Retry backoff base duration. Input needs to be a duration (e.g. 2m, 1h)',
    rule: { modelled: 'types.go RetryStrategy.NextRetryAt (argocd-semantics.md §5.3)' },
    acts: true,
  },
  {
    flag: '--retry-backoff-max-duration',
    value: 'DURATION',
    kind: 'duration',
    help: 'Max retry backoff duration. Input needs to be a duration (e.g. 2m, 1h)',
    rule: { modelled: 'types.go RetryStrategy.NextRetryAt (argocd-semantics.md §5.3)' },
    acts: true,
  },
  {
    flag: '--retry-backoff-factor',
    value: 'N',
    kind: 'int',
    help: 'Factor multiplies the base duration after each failed retry',
    rule: { modelled: 'types.go RetryStrategy.NextRetryAt (argocd-semantics.md §5.3)' },
    acts: true,
  },
  {
    flag: '--revision',
    value: 'REVISION',
    help: 'Sync to a specific revision. Preserves parameter overrides',
    rule: notModelledArgocd(
      "syncs the app to that branch, tag or commit instead of its target revision, and the sandbox's Git has only the run's own commits",
    ),
  },
  selector,
  {
    flag: '--async',
    help: 'Do not wait for application to sync before continuing',
    rule: { modelled: 'cmd/argocd/commands/app.go NewApplicationSyncCommand (`if !async` waits)' },
  },
  timeout,
  waitOutput,
  appNamespace,
  {
    flag: '--local',
    value: 'DIR',
    help: 'Path to a local directory. When this flag is present no git queries will be made',
    rule: notModelledArgocd('syncs the manifests of a local folder instead of Git’s'),
  },
  {
    flag: '--local-repo-root',
    value: 'DIR',
    help: 'Path to the repository root. Used together with --local allows setting the repository root',
    rule: notModelledArgocd('sets the repository root of a --local sync'),
  },
  {
    flag: '--preview-changes',
    help: 'Preview difference against the target and live state before syncing app and wait for user confirmation',
    rule: notModelledArgocd('prints the diff and asks y/n before it syncs'),
  },
  {
    flag: '--assumeYes',
    help: 'Assume yes as answer for all user queries or prompts',
    rule: notModelledArgocd('answers yes to --preview-changes'),
  },
  {
    flag: '--revisions',
    value: 'REVISION',
    repeatable: true,
    help: 'Show manifests at specific revisions for source position in source-positions',
    rule: notModelledArgocd('syncs the sources of a multi-source app to these revisions'),
  },
  {
    flag: '--source-positions',
    value: 'N',
    repeatable: true,
    help: 'List of source positions. Default is empty array. Counting start at 1.',
    rule: notModelledArgocd('names the sources of a multi-source app that --revisions applies to'),
  },
  {
    flag: '--source-names',
    value: 'NAME',
    repeatable: true,
    help: 'List of source names. Default is an empty array.',
    rule: notModelledArgocd('names the sources of a multi-source app that --revisions applies to'),
  },
  {
    flag: '--ignore-normalizer-jq-execution-timeout',
    value: 'DURATION',
    help: 'Set ignore normalizer JQ execution timeout',
    rule: notModelledArgocd(
      'bounds the time of the jq expressions of ignoreDifferences in --preview-changes',
    ),
  },
];
