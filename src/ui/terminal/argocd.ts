import { appGetText } from '../../cli/commands/appGetText';
import { frameAt } from '../state/frameAt';
import { fail, ok, type CommandOutput } from './output';
import { toJson, toYaml } from './outputFormats';
import { World } from './world';

/**
 * `argocd app get|list|history|sync|wait` against the Application at the cursor (argocd-semantics.md §5.6).
 * `get` prints what `argocd app get` prints (appGetText, shared with the CLI); `sync` and `wait` move the
 * cursor, since the run already holds what would happen. The single-app engine runs one operation per run,
 * starting at t = 0, so `sync` is that operation, and says so plainly when it cannot be.
 */
export function argocd(world: World, words: string[]): CommandOutput {
  const [group, verb, ...rest] = words;
  if (group !== 'app')
    return fail(
      `Error: unknown command "${group ?? ''}" for "argocd" (this terminal runs argocd app get|list|history|sync|wait)`,
    );
  const flags = new Set(rest.filter((w) => w.startsWith('-')));
  const output = valueOf(rest, '-o') ?? valueOf(rest, '--output');
  const positional = positionalOf(rest);
  if (verb === 'list') return list(world, output);
  if (!['get', 'history', 'sync', 'wait'].includes(verb ?? ''))
    return fail(
      `Error: unknown command "${verb ?? ''}" for "argocd app" (get, list, history, sync and wait are available here)`,
    );
  const name = positional[0];
  if (!name) return fail(`FATA[0000] argocd app ${verb} APPNAME: an application name is required`);
  if (name !== world.appName && name !== `argocd/${world.appName}`)
    return fail(
      `FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "${name.replace(/^argocd\//, '')}" not found`,
    );
  switch (verb) {
    case 'get':
      if (output === 'json') return ok(toJson(world.app()).split('\n'));
      if (output === 'yaml') return ok(toYaml(world.app()).replace(/\n$/, '').split('\n'));
      if (output && output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
      return ok(text(world, flags.has('--show-operation')));
    case 'history':
      return history(world);
    case 'sync':
      return sync(world, flags.has('--async'), timeoutOf(rest));
    default:
      return wait(world, flags, timeoutOf(rest));
  }
}

function text(world: World, showOperation: boolean): string[] {
  return appGetText(world.app(), { showOperation }).replace(/\n$/, '').split('\n');
}

function valueOf(words: string[], flag: string): string | undefined {
  const i = words.indexOf(flag);
  if (i >= 0) return words[i + 1];
  return words.find((w) => w.startsWith(`${flag}=`))?.slice(flag.length + 1);
}

const takesValue = new Set(['-o', '--output', '--timeout', '--revision', '--app-namespace', '-N']);

function positionalOf(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (takesValue.has(words[i])) i++;
    else if (!words[i].startsWith('-')) out.push(words[i]);
  }
  return out;
}

function timeoutOf(words: string[]): number | undefined {
  const v = valueOf(words, '--timeout');
  return v !== undefined && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

function list(world: World, output: string | undefined): CommandOutput {
  const app = world.app();
  if (output === 'name') return ok([`argocd/${app.metadata.name}`]);
  if (output === 'json') return ok(toJson([app]).split('\n'));
  if (output === 'yaml') return ok(toYaml([app]).replace(/\n$/, '').split('\n'));
  const header = [
    'NAME',
    'CLUSTER',
    'NAMESPACE',
    'PROJECT',
    'STATUS',
    'HEALTH',
    'SYNCPOLICY',
    'CONDITIONS',
    'REPO',
    'PATH',
    'TARGET',
  ];
  const row = [
    `argocd/${app.metadata.name}`,
    app.spec.destination.server,
    app.spec.destination.namespace,
    app.spec.project,
    app.status.sync.status,
    app.status.health.status,
    'Manual',
    '<none>',
    app.spec.source.repoURL,
    '',
    app.spec.source.targetRevision.slice(0, 7),
  ];
  return ok(tabwriter([header, row]));
}

/** Argo CD's CLI tables use Go's tabwriter with a padding of 2. */
function tabwriter(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i] + 2) : c))
      .join('')
      .trimEnd(),
  );
}

/**
 * `argocd app history`: Argo CD records a deployment in `status.history` only when a sync succeeds. The syncs
 * of earlier revisions (before t = 0) and this run's, if it has succeeded by the cursor.
 */
function history(world: World): CommandOutput {
  const app = world.app();
  const ends = world.run.events.filter(
    (e) => e.type === 'operation' && e.phase === 'Succeeded' && e.t <= world.t,
  );
  const revisions = world.revisions;
  const rows = ends.map((e, i) => {
    const current = e.t >= 0;
    const sha = current ? app.status.sync.revision : (revisions[i]?.sha ?? '');
    const label = current ? revisions.at(-1)?.name : revisions[i]?.name;
    const at = new Date(world.nowMs - (world.t - e.t) * 1000);
    return [String(i), goTime(at), `${sha.slice(0, 7)}${label ? ` (${label})` : ''}`];
  });
  const lines = [`SOURCE  ${app.spec.source.repoURL}`];
  lines.push(...tabwriter([['ID', 'DATE', 'REVISION'], ...rows]));
  return ok(lines);
}

/** Go's time.Time String(): `2026-01-01 00:00:00 +0000 UTC`. */
function goTime(d: Date): string {
  return d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' +0000 UTC');
}

/** When this run's operation ended, in virtual seconds, if it did. */
function operationEnd(world: World): { t: number; phase: string } | undefined {
  const last = world.run.events.filter((e) => e.type === 'operation' && e.t >= 0).at(-1);
  if (last?.type !== 'operation' || last.phase === 'Running' || last.phase === 'Terminating')
    return undefined;
  return { t: last.t, phase: last.phase };
}

function sync(world: World, async: boolean, timeout: number | undefined): CommandOutput {
  const end = operationEnd(world);
  if (world.t > 0 && !world.operationEnded())
    return fail(
      'FATA[0000] rpc error: code = FailedPrecondition desc = another operation is already in progress',
    );
  if (world.t > 0)
    return fail(
      `This run holds one sync, which ended at ${end?.t.toFixed(1) ?? '?'} s (${world.frame.operation?.phase ?? 'no operation'}); the sandbox cannot start a second one in the same run. Move the cursor to 0 s to watch it again.`,
    );
  if (async)
    return ok(
      [
        "This run's sync is the one this command starts: press Play (or run `argocd app wait` to jump ahead).",
      ],
      0,
    );
  if (!end)
    return fail(
      `FATA[0000] the operation of this run never ends (it is still running at ${world.run.endT.toFixed(1)} s)`,
    );
  if (timeout !== undefined && end.t > timeout)
    return {
      lines: [
        `FATA[${String(timeout).padStart(4, '0')}] timed out (${timeout}s) waiting for app "${world.appName}"`,
      ],
      failed: true,
      seek: timeout,
    };
  const after = new World(world.run, end.t, world.revisions);
  const lines = text(after, true);
  if (end.phase !== 'Succeeded')
    return {
      lines: [
        ...lines,
        `FATA[${String(Math.round(end.t)).padStart(4, '0')}] Operation has completed with phase: ${end.phase}`,
      ],
      failed: true,
      seek: end.t,
    };
  return ok(lines, end.t);
}

/** `argocd app wait NAME [--sync] [--health] [--operation]`: the first moment from the cursor on where all hold. */
function wait(world: World, flags: Set<string>, timeout: number | undefined): CommandOutput {
  const any = flags.has('--sync') || flags.has('--health') || flags.has('--operation');
  const needSync = flags.has('--sync') || !any;
  const needHealth = flags.has('--health') || !any;
  const needOp = flags.has('--operation') || !any;
  const holds = (t: number) => {
    const f = frameAt(world.run.events, t);
    const opDone = f.operation?.phase !== 'Running' && f.operation?.phase !== 'Terminating';
    return (
      (!needSync || f.app?.sync === 'Synced') &&
      (!needHealth || f.app?.health === 'Healthy') &&
      (!needOp || opDone)
    );
  };
  const candidates = [world.t, ...world.run.events.filter((e) => e.t > world.t).map((e) => e.t)];
  const at = candidates.find((t, i) => (i === 0 || t !== candidates[i - 1]) && holds(t));
  if (at === undefined || (timeout !== undefined && at - world.t > timeout)) {
    if (timeout !== undefined)
      return {
        lines: [
          `FATA[${String(timeout).padStart(4, '0')}] timed out (${timeout}s) waiting for app "${world.appName}"`,
        ],
        failed: true,
        seek: Math.min(world.t + timeout, world.run.endT),
      };
    const f = frameAt(world.run.events, world.run.endT);
    return fail(
      `It never happens in this run: at its end (${world.run.endT.toFixed(1)} s) the app is ${f.app?.sync ?? 'Unknown'} and ${f.app?.health ?? 'Unknown'}, the last sync ${f.operation?.phase ?? 'not run'}.`,
    );
  }
  return ok(
    appGetText(new World(world.run, at, world.revisions).app(), { showOperation: false })
      .replace(/\n$/, '')
      .split('\n'),
    at,
  );
}
