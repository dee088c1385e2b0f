import type { Json } from '../types';

/**
 * An `argocd app …` command that acts (cmd/argocd/commands/app.go): sync, a refresh (`get --refresh`),
 * terminate-op, rollback, confirm-deletion, and `set` of the sync policy (cmd/util/app.go `SetAppSpecOptions`).
 */
export type ArgocdIntervention =
  | { verb: 'sync'; app: string; prune: boolean }
  | { verb: 'refresh'; app: string }
  | { verb: 'terminate-op'; app: string }
  | { verb: 'rollback'; app: string; id: number; prune: boolean }
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

export function parseArgocd(words: readonly string[]): ArgocdIntervention | { error: string } {
  if (words[1] !== 'app')
    return {
      error: `Error: the sandbox's argocd acts with ${argocdVerbs.map((v) => `argocd ${v}`).join(', ')}`,
    };
  const sub = words[2];
  const rest = words.slice(3);
  const args = rest.filter((w) => !w.startsWith('-'));
  const has = (flag: string) => rest.includes(flag);
  const app = args[0];
  if (!app) return { error: `FATA[0000] An application name is required` };
  switch (sub) {
    case 'sync':
      return { verb: 'sync', app, prune: has('--prune') };
    case 'get':
      if (!refreshFlags.some(has))
        return { error: 'argocd app get reads and changes nothing: add --refresh to request a refresh' };
      return { verb: 'refresh', app };
    case 'terminate-op':
      return { verb: 'terminate-op', app };
    case 'rollback': {
      const id = args[1];
      if (id === undefined || !/^\d+$/.test(id))
        return { error: `FATA[0000] Failed to parse history ID "${id ?? ''}"` };
      return { verb: 'rollback', app, id: Number(id), prune: has('--prune') };
    }
    case 'confirm-deletion':
      return { verb: 'confirm-deletion', app };
    case 'set': {
      let syncPolicy: 'automated' | 'manual' | undefined;
      const flags: Record<string, boolean> = {};
      for (let i = 0; i < rest.length; i++) {
        const w = rest[i];
        const [flag, value] = w.includes('=')
          ? [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]
          : [w, undefined];
        if (flag === '--sync-policy') {
          const policy = value ?? rest[++i] ?? '';
          if (['automated', 'automatic', 'auto'].includes(policy)) syncPolicy = 'automated';
          else if (['none', 'manual'].includes(policy)) syncPolicy = 'manual';
          else return { error: `FATA[0000] Invalid sync-policy: ${policy}` };
        } else if (flag === '--self-heal' || flag === '--auto-prune' || flag === '--allow-empty') {
          if (value !== undefined && value !== 'true' && value !== 'false')
            return {
              error: `Error: invalid argument "${value}" for "${flag}" flag: strconv.ParseBool: parsing "${value}": invalid syntax`,
            };
          flags[flag.slice(2)] = value !== 'false';
        } else if (w.startsWith('-')) return { error: `Error: unknown flag: ${flag}` };
      }
      if (syncPolicy === undefined && Object.keys(flags).length === 0)
        return { error: 'FATA[0000] At least one of the flags must be set' };
      return { verb: 'set', app, ...(syncPolicy ? { syncPolicy } : {}), flags };
    }
    default:
      return {
        error: `Error: the sandbox's argocd acts with ${argocdVerbs.map((v) => `argocd ${v}`).join(', ')}`,
      };
  }
}

/** `SetAppSpecOptions`' sync-policy part, applied to a copy of `spec.syncPolicy` (undefined: none). */
export function withSyncPolicy(
  policy: Json | undefined,
  command: Extract<ArgocdIntervention, { verb: 'set' }>,
): Json | undefined {
  let next: Json | undefined = policy === undefined ? undefined : JSON.parse(JSON.stringify(policy));
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
