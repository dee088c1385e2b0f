import type { CommandRow, FlagRow } from './commandRow';

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

/** The `kubectl …` rows of the command table: the terminal's reading verbs, then the interventions. */
export const kubectlCommands: readonly CommandRow[] = [
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
];
