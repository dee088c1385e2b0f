import type { JsonAny, KubeObject } from '../../engine';
import { kubectlTable } from './humanDuration';
import type { KubectlArgs } from './kubectlArgs';
import { kindNamed, kinds, qualified, typeName, type KindInfo } from './kubectlKinds';
import { kubectlEvents } from './kubectlEvents';
import { fail, ok, type CommandOutput } from './output';
import { jsonPath, toJson, toYaml } from './outputFormats';
import type { World } from './world';

/** What `kubectl get all` lists, in kubectl's order. */
const allKinds = ['Pod', 'Service', 'Deployment', 'ReplicaSet', 'StatefulSet', 'Job'];

/** `kubectl get TYPE[,TYPE…] [NAME…] | TYPE/NAME …` against the cluster at the cursor. */
export function kubectlGet(world: World, args: KubectlArgs): CommandOutput {
  const [first, ...names] = args.positional;
  if (!first)
    return fail(
      'error: you must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  if (/^(events?|ev)$/i.test(first)) return kubectlEvents(world, args);
  const ns = args.namespace ?? world.namespace;
  // `TYPE/NAME` arguments, each with its own type.
  if (first.includes('/')) {
    const wanted: { kind: KindInfo; name: string }[] = [];
    for (const word of args.positional) {
      const [type, name] = word.split('/', 2);
      const kind = kindNamed(type);
      if (!kind) return unknownType(type);
      if (!name) return fail(`error: arguments in resource/name form must have a single resource and name`);
      wanted.push({ kind, name });
    }
    return printNamed(world, args, ns, wanted, wanted.length > 1);
  }
  const types = first.split(',').flatMap((t) => (t.toLowerCase() === 'all' ? allKinds : [t]));
  const infos: KindInfo[] = [];
  for (const t of types) {
    const kind = kinds.find((k) => k.kind === t) ?? kindNamed(t);
    if (!kind) return unknownType(t);
    infos.push(kind);
  }
  if (names.length > 0) {
    if (infos.length > 1) return fail('error: you must specify only one resource type when naming objects');
    return printNamed(
      world,
      args,
      ns,
      names.map((name) => ({ kind: infos[0], name })),
      false,
    );
  }
  const groups = infos.map((kind) => ({
    kind,
    objects: listOf(world, kind, args.allNamespaces ? undefined : ns),
  }));
  const found = groups.flatMap((g) => g.objects);
  if (args.output && args.output !== 'wide') return printObjects(found, args.output, true);
  if (found.length === 0)
    return ok([args.allNamespaces ? 'No resources found' : `No resources found in ${ns} namespace.`]);
  const prefix = infos.length > 1;
  const lines: string[] = [];
  for (const g of groups) {
    if (g.objects.length === 0) continue;
    if (lines.length) lines.push('');
    lines.push(...table(world, g.kind, g.objects, args, prefix));
  }
  return ok(lines);
}

function unknownType(type: string): CommandOutput {
  return fail(`error: the server doesn't have a resource type "${type}"`);
}

export function listOf(world: World, kind: KindInfo, ns: string | undefined): KubeObject[] {
  const namespaced = kind.kind !== 'Namespace';
  return world
    .objects()
    .filter((o) => o.kind === kind.kind && (!namespaced || ns === undefined || o.metadata.namespace === ns))
    .sort((a, b) => {
      const ka = `${a.metadata.namespace ?? ''}/${a.metadata.name ?? ''}`;
      const kb = `${b.metadata.namespace ?? ''}/${b.metadata.name ?? ''}`;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
}

/** The object a command names, or kubectl's NotFound error for it. */
export function findObject(
  world: World,
  kind: KindInfo,
  ns: string,
  name: string,
): { obj: KubeObject } | { error: string } {
  const obj = listOf(world, kind, ns).find((o) => o.metadata.name === name);
  return obj ? { obj } : { error: `Error from server (NotFound): ${qualified(kind)} "${name}" not found` };
}

function printNamed(
  world: World,
  args: KubectlArgs,
  ns: string,
  wanted: { kind: KindInfo; name: string }[],
  prefix: boolean,
): CommandOutput {
  const found: { kind: KindInfo; obj: KubeObject }[] = [];
  const errors: string[] = [];
  for (const w of wanted) {
    const hit = findObject(world, w.kind, ns, w.name);
    if ('obj' in hit) found.push({ kind: w.kind, obj: hit.obj });
    else errors.push(hit.error);
  }
  let out: CommandOutput;
  if (args.output && args.output !== 'wide') {
    out = found.length
      ? printObjects(
          found.map((f) => f.obj),
          args.output,
          found.length > 1,
        )
      : ok([]);
  } else {
    const lines: string[] = [];
    for (const kind of new Set(found.map((f) => f.kind))) {
      if (lines.length) lines.push('');
      const objs = found.filter((f) => f.kind === kind).map((f) => f.obj);
      lines.push(...table(world, kind, objs, args, prefix));
    }
    out = ok(lines);
  }
  if (errors.length === 0) return out;
  return { lines: [...out.lines, ...errors], failed: true };
}

function table(
  world: World,
  kind: KindInfo,
  objects: KubeObject[],
  args: KubectlArgs,
  prefix: boolean,
): string[] {
  const wide = args.output === 'wide';
  const header = [...kind.columns, ...(wide ? kind.wide : [])];
  const rows = objects.map((o) => {
    const row = kind.row(o, world.nowMs, wide);
    if (prefix) row[0] = typeName(kind, row[0]);
    if (args.allNamespaces) row.unshift(o.metadata.namespace ?? '');
    if (args.showLabels) row.push(labelsText(o.metadata.labels));
    return row;
  });
  if (args.allNamespaces) header.unshift('NAMESPACE');
  if (args.showLabels) header.push('LABELS');
  return kubectlTable(header, rows);
}

function labelsText(labels: Record<string, string> | undefined): string {
  const text = Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return text || '<none>';
}

/** `-o json|yaml|name|jsonpath=…` of one object or, for several or a listing, of a `List`. */
export function printObjects(objects: KubeObject[], output: string, asList: boolean): CommandOutput {
  const value: JsonAny = asList
    ? { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } }
    : objects[0];
  if (output === 'json') return ok(toJson(value).split('\n'));
  if (output === 'yaml') return ok(toYaml(value).replace(/\n$/, '').split('\n'));
  if (output === 'name')
    return ok(
      objects.map((o) => {
        const kind = kinds.find((k) => k.kind === o.kind);
        return kind ? typeName(kind, o.metadata.name ?? '') : `${o.kind.toLowerCase()}/${o.metadata.name}`;
      }),
    );
  const template = /^jsonpath=(.*)$/s.exec(output)?.[1];
  if (template !== undefined) {
    const r = jsonPath(template, value);
    if (!r.ok) return fail(r.error);
    // kubectl prints no newline after a JSONPath result (the course adds `; echo`).
    return { lines: [r.text], noNewline: true };
  }
  return fail(
    `error: unable to match a printer suitable for the output format "${output}", allowed formats are: json,jsonpath,name,wide,yaml`,
  );
}
