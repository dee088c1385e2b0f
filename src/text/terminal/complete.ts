import { commandRowOf, commandTable } from '../../engine';
import { kinds } from './kubectlKinds';
import type { World } from './world';

/** What Tab does: the line completed as far as it is unambiguous, and the choices when there are several. */
export interface Completion {
  line: string;
  choices: string[];
}

/** The terminal's commands under a prefix (`argocd app` → get, list, …), read from the command table. */
function subcommands(prefix: string): string[] {
  const depth = prefix.split(' ').length;
  return [
    ...new Set(
      commandTable
        .filter((r) => r.in.includes('terminal') && r.command.startsWith(`${prefix} `))
        .map((r) => r.command.split(' ')[depth]),
    ),
  ];
}

/** A command's flags as the table lists them, modelled ones only (those refused would only be refused). */
function flagsOf(words: readonly string[]): string[] {
  const row = commandRowOf(words);
  if (!row) return [];
  return row.flags.filter((f) => 'modelled' in f.rule).map((f) => f.flag);
}

const argocdVerbs = subcommands('argocd app');
const kubectlVerbs = subcommands('kubectl');
const kindWords = [...kinds.map((k) => k.resource), 'events', 'all'];
const logKinds: Record<string, string> = { job: 'Job', pod: 'Pod', deploy: 'Deployment', sts: 'StatefulSet' };

/**
 * Complete the last word of a line from the commands, kinds and names this terminal knows, with the names of
 * the objects that exist at the cursor (in the namespace `-n` names, else the app's).
 */
export function complete(line: string, world: World): Completion {
  const words = line.split(/\s+/);
  const current = words.pop() ?? '';
  const before = words.filter((w) => w.length > 0);
  const choices = candidates(before, current, world).filter((c) => c.startsWith(current));
  if (choices.length === 0) return { line, choices: [] };
  const common = choices.reduce((a, b) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return a.slice(0, i);
  });
  const done = choices.length === 1 && !common.endsWith('/');
  const head = line.slice(0, line.length - current.length);
  return { line: head + common + (done ? ' ' : ''), choices: choices.length > 1 ? choices : [] };
}

function candidates(before: string[], current: string, world: World): string[] {
  if (before.length === 0) return ['argocd', 'kubectl', 'git', 'help', 'clear', 'undo'];
  const [program, ...rest] = before;
  if (program === 'argocd') {
    if (rest.length === 0)
      return [
        ...new Set(
          commandTable.filter((r) => r.command.startsWith('argocd ')).map((r) => r.command.split(' ')[1]),
        ),
      ];
    if (rest.length === 1) return argocdVerbs;
    if (current.startsWith('-')) return flagsOf(before);
    return rest.length === 2 ? world.apps().map((a) => a.metadata.name) : flagsOf(before);
  }
  if (program === 'git')
    return rest.length === 0 ? subcommands('git') : current.startsWith('-') ? flagsOf(before) : [];
  if (program !== 'kubectl') return [];
  const last = before[before.length - 1];
  if (last === '-n' || last === '--namespace') return namespaces(world);
  // Drop flags and their values to find the verb, the kind and the names typed so far.
  const plain: string[] = [];
  let ns = world.namespace;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '-n' || rest[i] === '--namespace') ns = rest[++i] ?? ns;
    else if (rest[i] === '-o' || rest[i] === '--tail') i++;
    else if (!rest[i].startsWith('-')) plain.push(rest[i]);
  }
  if (current.startsWith('-')) return plain.length === 0 ? ['-n', '-A'] : flagsOf(['kubectl', plain[0]]);
  if (plain.length === 0) return kubectlVerbs;
  const [verb, kindWord] = plain;
  if (verb === 'logs') {
    if (plain.length > 1) return [];
    return Object.entries(logKinds).flatMap(([prefix, kind]) =>
      namesOf(world, kind, ns).map((n) => `${prefix}/${n}`),
    );
  }
  if (verb !== 'get' && verb !== 'describe') return [];
  if (plain.length === 1) return kindWords;
  const kind = kinds.find((k) => k.names.includes(kindWord.toLowerCase()));
  return kind ? namesOf(world, kind.kind, ns) : [];
}

function namesOf(world: World, kind: string, ns: string): string[] {
  return world
    .objects()
    .filter((o) => o.kind === kind && (kind === 'Namespace' || o.metadata.namespace === ns))
    .map((o) => o.metadata.name ?? '')
    .sort();
}

function namespaces(world: World): string[] {
  const all = new Set(
    world
      .objects()
      .map((o) => o.metadata.namespace)
      .filter((n): n is string => Boolean(n)),
  );
  return [...all].sort();
}
