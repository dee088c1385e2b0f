import { appListLines, tabwriter } from '../appList';
import type { ApplicationJson, Json } from '../../engine';
import { appText } from './appText';
import { argocdProj } from './argocdProj';
import { appSyncWindow } from '../syncWindowText';
import { sync, wait } from './argocdWait';
import { fail, ok, type CommandOutput } from './output';
import { toJson, toYaml } from './outputFormats';
import type { World } from './world';

/**
 * `argocd app get|list|history|sync|wait` against the Applications at the cursor (argocd-semantics.md §5.6).
 * `get` prints what `argocd app get` prints (appGetText, shared with the CLI), `list` what `argocd app list`
 * prints (src/text/appList.ts, shared with the CLI); `sync` and `wait` move the cursor, since the run
 * already holds what would happen (argocdWait.ts).
 */
export function argocd(world: World, words: string[]): CommandOutput {
  const [group, verb, ...rest] = words;
  if (group === 'proj')
    return argocdProj(
      world,
      [verb, ...rest].filter((w) => w !== undefined),
    );
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
  const given = positional[0];
  if (!given) return fail(`FATA[0000] argocd app ${verb} APPNAME: an application name is required`);
  const name = given.replace(/^argocd\//, '');
  const app = world.appNamed(name);
  if (!app)
    return fail(`FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "${name}" not found`);
  switch (verb) {
    case 'get':
      if (output === 'json') return ok(toJson(app).split('\n'));
      if (output === 'yaml') return ok(toYaml(app).replace(/\n$/, '').split('\n'));
      if (output && output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
      return ok(appText(app, flags.has('--show-operation'), appSyncWindow(world.objects(), app, world.t)));
    case 'history':
      return history(app);
    case 'sync':
      return sync(world, name, flags.has('--async'), timeoutOf(rest));
    default:
      return wait(world, name, flags, timeoutOf(rest));
  }
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
  const apps = world.apps();
  if (output === 'name') return ok(apps.map((a) => `argocd/${a.metadata.name}`));
  if (output === 'json') return ok(toJson(apps).split('\n'));
  if (output === 'yaml') return ok(toYaml(apps).replace(/\n$/, '').split('\n'));
  if (output && output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
  return ok(appListLines(apps));
}

/**
 * `argocd app history`: Argo CD records a deployment in `status.history` only when a sync succeeds (§5.4). The
 * Application carries that list at the cursor (a single app's earlier revisions among it, synced before t 0),
 * printed as the CLI prints it (`main (ef2ea04)`).
 */
function history(app: ApplicationJson): CommandOutput {
  const entries: Json[] = (app.status as { history?: Json[] }).history ?? [];
  // printApplicationHistoryTable: the source's target revision, then the first 7 of the SHA deployed.
  const rows = entries.map((h) => {
    const sha: string = h.revision ?? '';
    const target: string = h.source?.targetRevision ?? '';
    return [
      String(h.id),
      goTime(new Date(h.deployedAt)),
      sha.length >= 7 ? `${target} (${sha.slice(0, 7)})` : target,
    ];
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
