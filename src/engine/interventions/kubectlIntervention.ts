import { commandRowOf, flagRowOf } from './commandTable';
import { resourceType, type ResourceType } from './resourceTypes';

/**
 * A `kubectl` command an intervention runs on the simulated cluster, parsed from its words. Every form is one that
 * kubectl itself accepts, with one exception the sandbox must make: it has no text editor, so `kubectl edit`
 * takes the change it would send as a patch after `-p` (what kubectl computes from the edited file and sends).
 */
export interface Target {
  type: ResourceType;
  name: string;
  namespace: string;
}

export type PatchType = 'strategic' | 'merge' | 'json';

export type KubectlIntervention =
  | { verb: 'delete'; targets: Target[] }
  | { verb: 'scale'; target: Target; replicas: number }
  | { verb: 'patch' | 'edit'; target: Target; patch: string; patchType: PatchType }
  | { verb: 'apply'; file: string; namespace: string }
  | { verb: 'set-image'; target: Target; images: { container: string; image: string }[] }
  | {
      verb: 'annotate' | 'label';
      target: Target;
      set: { key: string; value: string }[];
      remove: string[];
      overwrite: boolean;
    }
  | { verb: 'rollout-restart'; target: Target };

/** The verbs an intervention accepts, for help texts. */
export const kubectlVerbs = [
  'delete',
  'scale',
  'edit',
  'patch',
  'apply -f',
  'set image',
  'annotate',
  'label',
  'rollout restart',
];

type Parsed = KubectlIntervention | { error: string };

/** The flags that take the next word as their value (`-n NS`, `-p PATCH`, …). */
const valued = new Set(['-n', '--namespace', '-p', '--patch', '--type', '--replicas', '-f', '--filename']);

/**
 * `kubectl …` words (the first being `kubectl`) sorted into flags with values, boolean flags and arguments, the
 * verb being the first argument; an error when a valued flag ends the line.
 */
export function kubectlArgs(
  words: readonly string[],
): { flags: Map<string, string>; bools: Set<string>; args: string[] } | { error: string } {
  const flags = new Map<string, string>();
  const bools = new Set<string>();
  const args: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq > 0) flags.set(w.slice(0, eq), w.slice(eq + 1));
    else if (valued.has(w)) {
      if (i + 1 >= words.length) return { error: `error: flag needs an argument: ${w}` };
      flags.set(w, words[++i]);
    } else if (w.startsWith('-') && w.length > 1 && !/^-\d/.test(w) && !w.endsWith('-')) bools.add(w);
    else args.push(w);
  }
  return { flags, bools, args };
}

/** Parse `kubectl …` words (the first being `kubectl`); errors are kubectl's own words. */
export function parseKubectl(words: readonly string[], defaultNamespace = 'default'): Parsed {
  const split = kubectlArgs(words);
  if ('error' in split) return split;
  const { flags, bools, args } = split;
  const refused = flagRefusal(args, [...flags.keys(), ...bools]);
  if (refused) return { error: refused };
  const namespace = flags.get('-n') ?? flags.get('--namespace') ?? defaultNamespace;
  const [verb, ...rest] = args;
  switch (verb) {
    case 'delete': {
      const targets = targetsOf(rest, namespace);
      if ('error' in targets) return targets;
      if (targets.list.length === 0)
        return { error: 'error: resource(s) were provided, but no name was specified' };
      return { verb: 'delete', targets: targets.list };
    }
    case 'scale': {
      const target = oneTarget(rest, namespace);
      if ('error' in target) return target;
      const replicas = flags.get('--replicas');
      if (replicas === undefined || !/^\d+$/.test(replicas))
        return {
          error: 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0',
        };
      return { verb: 'scale', target: target.target, replicas: Number(replicas) };
    }
    case 'edit':
    case 'patch': {
      const target = oneTarget(rest, namespace);
      if ('error' in target) return target;
      const patch = flags.get('-p') ?? flags.get('--patch');
      if (patch === undefined)
        return verb === 'patch'
          ? { error: 'error: must specify --patch or --patch-file containing the contents of the patch' }
          : {
              error:
                'error: the sandbox has no editor: give the change as kubectl edit TYPE/NAME -p PATCH (what kubectl would send)',
            };
      const patchType = flags.get('--type') ?? 'strategic';
      if (patchType !== 'strategic' && patchType !== 'merge' && patchType !== 'json')
        return {
          error: `error: --type must be one of [json merge strategic], not "${patchType}"`,
        };
      // kubectl reads the patch before it asks the server for the object (RunPatch: yaml.ToJSON first).
      try {
        JSON.parse(patch);
      } catch (error) {
        return { error: `error: unable to parse "${patch}": ${(error as Error).message}` };
      }
      return { verb, target: target.target, patch, patchType };
    }
    case 'apply': {
      const file = flags.get('-f') ?? flags.get('--filename');
      if (!file) return { error: 'error: must specify one of -f and -k' };
      return { verb: 'apply', file, namespace };
    }
    case 'set': {
      if (rest[0] !== 'image')
        return { error: `error: unknown command "${rest[0] ?? ''}" for "kubectl set"` };
      const pairs = rest.slice(1).filter((a) => a.includes('='));
      const target = oneTarget(
        rest.slice(1).filter((a) => !a.includes('=')),
        namespace,
      );
      if ('error' in target) return target;
      if (pairs.length === 0) return { error: 'error: at least one image update is required' };
      const images = pairs.map((p) => {
        const at = p.indexOf('=');
        return { container: p.slice(0, at), image: p.slice(at + 1) };
      });
      return { verb: 'set-image', target: target.target, images };
    }
    case 'annotate':
    case 'label': {
      const changes = rest.filter((a) => a.includes('=') || (a.endsWith('-') && a.length > 1));
      const target = oneTarget(
        rest.filter((a) => !changes.includes(a)),
        namespace,
      );
      if ('error' in target) return target;
      if (changes.length === 0)
        return {
          error: `error: at least one ${verb === 'label' ? 'label' : 'annotation'} update is required`,
        };
      const set: { key: string; value: string }[] = [];
      const remove: string[] = [];
      for (const c of changes) {
        const at = c.indexOf('=');
        if (at < 0) remove.push(c.slice(0, -1));
        else set.push({ key: c.slice(0, at), value: c.slice(at + 1) });
      }
      return { verb, target: target.target, set, remove, overwrite: bools.has('--overwrite') };
    }
    case 'rollout': {
      if (rest[0] !== 'restart')
        return { error: `error: unknown command "${rest[0] ?? ''}" for "kubectl rollout"` };
      const target = oneTarget(rest.slice(1), namespace);
      if ('error' in target) return target;
      if (!['Deployment', 'StatefulSet', 'DaemonSet'].includes(target.target.type.kind))
        return {
          error: `error: ${target.target.type.resource}.${target.target.type.group || 'core'} "${target.target.name}" restarting is not supported`,
        };
      return { verb: 'rollout-restart', target: target.target };
    }
    default:
      return {
        error: `error: the sandbox's kubectl changes the cluster with ${kubectlVerbs.join(', ')}; not "${verb ?? ''}"`,
      };
  }
}

/** `TYPE NAME…` or `TYPE/NAME …`, as kubectl reads resource arguments. */
function targetsOf(args: readonly string[], namespace: string): { list: Target[] } | { error: string } {
  const list: Target[] = [];
  if (args.length === 0) return { error: 'error: you must specify the type of resource to get' };
  if (args.every((a) => a.includes('/'))) {
    for (const a of args) {
      const [word, name] = a.split('/', 2);
      const type = resourceType(word);
      if (!type) return unknownType(word);
      if (!name)
        return { error: `error: arguments in resource/name form must have a single resource and name` };
      list.push({ type, name, namespace });
    }
    return { list };
  }
  if (args.some((a) => a.includes('/')))
    return {
      error:
        "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'",
    };
  const type = resourceType(args[0]);
  if (!type) return unknownType(args[0]);
  for (const name of args.slice(1)) list.push({ type, name, namespace });
  return { list };
}

function oneTarget(args: readonly string[], namespace: string): { target: Target } | { error: string } {
  const targets = targetsOf(args, namespace);
  if ('error' in targets) return targets;
  if (targets.list.length === 0)
    return { error: 'error: resource(s) were provided, but no name was specified' };
  if (targets.list.length > 1) return { error: 'error: only one resource can be changed at a time here' };
  return { target: targets.list[0] };
}

function unknownType(word: string): { error: string } {
  return { error: `error: the server doesn't have a resource type "${word}"` };
}

/**
 * The command table's answer to the flags of a kubectl intervention (commandTable.ts): none is accepted and ignored.
 * A flag kubectl does not have is refused in its words; one it has that the sandbox does not model, with a sentence.
 */
function flagRefusal(args: readonly string[], given: readonly string[]): string | undefined {
  const row = commandRowOf(['kubectl', ...args]);
  if (!row) return undefined;
  for (const name of given) {
    const flag = flagRowOf(row, name);
    if (!flag)
      return name.startsWith('--')
        ? `error: unknown flag: ${name}`
        : `error: unknown shorthand flag: '${name[1]}' in ${name}`;
    if ('notModelled' in flag.rule) return `${row.command} ${flag.flag}: ${flag.rule.notModelled}`;
  }
  return undefined;
}
