import type { JsonAny } from '../types';
import { parseSelectedResources, type SelectedResource } from '../argocd/selectedResources';
import { flagOn, flagValue, parseCommandFlags, type ParsedCommand } from './commandFlags';
import { commandRowOf } from './commandTable';

/**
 * What `argocd app sync` asks the API server for beyond the app (cmd/argocd/commands/app.go
 * `NewApplicationSyncCommand`, the `ApplicationSyncRequest` it builds): every flag of the command table that shapes
 * the operation.
 */
export interface SyncRequest {
  prune: boolean;
  dryRun: boolean;
  /** `--resource`, parsed (parseSelectedResources); the API server gets the app's resources they include. */
  resources: SelectedResource[];
  /** `--label KEY=VALUE`: the manifests carrying them are synced (resourcesByLabel.ts). */
  labels: { name: string; value: string }[];
  info: { name: string; value: string }[];
  /** `--strategy` and `--force`: set only when one of them is given. */
  strategy?: { apply: { force?: boolean } } | { hook: { force?: boolean } };
  /** `--replace`, `--server-side`, `--apply-out-of-sync-only` (syncOptionsFactory): they replace the app's own. */
  syncOptions?: string[];
  /** `--retry-limit` and the back-off flags, as `syncReq.RetryStrategy` (only with a limit other than 0). */
  retry?: {
    limit: number;
    refresh?: boolean;
    backoff: { duration: string; maxDuration: string; factor: number };
  };
}

/**
 * An `argocd app …` command that acts (cmd/argocd/commands/app.go): sync, a refresh (`get --refresh`),
 * terminate-op, rollback, confirm-deletion, and `set` of the sync policy (cmd/util/app.go `SetAppSpecOptions`).
 * A rollback without an ID rolls back to the previous deployment (`findRevisionHistory`, id -1).
 */
export type ArgocdIntervention =
  | { verb: 'sync'; app: string; request: SyncRequest }
  | { verb: 'sync-project'; projects: string[]; request: SyncRequest }
  | { verb: 'refresh'; app: string }
  | { verb: 'terminate-op'; app: string }
  | { verb: 'rollback'; app: string; id?: number; prune: boolean }
  | { verb: 'confirm-deletion'; app: string }
  | { verb: 'set'; app: string; syncPolicy?: 'automated' | 'manual'; flags: Record<string, boolean> };

export const argocdVerbs = [
  'app sync',
  'app get --refresh',
  'app terminate-op',
  'app rollback',
  'app confirm-deletion',
  'app set --sync-policy automated|none [--self-heal] [--auto-prune]',
];

/** The flags that make `argocd app get` a refresh, an action (without one it only reads). */
export const refreshFlags: readonly string[] = ['--refresh', '--hard-refresh'];

const unknownVerb = () => ({
  error: `Error: the sandbox's argocd acts with ${argocdVerbs.map((v) => `argocd ${v}`).join(', ')}`,
});

export function parseArgocd(words: readonly string[]): ArgocdIntervention | { error: string } {
  if (words[1] !== 'app') return unknownVerb();
  const row = commandRowOf(words);
  if (!row || row.command.split(' ').length < 3) return unknownVerb();
  const parsed = parseCommandFlags(row, words.slice(3));
  if ('error' in parsed) return parsed;
  const sub = words[2];
  const app = parsed.args[0];
  if (sub === 'sync' && !app && parsed.flags.has('--project')) {
    const request = syncRequestOf(parsed);
    if ('error' in request) return request;
    return { verb: 'sync-project', projects: parsed.flags.get('--project')!, request };
  }
  if (!app) return { error: `FATA[0000] An application name is required` };
  // `argocd app sync a b` syncs each in turn, waiting for one to finish before the next starts: a wait a timed
  // action cannot hold. The other verbs take exactly one name (`len(args) != 1`: the CLI prints its help, exit 1).
  if (sub === 'sync' && parsed.args.length > 1)
    return {
      error:
        'argocd app sync with several names syncs them one after another, each once the last has finished; the sandbox takes one name a command',
    };
  if (sub !== 'sync' && sub !== 'rollback' && parsed.args.length > 1)
    return {
      error: `argocd app ${sub} takes one APPNAME, not ${parsed.args.length} (the CLI prints its help and exits 1)`,
    };
  switch (sub) {
    case 'sync': {
      const request = syncRequestOf(parsed);
      if ('error' in request) return request;
      return { verb: 'sync', app, request };
    }
    case 'get':
      if (!refreshFlags.some((f) => flagOn(parsed, f)))
        return { error: 'argocd app get reads and changes nothing: add --refresh to request a refresh' };
      return { verb: 'refresh', app };
    case 'terminate-op':
      return { verb: 'terminate-op', app };
    case 'rollback': {
      const id = parsed.args[1];
      // strconv.Atoi, then errors.CheckError: the CLI's fatal error, before it asks the server anything.
      if (id !== undefined && !/^[+-]?\d+$/.test(id))
        return { error: `FATA[0000] strconv.Atoi: parsing "${id}": invalid syntax` };
      return {
        verb: 'rollback',
        app,
        ...(id !== undefined ? { id: Number(id) } : {}),
        prune: flagOn(parsed, '--prune'),
      };
    }
    case 'confirm-deletion':
      return { verb: 'confirm-deletion', app };
    case 'set': {
      let syncPolicy: 'automated' | 'manual' | undefined;
      const flags: Record<string, boolean> = {};
      const policy = flagValue(parsed, '--sync-policy');
      if (policy !== undefined) {
        if (['automated', 'automatic', 'auto'].includes(policy)) syncPolicy = 'automated';
        else if (['none', 'manual'].includes(policy)) syncPolicy = 'manual';
        else return { error: `FATA[0000] Invalid sync-policy: ${policy}` };
      }
      for (const flag of ['--self-heal', '--auto-prune', '--allow-empty'])
        if (parsed.flags.has(flag)) flags[flag.slice(2)] = flagOn(parsed, flag);
      if (syncPolicy === undefined && Object.keys(flags).length === 0)
        return { error: 'FATA[0000] At least one of the flags must be set' };
      return { verb: 'set', app, ...(syncPolicy ? { syncPolicy } : {}), flags };
    }
    default:
      return { error: `Error: the sandbox's argocd does not act with argocd ${row.command.slice(7)}` };
  }
}

/** `KEY=VALUE` pairs of `--label` and `--info` (label.Parse, getInfos: split at the first `=`). */
function pairs(
  values: readonly string[] | undefined,
  flag: string,
): { name: string; value: string }[] | { error: string } {
  const out: { name: string; value: string }[] = [];
  for (const v of values ?? []) {
    const eq = v.indexOf('=');
    if (eq <= 0) return { error: `FATA[0000] ${flag} takes KEY=VALUE, not "${v}"` };
    out.push({ name: v.slice(0, eq), value: v.slice(eq + 1) });
  }
  return out;
}

/** Go's time.Duration String() of a duration flag's value (`2m` → `2m0s`), or undefined when it is none. */
function goDuration(text: string): string | undefined {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1 };
  let seconds = 0;
  let rest = text;
  if (rest === '0') return '0s';
  while (rest.length > 0) {
    const m = /^(\d+(?:\.\d+)?)(h|m|s)/.exec(rest);
    if (!m) return undefined;
    seconds += Number(m[1]) * units[m[2]];
    rest = rest.slice(m[0].length);
  }
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = +(seconds % 60).toFixed(9);
  if (h > 0) return `${h}h${min}m${s}s`;
  if (min > 0) return `${min}m${s}s`;
  return `${s}s`;
}

/** The sync request of `argocd app sync`'s flags, or the CLI's fatal error for a value it cannot read. */
function syncRequestOf(parsed: ParsedCommand): SyncRequest | { error: string } {
  const resources = parseSelectedResources(parsed.flags.get('--resource') ?? []);
  if ('error' in resources) return { error: `FATA[0000] ${resources.error}` };
  const labels = pairs(parsed.flags.get('--label'), '--label');
  if ('error' in labels) return labels;
  const info = pairs(parsed.flags.get('--info'), '--info');
  if ('error' in info) return info;
  const request: SyncRequest = {
    prune: flagOn(parsed, '--prune'),
    dryRun: flagOn(parsed, '--dry-run'),
    resources,
    labels,
    info,
  };
  const strategy = flagValue(parsed, '--strategy');
  const force = flagOn(parsed, '--force');
  if (strategy !== undefined && strategy !== '' && strategy !== 'apply' && strategy !== 'hook')
    return { error: `FATA[0000] Unknown sync strategy: '${strategy}'` };
  if (strategy || force)
    request.strategy =
      strategy === 'apply' ? { apply: force ? { force } : {} } : { hook: force ? { force } : {} };
  // syncOptionsFactory: in this order, and none at all when no flag asks (the app's own options then stay).
  const options = [
    ['--replace', 'Replace=true'],
    ['--server-side', 'ServerSideApply=true'],
    ['--apply-out-of-sync-only', 'ApplyOutOfSyncOnly=true'],
  ]
    .filter(([flag]) => flagOn(parsed, flag))
    .map(([, option]) => option);
  if (options.length > 0) request.syncOptions = options;
  // pflag has checked the numbers and durations (commandFlags.ts).
  const intFlag = (flag: string, fallback: number) => Number(flagValue(parsed, flag) ?? fallback);
  const durationFlag = (flag: string, fallback: string) => {
    const v = flagValue(parsed, flag);
    return v === undefined ? fallback : (goDuration(v) ?? v);
  };
  const limit = intFlag('--retry-limit', 0);
  const factor = intFlag('--retry-backoff-factor', 2);
  const duration = durationFlag('--retry-backoff-duration', '5s');
  const maxDuration = durationFlag('--retry-backoff-max-duration', '3m0s');
  if (limit !== 0)
    request.retry = {
      limit,
      ...(flagOn(parsed, '--retry-refresh') ? { refresh: true } : {}),
      backoff: { duration, maxDuration, factor },
    };
  return request;
}

/** `SetAppSpecOptions`' sync-policy part, applied to a copy of `spec.syncPolicy` (undefined: none). */
export function withSyncPolicy(
  policy: JsonAny | undefined,
  command: Extract<ArgocdIntervention, { verb: 'set' }>,
): JsonAny | undefined {
  let next: JsonAny | undefined = policy === undefined ? undefined : JSON.parse(JSON.stringify(policy));
  if (command.syncPolicy === 'manual') {
    if (next) delete next.automated;
    if (next && Object.keys(next).length === 0) next = undefined;
  } else if (command.syncPolicy === 'automated') {
    next = { ...(next ?? {}), automated: {} };
  }
  const names: Record<string, string> = {
    'self-heal': 'selfHeal',
    'auto-prune': 'prune',
    'allow-empty': 'allowEmpty',
  };
  if (Object.keys(command.flags).length > 0) {
    next ??= {};
    next.automated ??= { enabled: false };
    for (const [flag, value] of Object.entries(command.flags)) next.automated[names[flag]] = value;
  }
  return next;
}
