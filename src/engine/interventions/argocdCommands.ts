import type { CommandRow, FlagRow } from './commandRow';
import {
  appNamespace,
  notModelledArgocd,
  resourceFilter,
  selector,
  timeout,
  waitOutput,
} from './argocdFlags';
import { syncFlags } from './argocdSyncFlags';

/** The `argocd app …` rows of the command table (cmd/argocd/commands/app.go). */
export const argocdCommands: readonly CommandRow[] = [
  {
    command: 'argocd app get',
    args: 'APPNAME',
    help: 'Print the application at the cursor; in --then, with --refresh, request a refresh',
    in: ['terminal', 'then'],
    acts: false,
    flags: [
      {
        flag: '--refresh',
        help: 'Refresh application data when retrieving',
        rule: { modelled: 'server/application/application.go Get (refresh=normal)' },
      },
      {
        flag: '--hard-refresh',
        help: 'Refresh application data as well as target manifests cache',
        rule: { modelled: 'server/application/application.go Get (refresh=hard; no manifest cache here)' },
      },
      {
        flag: '--output',
        short: 'o',
        value: 'json|yaml|wide',
        help: 'Output format. One of: json|yaml|wide|tree',
        rule: { modelled: 'cmd/argocd/commands/app.go NewApplicationGetCommand' },
      },
      {
        flag: '--show-operation',
        help: 'Show application operation',
        rule: { modelled: 'cmd/argocd/commands/app.go printOperationResult' },
      },
      {
        flag: '--show-params',
        help: 'Show application parameters and overrides',
        rule: notModelledArgocd(
          'prints the Helm or Kustomize parameters of the source, and the sandbox renders plain manifests',
        ),
      },
      timeout,
      appNamespace,
      {
        flag: '--source-position',
        value: 'N',
        help: 'Position of the source from the list of sources of the app. Counting starts at 1.',
        rule: notModelledArgocd('picks one source of a multi-source app'),
      },
      {
        flag: '--source-name',
        value: 'NAME',
        help: 'Name of the source from the list of sources of the app.',
        rule: notModelledArgocd('picks one source of a multi-source app'),
      },
    ],
  },
  {
    command: 'argocd app list',
    args: '',
    help: 'List the applications at the cursor',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--output',
        short: 'o',
        value: 'wide|name|json|yaml',
        help: 'Output format. One of: wide|name|json|yaml',
        rule: { modelled: 'cmd/argocd/commands/app.go NewApplicationListCommand' },
      },
      {
        ...selector,
        help: 'List apps by label',
        rule: notModelledArgocd('lists only the Applications whose labels match'),
      },
      {
        flag: '--project',
        short: 'p',
        value: 'PROJECT',
        repeatable: true,
        help: 'Filter by project name',
        rule: notModelledArgocd('lists only the Applications of those projects'),
      },
      {
        flag: '--repo',
        short: 'r',
        value: 'URL',
        help: 'List apps by source repo URL',
        rule: notModelledArgocd('lists only the Applications of that repository'),
      },
      {
        flag: '--cluster',
        short: 'c',
        value: 'CLUSTER',
        help: 'List apps by cluster name or url',
        rule: notModelledArgocd('lists only the Applications of that destination cluster'),
      },
      {
        flag: '--path',
        short: 'P',
        value: 'PATH',
        help: 'List apps by path',
        rule: notModelledArgocd('lists only the Applications of that source path'),
      },
      appNamespace,
    ],
  },
  {
    command: 'argocd app history',
    args: 'APPNAME',
    help: "Print the application's deployment history at the cursor",
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--output',
        short: 'o',
        value: 'wide|id',
        help: 'Output format. One of: wide|id',
        rule: {
          modelled: 'cmd/argocd/commands/app.go printApplicationHistoryTable, printApplicationHistoryIDs',
        },
      },
      appNamespace,
    ],
  },
  {
    command: 'argocd app wait',
    args: 'APPNAME',
    help: 'Move the cursor to when the application is synced, healthy and its operation done',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--sync',
        help: 'Wait for sync',
        rule: { modelled: 'cmd/argocd/commands/app.go checkResourceStatus' },
      },
      {
        flag: '--health',
        help: 'Wait for health',
        rule: { modelled: 'cmd/argocd/commands/app.go checkResourceStatus' },
      },
      {
        flag: '--operation',
        help: 'Wait for pending operations',
        rule: { modelled: 'cmd/argocd/commands/app.go waitOnApplicationStatus' },
      },
      {
        flag: '--suspended',
        help: 'Wait for suspended',
        rule: notModelledArgocd('waits until the app’s health is Suspended'),
      },
      {
        flag: '--degraded',
        help: 'Wait for degraded',
        rule: notModelledArgocd('waits until the app’s health is Degraded'),
      },
      {
        flag: '--delete',
        help: 'Wait for delete',
        rule: notModelledArgocd('waits until the Application is gone'),
      },
      {
        flag: '--hydrated',
        help: 'Wait for hydration operations',
        rule: notModelledArgocd('waits for the source hydrator, which the sandbox does not have'),
      },
      resourceFilter(false),
      {
        ...selector,
        help: 'Wait for apps by label',
        rule: notModelledArgocd('waits for every Application whose labels match'),
      },
      timeout,
      waitOutput,
      appNamespace,
    ],
  },
  {
    command: 'argocd app sync',
    args: 'APPNAME',
    help: 'Sync: without flags that change the operation the terminal moves to the run’s next sync; with them (and in --then) the engine runs it',
    in: ['terminal', 'then'],
    acts: false,
    flags: syncFlags,
  },
  {
    command: 'argocd app rollback',
    args: 'APPNAME [ID]',
    help: 'Roll back to a history ID, or without one to the previous deployment (apply strategy: no hooks)',
    in: ['terminal', 'then'],
    acts: true,
    flags: [
      {
        flag: '--prune',
        help: 'Allow deleting unexpected resources',
        rule: { modelled: 'server/application/application.go Rollback (Prune)' },
      },
      timeout,
      waitOutput,
      appNamespace,
    ],
  },
  {
    command: 'argocd app terminate-op',
    args: 'APPNAME',
    help: 'Terminate the running operation',
    in: ['terminal', 'then'],
    acts: true,
    flags: [appNamespace],
  },
  {
    command: 'argocd app confirm-deletion',
    args: 'APPNAME',
    help: 'Approve the Prune=confirm and Delete=confirm deletions',
    in: ['terminal', 'then'],
    acts: true,
    flags: [appNamespace],
  },
  {
    command: 'argocd app set',
    args: 'APPNAME',
    help: "Set the application's sync policy",
    in: ['terminal', 'then'],
    acts: true,
    flags: [
      {
        flag: '--sync-policy',
        value: 'automated|none',
        help: 'Set the sync policy (one of: manual (aliases of manual: none), automated (aliases of automated: auto, automatic))',
        rule: { modelled: 'cmd/util/app.go SetAppSpecOptions (sync-policy)' },
      },
      {
        flag: '--self-heal',
        help: 'Set self healing for automated sync policy',
        rule: { modelled: 'cmd/util/app.go SetAppSpecOptions (self-heal)' },
      },
      {
        flag: '--auto-prune',
        help: 'Set automatic pruning for automated sync policy',
        rule: { modelled: 'cmd/util/app.go SetAppSpecOptions (auto-prune)' },
      },
      {
        flag: '--allow-empty',
        help: 'Set allow zero live resources for automated sync policy',
        rule: { modelled: 'cmd/util/app.go SetAppSpecOptions (allow-empty)' },
      },
      ...[
        ['--sync-option', 'OPTION', 'Add or remove a sync option, e.g add `Prune=false`'],
        [
          '--revision',
          'REVISION',
          'The tracking source branch, tag, commit or Helm chart version the application will sync to',
        ],
        ['--path', 'PATH', 'Path in repository to the app directory'],
        ['--repo', 'URL', 'Repository URL'],
        ['--dest-namespace', 'NAMESPACE', 'K8s target namespace'],
        ['--dest-server', 'URL', 'K8s cluster URL'],
        ['--dest-name', 'NAME', 'K8s cluster Name'],
        ['--project', 'PROJECT', 'Application project name'],
        ['--revision-history-limit', 'N', 'How many items to keep in revision history'],
        ['--sync-retry-limit', 'N', 'Max number of allowed sync retries'],
        ['--sync-retry-backoff-duration', 'DURATION', 'Sync retry backoff base duration'],
        ['--sync-retry-backoff-max-duration', 'DURATION', 'Max sync retry backoff duration'],
        [
          '--sync-retry-backoff-factor',
          'N',
          'Factor multiplies the base duration after each failed sync retry',
        ],
      ].map(([flag, value, help]): FlagRow => ({
        flag,
        value,
        help,
        rule: notModelledArgocd(
          'changes that field of the Application’s spec; here, change it in the Application’s manifest (or with kubectl patch application)',
        ),
      })),
      appNamespace,
    ],
  },
  // The terminal's readers of the other groups (argocd-semantics.md §5.13, §5.14): each is one row here, so its
  // flags are read and refused as the others' are.
  {
    command: 'argocd cluster list',
    args: '',
    help: 'List the clusters Argo CD knows at the cursor: the cluster Secrets, then the in-cluster default',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--output',
        short: 'o',
        value: 'wide|server',
        help: 'Output format. One of: json|yaml|wide|server',
        rule: { modelled: 'cmd/argocd/commands/cluster.go NewClusterListCommand, printClusterTable' },
      },
    ],
  },
  {
    command: 'argocd proj windows list',
    args: 'PROJECT',
    help: "List a project's sync windows, each Active or Inactive at the cursor",
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--output',
        short: 'o',
        value: 'json|yaml|wide',
        help: 'Output format. One of: json|yaml|wide',
        rule: notModelledArgocd('prints the windows as JSON or YAML; the terminal prints the table'),
      },
    ],
  },
];
