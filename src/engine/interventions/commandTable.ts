/**
 * Every command and flag the page's terminal and `sim run --then` accept, in one table (issue 28): nothing a
 * learner types is accepted and ignored. Each flag is either modelled, naming the Argo CD (or kubectl) test or file
 * the sandbox follows, or not modelled, with one sentence saying what Argo CD would do; a flag the real CLI does not
 * have is refused in the CLI's own words (`Error: unknown flag: --x`, commandFlags.ts). The parsers (commandFlags.ts),
 * the terminal's Tab completion and `--help`, and docs/reference.md ("Commands and flags", checked by
 * commandTable.test.ts) are all read from it.
 *
 * To add a command (another branch's `argocd proj windows list`, `argocd cluster list`, `kubectl --context`): add
 * one row here, and its runner where the terminal or the intervention parser dispatches; the help, completion and
 * reference follow.
 */

/** What the sandbox does with a flag. */
export type FlagRule =
  /** Modelled as Argo CD does: `follows` names the upstream test or file. */
  | { modelled: string }
  /** Refused with this sentence: what Argo CD would do, and that the sandbox does not model it. */
  | { notModelled: string };

export interface FlagRow {
  /** The long name, `--dry-run`. */
  flag: string;
  /** The one-letter shorthand without its dash, `l` for `-l`. */
  short?: string;
  /** The value's placeholder when the flag takes one (`GROUP:KIND:NAME`); none for a boolean flag. */
  value?: string;
  /** The Go type of the value when it is a number or a duration, which pflag checks before the command runs. */
  kind?: 'int' | 'uint' | 'duration';
  /** Given more than once, every value counts (cobra's StringArray). */
  repeatable?: boolean;
  /** The CLI's own help text for the flag. */
  help: string;
  rule: FlagRule;
  /**
   * The flag changes what Argo CD is asked to do (the operation), not only what the CLI prints: in the terminal,
   * `argocd app sync` with such a flag is an intervention run by the engine rather than a jump to the run's next sync.
   */
  acts?: boolean;
}

/** Where a command is accepted: the page's terminal, `sim run --then` (and a scenario's interventions), or both. */
export type CommandPlace = 'terminal' | 'then';

export interface CommandRow {
  /** The command's words, `argocd app sync`; a shell word of the terminal is one word, `grep`. */
  command: string;
  /** Its arguments as the CLI's `Use:` line writes them, `APPNAME`. */
  args: string;
  /** One line of what it does here. */
  help: string;
  in: readonly CommandPlace[];
  /** In the terminal, whether it changes the run (an intervention) rather than reads it. */
  acts: boolean;
  flags: readonly FlagRow[];
}

const notModelledArgocd = (what: string) => ({
  notModelled: `the sandbox does not model it; in Argo CD it ${what}`,
});

/** `-N`, which every `argocd app` command has: the sandbox's Applications all live in `argocd`. */
const appNamespace: FlagRow = {
  flag: '--app-namespace',
  short: 'N',
  value: 'NAMESPACE',
  help: 'Only act on an application in namespace',
  rule: notModelledArgocd(
    'names the namespace of an Application outside argocd (apps in any namespace), and every Application here is in argocd',
  ),
};

const timeout: FlagRow = {
  flag: '--timeout',
  value: 'SECONDS',
  kind: 'uint',
  help: 'Time out after this many seconds',
  rule: { modelled: 'cmd/argocd/commands/app.go waitOnApplicationStatus: `timed out (Ns) waiting for app`' },
};

const waitOutput: FlagRow = {
  flag: '--output',
  short: 'o',
  value: 'json|yaml|wide|tree',
  help: 'Output format. One of: json|yaml|wide|tree|tree=detailed',
  rule: notModelledArgocd('prints the final status as JSON, YAML or a tree instead of the table'),
};

const selector: FlagRow = {
  flag: '--selector',
  short: 'l',
  value: 'SELECTOR',
  help: 'Act on apps that match this label selector',
  rule: notModelledArgocd(
    'acts on every Application whose labels match the selector instead of on named ones (`--project` is modelled)',
  ),
};

const resourceFilter = (modelled: boolean): FlagRow => ({
  flag: '--resource',
  value: 'GROUP:KIND:NAME',
  repeatable: true,
  help: "Sync only specific resources as GROUP:KIND:NAME or !GROUP:KIND:NAME. Fields may be blank and '*' can be used",
  rule: modelled
    ? { modelled: 'test/e2e/selective_sync_test.go TestSelectiveSync, TestSelectiveSyncDoesNotRunHooks' }
    : notModelledArgocd('waits only for those resources'),
  ...(modelled ? { acts: true } : {}),
});

const syncFlags: readonly FlagRow[] = [
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

/** kubectl delete's flags that change how it deletes, none modelled (the sandbox deletes in the foreground at once). */
const kubectlDeleteFlags: readonly FlagRow[] = [
  [
    '--force',
    '',
    'Immediately remove resources from API and bypass graceful deletion',
    'removes the object at once, without waiting for its finalizers or grace period',
  ],
  [
    '--grace-period',
    'SECONDS',
    'Period of time in seconds given to the resource to terminate gracefully',
    'gives the pods that many seconds to stop',
  ],
  [
    '--cascade',
    'background|orphan|foreground',
    'Must be "background", "orphan", or "foreground"',
    'deletes the dependents in that way, or leaves them (orphan)',
  ],
  [
    '--wait',
    '',
    'If true, wait for resources to be gone before returning',
    'returns before the object is gone when false',
  ],
  [
    '--selector',
    'SELECTOR',
    'Selector (label query) to filter on',
    'deletes every object of the type whose labels match',
    'l',
  ],
  [
    '--all',
    '',
    'Delete all resources, in the namespace of the specified resource types',
    'deletes every object of the type in the namespace',
  ],
].map(([flag, value, help, what, short]) => ({
  flag,
  ...(short ? { short } : {}),
  ...(value ? { value } : {}),
  help,
  rule: { notModelled: `the sandbox does not model it; kubectl ${what}` },
}));

/** The table, one row per command. */
export const commandTable: readonly CommandRow[] = [
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
  {
    command: 'kubectl get',
    args: 'KIND [NAME]',
    help: 'Print objects at the cursor',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--namespace',
        short: 'n',
        value: 'NS',
        help: 'The namespace',
        rule: { modelled: 'kubectl get' },
      },
      {
        flag: '--all-namespaces',
        short: 'A',
        help: 'List across all namespaces',
        rule: { modelled: 'kubectl get' },
      },
      {
        flag: '--output',
        short: 'o',
        value: 'yaml|json|wide|name|jsonpath=…',
        help: 'Output format',
        rule: { modelled: 'kubectl get -o' },
      },
      {
        flag: '--show-labels',
        help: 'Show the labels as the last column',
        rule: { modelled: 'kubectl get' },
      },
    ],
  },
  {
    command: 'kubectl describe',
    args: 'KIND NAME',
    help: 'Describe an object at the cursor',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--namespace',
        short: 'n',
        value: 'NS',
        help: 'The namespace',
        rule: { modelled: 'kubectl describe' },
      },
    ],
  },
  {
    command: 'kubectl logs',
    args: 'job/NAME|pod/NAME',
    help: "Print a hook's or pod's log at the cursor",
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--namespace',
        short: 'n',
        value: 'NS',
        help: 'The namespace',
        rule: { modelled: 'kubectl logs' },
      },
      {
        flag: '--tail',
        value: 'N',
        help: 'Lines of recent log file to display',
        rule: { modelled: 'kubectl logs --tail' },
      },
      {
        flag: '--follow',
        short: 'f',
        help: 'Specify if the logs should be streamed',
        rule: { modelled: 'kubectl logs -f (the log up to the cursor)' },
      },
    ],
  },
  {
    command: 'kubectl events',
    args: '',
    help: 'Print the events at the cursor',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--namespace',
        short: 'n',
        value: 'NS',
        help: 'The namespace',
        rule: { modelled: 'kubectl events' },
      },
      {
        flag: '--all-namespaces',
        short: 'A',
        help: 'List across all namespaces',
        rule: { modelled: 'kubectl events' },
      },
      {
        flag: '--output',
        short: 'o',
        value: 'yaml|json|wide|name',
        help: 'Output format',
        rule: { modelled: 'kubectl events -o' },
      },
    ],
  },
  ...(
    [
      ['delete', 'TYPE/NAME…', 'Delete objects', []],
      [
        'scale',
        'TYPE/NAME',
        'Set the replicas',
        [['--replicas', 'COUNT', 'The new desired number of replicas']],
      ],
      [
        'edit',
        'TYPE/NAME',
        'Edit an object: the sandbox has no editor, so the change is given as the patch kubectl would send',
        [['--patch', 'PATCH', 'The change kubectl edit would send', 'p']],
      ],
      [
        'patch',
        'TYPE/NAME',
        'Patch an object',
        [
          ['--patch', 'PATCH', 'The patch to be applied to the resource JSON file', 'p'],
          ['--type', 'strategic|merge|json', 'The type of patch being provided'],
        ],
      ],
      ['apply', '', 'Apply a file of the repository', [['--filename', 'PATH', 'The file to apply', 'f']]],
      ['set image', 'TYPE/NAME CONTAINER=IMAGE…', "Set a container's image", []],
      [
        'annotate',
        'TYPE/NAME KEY=VALUE…|KEY-',
        'Set or remove annotations',
        [['--overwrite', '', 'Overwrite an existing value']],
      ],
      [
        'label',
        'TYPE/NAME KEY=VALUE…|KEY-',
        'Set or remove labels',
        [['--overwrite', '', 'Overwrite an existing value']],
      ],
      ['rollout restart', 'TYPE/NAME', 'Restart a rollout', []],
    ] as [string, string, string, string[][]][]
  ).map(([verb, args, help, flags]): CommandRow => ({
    command: `kubectl ${verb}`,
    args,
    help,
    in: ['terminal', 'then'],
    acts: true,
    flags: [
      {
        flag: '--namespace',
        short: 'n',
        value: 'NS',
        help: 'The namespace',
        rule: { modelled: `kubectl ${verb} (src/engine/interventions/runKubectl.ts)` },
      },
      {
        flag: '--dry-run',
        value: 'none|server|client',
        help: 'Only print the object that would be sent, without sending it',
        rule: {
          notModelled:
            'the sandbox does not model it; kubectl would send the request as a dry run and change nothing',
        },
      },
      ...(verb === 'delete' ? kubectlDeleteFlags : []),
      ...flags.map(([flag, value, flagHelp, short]): FlagRow => ({
        flag,
        ...(short ? { short } : {}),
        ...(value ? { value } : {}),
        help: flagHelp,
        rule: { modelled: `kubectl ${verb} (src/engine/interventions/runKubectl.ts)` },
      })),
    ],
  })),
  {
    command: 'git commit',
    args: 'DIR',
    help: "--then: the folder DIR becomes the repository's next revision; the terminal moves to the run's next commit",
    in: ['terminal', 'then'],
    acts: false,
    flags: [
      {
        flag: '--message',
        short: 'm',
        value: 'MESSAGE',
        help: 'The commit message',
        rule: { modelled: 'git commit -m' },
      },
    ],
  },
  {
    command: 'git revert',
    args: '',
    help: "Move the cursor to the run's next commit (a run whose scenario commits)",
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--no-edit',
        help: 'Use the default commit message',
        rule: { modelled: "git revert --no-edit (the scenario's revert commit)" },
      },
    ],
  },
  {
    command: 'git push',
    args: '',
    help: 'The run’s commits are on the remote when they happen: nothing left to push',
    in: ['terminal'],
    acts: false,
    flags: [{ flag: '--quiet', short: 'q', help: 'Print nothing', rule: { modelled: 'git push -q' } }],
  },
  {
    command: 'grep',
    args: 'PATTERN',
    help: 'After a pipe: the lines that match',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--extended-regexp',
        short: 'E',
        help: 'Extended regular expressions',
        rule: { modelled: 'POSIX grep' },
      },
      { flag: '--ignore-case', short: 'i', help: 'Ignore case', rule: { modelled: 'POSIX grep' } },
      {
        flag: '--invert-match',
        short: 'v',
        help: 'The lines that do not match',
        rule: { modelled: 'POSIX grep' },
      },
    ],
  },
  {
    command: 'sed',
    args: "-n '/RE/,$p'",
    help: 'After a pipe: the lines from the first match on',
    in: ['terminal'],
    acts: false,
    flags: [
      { flag: '--quiet', short: 'n', help: 'Print only what p prints', rule: { modelled: 'POSIX sed -n' } },
    ],
  },
  {
    command: 'head',
    args: '-N',
    help: 'After a pipe: the first N lines',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--lines',
        short: 'n',
        value: 'N',
        help: 'The number of lines',
        rule: { modelled: 'POSIX head -n' },
      },
    ],
  },
  {
    command: 'tail',
    args: '-N',
    help: 'After a pipe: the last N lines',
    in: ['terminal'],
    acts: false,
    flags: [
      {
        flag: '--lines',
        short: 'n',
        value: 'N',
        help: 'The number of lines',
        rule: { modelled: 'POSIX tail -n' },
      },
    ],
  },
  { command: 'echo', args: 'WORDS', help: 'Print the words', in: ['terminal'], acts: false, flags: [] },
  {
    command: 'help',
    args: '',
    help: 'Print what this terminal runs',
    in: ['terminal'],
    acts: false,
    flags: [],
  },
  { command: 'clear', args: '', help: 'Clear the terminal', in: ['terminal'], acts: false, flags: [] },
  {
    command: 'undo',
    args: '',
    help: 'Take the last intervention back',
    in: ['terminal'],
    acts: true,
    flags: [],
  },
];

/**
 * The row of a command line: the longest command of the table its leading words spell (`argocd app sync web` is
 * `argocd app sync`). Only words before the first flag count, as cobra finds a subcommand.
 */
export function commandRowOf(words: readonly string[]): CommandRow | undefined {
  let best: CommandRow | undefined;
  for (const row of commandTable) {
    const path = row.command.split(' ');
    if (path.length <= words.length && path.every((w, i) => words[i] === w))
      if (!best || path.length > best.command.split(' ').length) best = row;
  }
  return best;
}

/** The flag row a word names (`--dry-run`, `-l`), or undefined. */
export function flagRowOf(row: CommandRow, name: string): FlagRow | undefined {
  return row.flags.find((f) => f.flag === name || (f.short !== undefined && `-${f.short}` === name));
}
