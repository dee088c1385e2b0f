import { commandRowOf, escapeControl, flagRowOf } from '../../engine';
import { commandHelp } from './commandHelp';
import { argocd } from './argocd';
import { runFilter } from './filters';
import { git } from './git';
import { interventionHelp } from './interventionLine';
import { parseKubectlArgs } from './kubectlArgs';
import { kubectlDescribe } from './kubectlDescribe';
import { kubectlGet } from './kubectlGet';
import { kubectlLogs } from './kubectlLogs';
import { worldInContext } from './kubectlContext';
import { fail, ok, type CommandOutput } from './output';
import { parseShellLine } from './shellLine';
import type { World } from './world';

/** What a whole typed line printed, and the cursor it leaves (the last `seek` of its commands). */
export interface LineResult {
  text: string;
  failed: boolean;
  seek: number | undefined;
}

export const HELP = [
  'Commands run against the simulated cluster at the cursor:',
  '  argocd app get NAME [--refresh] [--show-operation] [-o json|yaml]',
  '  argocd app list | argocd app history NAME',
  '  argocd app sync NAME [--async] [--timeout N]   argocd app wait NAME [--sync] [--health] [--timeout N]',
  '  kubectl get KIND [NAME] [-n NS|-A] [-o yaml|json|wide|name|jsonpath=…]   (pods, jobs, deploy, rs, sts, svc, cm, events, all)',
  '  kubectl describe KIND NAME      kubectl logs job/NAME|pod/NAME [-n NS] [--tail N]',
  '  kubectl --context NAME …  (a cluster Argo CD knows)      argocd cluster list',
  "After a pipe: grep [-E|-i|-v], sed -n '/RE/,$p', tail -N, head -N.  Also: ;  &&  >/dev/null  echo  clear",
  'COMMAND --help lists its flags; Tab completes commands, flags and names.',
];

/**
 * Run one typed line. `worldAt(t)` gives the world at a moment; a command that moves the cursor (`argocd app
 * wait`) makes the commands after it on the same line see the new moment. Every line printed passes through
 * escapeControl: nothing from the input can forge a line or drive the terminal.
 */
export function runLine(line: string, start: World, worldAt: (t: number) => World): LineResult {
  const parsed = parseShellLine(line);
  if (!parsed.ok) return { text: `bash: ${parsed.error}\n`, failed: true, seek: undefined };
  let world = start;
  let text = '';
  let failed = false;
  let seek: number | undefined;
  for (const pipeline of parsed.pipelines) {
    const [command, ...filters] = pipeline.stages;
    const out = runCommand(command, world);
    if (out.seek !== undefined) {
      seek = out.seek;
      world = worldAt(out.seek);
    }
    let lines = out.lines;
    let ended = !out.noNewline;
    for (const f of filters) {
      const r = runFilter(f, lines);
      if (!r.ok) {
        lines = [r.error];
        out.failed = true;
        break;
      }
      lines = r.lines;
      ended = true;
    }
    failed = Boolean(out.failed);
    if (pipeline.quiet && !out.failed) continue;
    if (lines.length > 0) text += lines.map(escapeControl).join('\n') + (ended ? '\n' : '');
    // `&&` is read as `;`: an error is printed and the rest of the line still runs, which only shows more.
  }
  return { text, failed, seek };
}

function runCommand(words: string[], world: World): CommandOutput {
  const [program, ...args] = words;
  // cobra's `-h`/`--help` on any command of the table: its help, read from the table (commandHelp.ts).
  const flagWords = words.includes('--') ? words.slice(0, words.indexOf('--')) : words;
  const row = commandRowOf(words);
  if (row && (flagWords.includes('--help') || flagWords.includes('-h')) && program !== 'grep')
    return ok(commandHelp(row));
  switch (program) {
    case 'argocd':
      return argocd(world, args);
    case 'kubectl':
      return kubectl(world, args);
    case 'echo':
      return ok([args.filter((a) => a !== '-n').join(' ')]);
    case 'help':
      return ok([...HELP, ...interventionHelp]);
    case 'git':
      return git(world, args);
    case 'cd':
    case 'vi':
    case 'vim':
    case 'nano':
      return fail(
        `${program}: not available here: this terminal reads the simulated cluster; the scenario's revisions are its Git history (pick a scenario or edit its manifests below)`,
      );
    default:
      return fail(`${program}: command not found (type help for what this terminal runs)`);
  }
}

function kubectl(current: World, words: string[]): CommandOutput {
  const parsed = parseKubectlArgs(words);
  if (!parsed.ok) return fail(parsed.error);
  const world = worldInContext(current, parsed.args.context);
  if ('error' in world) return fail(world.error);
  const [verb, ...positional] = parsed.args.positional;
  const args = { ...parsed.args, positional };
  // The command table says which flags each verb reads: one given to a verb that does not read it is refused,
  // as kubectl refuses it (`kubectl describe pod x --tail 5`), never ignored.
  const row = verb === undefined ? undefined : commandRowOf(['kubectl', verb]);
  if (row) {
    const given: [keyof typeof args, string][] = [
      ['namespace', '--namespace'],
      ['allNamespaces', '--all-namespaces'],
      ['output', '--output'],
      ['tail', '--tail'],
      ['follow', '--follow'],
      ['showLabels', '--show-labels'],
    ];
    for (const [field, flag] of given)
      if (args[field] !== undefined && args[field] !== false && !flagRowOf(row, flag))
        return {
          lines: [`error: unknown flag: ${flag}`, `See '${row.command} --help' for usage.`],
          failed: true,
        };
  }
  switch (verb) {
    case 'get':
      return kubectlGet(world, args);
    case 'describe':
      return kubectlDescribe(world, args);
    case 'logs':
      return kubectlLogs(world, args);
    case 'events':
      return kubectlGet(world, { ...args, positional: ['events'] });
    case undefined:
      return fail('error: kubectl needs a command: get, describe, logs or events (type help)');
    default:
      return fail(
        `error: unknown command "${verb}" for "kubectl" (this terminal reads the cluster: get, describe, logs, events)`,
      );
  }
}
