import { kinds } from './kubectlKinds';
import type { World } from './world';

/** What Tab does: the line completed as far as it is unambiguous, and the choices when there are several. */
export interface Completion {
  line: string;
  choices: string[];
}

const argocdVerbs = ['get', 'list', 'history', 'sync', 'wait'];
const argocdFlags = ['--show-operation', '--refresh', '--sync', '--health', '--async', '--timeout', '-o'];
const kubectlVerbs = ['get', 'describe', 'logs'];
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
  if (before.length === 0) return ['argocd', 'kubectl', 'help', 'clear'];
  const [program, ...rest] = before;
  if (program === 'argocd') {
    if (rest.length === 0) return ['app'];
    if (rest.length === 1) return argocdVerbs;
    if (current.startsWith('-')) return argocdFlags;
    return rest.length === 2 ? world.apps().map((a) => a.metadata.name) : argocdFlags;
  }
  if (program !== 'kubectl') return [];
  const last = before[before.length - 1];
  if (last === '-n' || last === '--namespace') return namespaces(world);
  if (current.startsWith('-')) return ['-n', '-A', '-o', '--tail', '--show-labels'];
  // Drop flags and their values to find the verb, the kind and the names typed so far.
  const plain: string[] = [];
  let ns = world.namespace;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '-n' || rest[i] === '--namespace') ns = rest[++i] ?? ns;
    else if (rest[i] === '-o' || rest[i] === '--tail') i++;
    else if (!rest[i].startsWith('-')) plain.push(rest[i]);
  }
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
