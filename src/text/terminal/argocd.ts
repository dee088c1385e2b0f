import { appListLines, tabwriter } from '../appList';
import { commandRowOf, flagOn, flagRowOf, flagValue, parseCommandFlags } from '../../engine';
import type { ApplicationJson, JsonAny } from '../../engine';
import { appText } from './appText';
import { argocdCluster } from './argocdCluster';
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
  if (group === 'cluster')
    return argocdCluster(
      world,
      [verb, ...rest].filter((w) => w !== undefined),
    );
  if (group === 'proj')
    return argocdProj(
      world,
      [verb, ...rest].filter((w) => w !== undefined),
    );
  if (group !== 'app')
    return fail(
      `Error: unknown command "${group ?? ''}" for "argocd" (this terminal runs argocd app get|list|history|sync|wait)`,
    );
  const row = commandRowOf(['argocd', ...words]);
  if (!row || !['get', 'list', 'history', 'sync', 'wait'].includes(verb ?? ''))
    return fail(
      `Error: unknown command "${verb ?? ''}" for "argocd app" (get, list, history, sync and wait are available here)`,
    );
  // The command table reads the flags (a flag's value is never an argument; one not modelled is refused).
  const parsed = parseCommandFlags(row, words.slice(2));
  if ('error' in parsed) return fail(parsed.error);
  const output = flagValue(parsed, '--output');
  const positional = parsed.args;
  if (verb === 'list') return list(world, output);
  const given = positional[0];
  if (!given) return fail(`FATA[0000] argocd app ${verb} APPNAME: an application name is required`);
  // A second name is never dropped: `sync` and `wait` take several in Argo CD (each in turn), `get` and `history`
  // one (the CLI prints its help and exits 1).
  if (positional.length > 1)
    return fail(
      verb === 'sync' || verb === 'wait'
        ? `argocd app ${verb} with several names handles them one after another in Argo CD; this terminal takes one name a command`
        : `argocd app ${verb} takes one APPNAME, not ${positional.length} (the CLI prints its help and exits 1)`,
    );
  const name = given.replace(/^argocd\//, '');
  const app = world.appNamed(name);
  if (!app)
    return fail(`FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "${name}" not found`);
  const timeout = timeoutOf(flagValue(parsed, '--timeout'));
  switch (verb) {
    case 'get':
      if (output === 'json') return ok(toJson(app).split('\n'));
      if (output === 'yaml') return ok(toYaml(app).replace(/\n$/, '').split('\n'));
      if (output && output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
      return ok(
        appText(app, flagOn(parsed, '--show-operation'), appSyncWindow(world.objects(), app, world.t)),
      );
    case 'history':
      return history(app, output);
    case 'sync':
      if ([...parsed.flags.keys()].some((flag) => flagRowOf(row, flag)?.acts))
        return fail(
          'argocd app sync with these flags is an intervention: the page runs it on the run at the cursor (this reader cannot)',
        );
      return sync(world, name, flagOn(parsed, '--async'), timeout);
    default:
      return wait(
        world,
        name,
        new Set(['--sync', '--health', '--operation'].filter((f) => flagOn(parsed, f))),
        timeout,
      );
  }
}

/** `--timeout N`: 0, the CLI's default, waits for ever. */
function timeoutOf(v: string | undefined): number | undefined {
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
function history(app: ApplicationJson, output: string | undefined): CommandOutput {
  const entries: JsonAny[] = (app.status as { history?: JsonAny[] }).history ?? [];
  // printApplicationHistoryIDs: one ID a line.
  if (output === 'id') return ok(entries.map((h) => String(h.id)));
  if (output && output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
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
