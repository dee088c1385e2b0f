import type { JsonAny } from '../types';
import { nextActivation, parseCron, type CronSchedule } from './cron';
import { parseGoDuration } from './goDuration';
import { gobwasGlobMatch } from './gobwasGlob';

/**
 * An AppProject's sync windows (`spec.syncWindows`) and the rules Argo CD applies to them, read from
 * pkg/apis/application/v1alpha1/types.go at 37ee0097cf85 (`SyncWindows.Matches`, `CanSync`, `SyncWindow.active`,
 * `hasDeny`, `manualEnabled`, `denyAllowsOverrun`, `inactiveAllowsAllowOverrun`, `canSyncAtTime`; tests
 * types_test.go TestSyncWindows_*, TestSyncWindow_Active). Where they apply is the controller's and the API
 * server's business (appWindows.ts); this file only answers "which windows, active when, may this sync run".
 *
 * Times are milliseconds since the Unix epoch (UTC).
 */
export interface SyncWindow {
  kind: 'allow' | 'deny';
  schedule: string;
  duration: string;
  applications?: string[];
  namespaces?: string[];
  clusters?: string[];
  manualSync?: boolean;
  timeZone?: string;
  andOperator?: boolean;
  description?: string;
  /** Since 3.5: a sync running when a deny syncWindow opens (or an allow syncWindow closes) may finish. */
  syncOverrun?: boolean;
}

/** A syncWindow with its schedule, duration and zone read once. */
export interface CompiledWindow {
  /** Its place in `spec.syncWindows` (`argocd proj windows list`'s ID). */
  id: number;
  syncWindow: SyncWindow;
  cron: CronSchedule;
  durationMs: number;
  /** The zone's offset from UTC (`scheduleOffsetByTimeZone`). */
  offsetMs: number;
}

const windowKeys = new Set([
  'kind',
  'schedule',
  'duration',
  'applications',
  'namespaces',
  'clusters',
  'manualSync',
  'timeZone',
  'andOperator',
  'description',
  'syncOverrun',
]);

/**
 * `spec.syncWindows` read and checked as `SyncWindow.Validate` does (kind, schedule, duration, description), with
 * one limit of the sandbox: the zone. A problem is `{ path, message }`, `path` the field's
 * (`spec.syncWindows[0].schedule`).
 */
export function readSyncWindows(value: JsonAny): CompiledWindow[] | { path: string; message: string } {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    return { path: 'spec.syncWindows', message: 'spec.syncWindows must be a list of windows' };
  const out: CompiledWindow[] = [];
  for (const [id, raw] of value.entries()) {
    const at = `spec.syncWindows[${id}]`;
    const fail = (field: string, message: string) => ({ path: `${at}${field}`, message });
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      return fail('', `${at} must be a mapping (kind, schedule, duration, …)`);
    for (const key of Object.keys(raw))
      if (!windowKeys.has(key))
        return fail(
          `.${key}`,
          `${at}: unknown field "${key}" (a sync syncWindow has ${[...windowKeys].join(', ')})`,
        );
    const syncWindow = raw as SyncWindow;
    for (const key of ['schedule', 'duration', 'timeZone', 'description', 'kind'] as const)
      if (syncWindow[key] !== undefined && typeof syncWindow[key] !== 'string')
        return fail(`.${key}`, `${at}.${key} must be a string`);
    for (const key of ['applications', 'namespaces', 'clusters'] as const) {
      const list = syncWindow[key];
      if (list !== undefined && (!Array.isArray(list) || list.some((v) => typeof v !== 'string')))
        return fail(`.${key}`, `${at}.${key} must be a list of strings`);
    }
    for (const key of ['manualSync', 'andOperator', 'syncOverrun'] as const)
      if (syncWindow[key] !== undefined && typeof syncWindow[key] !== 'boolean')
        return fail(`.${key}`, `${at}.${key} must be true or false`);
    if (syncWindow.kind !== 'allow' && syncWindow.kind !== 'deny')
      return fail('.kind', `kind '${syncWindow.kind ?? ''}' mismatch: can only be allow or deny`);
    const schedule = syncWindow.schedule ?? '';
    const cron = parseCron(schedule);
    if (typeof cron === 'string') return fail('.schedule', `cannot parse schedule '${schedule}': ${cron}`);
    const duration = syncWindow.duration ?? '';
    const durationMs = parseGoDuration(duration);
    if (typeof durationMs === 'string')
      return fail('.duration', `cannot parse duration '${duration}': ${durationMs}`);
    if ((syncWindow.description ?? '').length > 255)
      return fail('.description', 'description must not exceed 255 characters');
    const offsetMs = zoneOffsetMs(syncWindow.timeZone ?? '');
    if (offsetMs === undefined)
      return fail(
        '.timeZone',
        `timeZone "${syncWindow.timeZone}" is not simulated: the sandbox knows UTC and the fixed zones Etc/GMT+N and Etc/GMT-N (Argo CD takes a zone's offset from the wall clock, which a simulation does not read)`,
      );
    out.push({ id, syncWindow, cron, durationMs, offsetMs });
  }
  return out;
}

const utcNames = new Set([
  '',
  'UTC',
  'Etc/UTC',
  'GMT',
  'Etc/GMT',
  'Etc/GMT0',
  'Etc/GMT+0',
  'Etc/GMT-0',
  'GMT0',
  'Etc/UCT',
  'UCT',
  'Etc/Universal',
  'Universal',
  'Etc/Zulu',
  'Zulu',
  'Etc/Greenwich',
  'Greenwich',
]);

/**
 * The offset of the zones the sandbox knows: UTC by its names (`""` is UTC, as `time.LoadLocation("")` is), and
 * the fixed IANA zones `Etc/GMT+N` (N hours behind UTC, N ≤ 12) and `Etc/GMT-N` (N hours ahead, N ≤ 14).
 */
export function zoneOffsetMs(zone: string): number | undefined {
  if (utcNames.has(zone)) return 0;
  const fixed = /^Etc\/GMT([+-])([1-9]|1[0-4])$/.exec(zone);
  if (!fixed) return undefined;
  const hours = Number(fixed[2]);
  if (fixed[1] === '+' && hours > 12) return undefined;
  return (fixed[1] === '+' ? -hours : hours) * 3_600_000;
}

/**
 * `SyncWindow.active`: the next activation after now − duration (in the window's zone) is before now. With
 * robfig's `Next` strictly after its argument, a syncWindow is active strictly between a start and start + duration:
 * not at its start, not at its end. A schedule that never fires (Feb 30) gives Go's zero time, which is before
 * everything: such a syncWindow is always active.
 */
export function isActive(w: CompiledWindow, nowMs: number): boolean {
  const local = nowMs + w.offsetMs;
  const next = nextActivation(w.cron, local - w.durationMs);
  return next === undefined || next < local;
}

/** When the activation of `w` that is active at `nowMs` ends, or undefined when it never does. */
export function activeSpanEnd(w: CompiledWindow, nowMs: number): number | undefined {
  const start = nextActivation(w.cron, nowMs + w.offsetMs - w.durationMs);
  return start === undefined ? undefined : start - w.offsetMs + w.durationMs;
}

/** The stretches of time in [fromMs, toMs] during which `w` is active, for the timeline's bands. */
export function activeSpans(w: CompiledWindow, fromMs: number, toMs: number): [number, number][] {
  const spans: [number, number][] = [];
  let next = nextActivation(w.cron, fromMs + w.offsetMs - w.durationMs);
  if (next === undefined) return [[fromMs, toMs]];
  while (next !== undefined && next - w.offsetMs < toMs && spans.length < 1000) {
    const start = next - w.offsetMs;
    spans.push([Math.max(start, fromMs), Math.min(start + w.durationMs, toMs)]);
    next = nextActivation(w.cron, next);
  }
  return spans.filter(([a, b]) => b > a);
}

/** What `Matches` reads of an Application: its name and destination. */
export interface WindowTarget {
  name: string;
  namespace: string;
  server?: string;
  clusterName?: string;
}

/**
 * `SyncWindows.Matches`: the windows that apply to an app. Without `andOperator`, any of applications, clusters
 * (the destination's name or server, as written in the Application) or namespaces matching is enough; with it, each
 * one that is set must match. A syncWindow that sets none of the three applies to nothing.
 */
export function matchingWindows(windows: readonly CompiledWindow[], app: WindowTarget): CompiledWindow[] {
  return windows.filter(({ syncWindow }) => {
    const and = syncWindow.andOperator === true;
    let isSet = false;
    let matched = false;
    if ((syncWindow.applications ?? []).length > 0) {
      isSet = true;
      matched = syncWindow.applications!.some((a) => globMatch(a, app.name));
    }
    if (and && isSet && !matched) return false;
    if (!and && matched) return true;
    if ((syncWindow.clusters ?? []).length > 0) {
      isSet = true;
      matched = syncWindow.clusters!.some(
        (c) =>
          (!!app.clusterName && globMatch(c, app.clusterName)) || (!!app.server && globMatch(c, app.server)),
      );
    }
    if (isSet && and && !matched) return false;
    if (!and && matched) return true;
    if ((syncWindow.namespaces ?? []).length > 0) {
      matched = syncWindow.namespaces!.some((n) => globMatch(n, app.namespace));
    }
    return matched;
  });
}

/** app_project_types.go `globMatch` without negation: `*` matches everything, else gobwas/glob. */
function globMatch(pattern: string, value: string): boolean {
  return pattern === '*' || gobwasGlobMatch(pattern, value);
}

/** `hasDeny`: whether an active syncWindow is a deny, and whether every such deny has `manualSync`. */
function hasDeny(active: readonly CompiledWindow[]): { deny: boolean; manual: boolean } {
  const denies = active.filter((w) => w.syncWindow.kind === 'deny');
  return {
    deny: denies.length > 0,
    manual: denies.length > 0 && denies.every((w) => w.syncWindow.manualSync === true),
  };
}

/** `canSyncAtTime`: `CanSync` at a given instant, without overrun. */
function canSyncAt(windows: readonly CompiledWindow[], atMs: number, isManual: boolean): boolean {
  if (windows.length === 0) return true;
  const active = windows.filter((w) => isActive(w, atMs));
  const { deny, manual } = hasDeny(active);
  if (deny) return isManual && manual;
  if (active.some((w) => w.syncWindow.kind === 'allow')) return true;
  const inactiveAllows = windows.filter((w) => w.syncWindow.kind === 'allow' && !isActive(w, atMs));
  if (inactiveAllows.length > 0)
    return isManual && inactiveAllows.every((w) => w.syncWindow.manualSync === true);
  return true;
}

/**
 * `SyncWindows.CanSync(isManual, operationStartTime)` over the app's matching windows: an active deny blocks
 * (a manual sync passes when every active deny has `manualSync`); else an active allow lets through; else an
 * inactive allow blocks (a manual sync passes when every inactive allow has `manualSync`). With an operation's
 * start, `syncOverrun` lets a running sync go on when it was allowed at its start and every active deny (or
 * every inactive allow) has `syncOverrun`.
 */
export function canSync(
  windows: readonly CompiledWindow[],
  nowMs: number,
  isManual: boolean,
  operationStartMs?: number,
): boolean {
  if (windows.length === 0) return true;
  const active = windows.filter((w) => isActive(w, nowMs));
  const { deny, manual } = hasDeny(active);
  if (deny) {
    if (isManual && manual) return true;
    const denies = active.filter((w) => w.syncWindow.kind === 'deny');
    if (operationStartMs !== undefined && denies.every((w) => w.syncWindow.syncOverrun === true))
      return canSyncAt(windows, operationStartMs, isManual);
    return false;
  }
  if (active.some((w) => w.syncWindow.kind === 'allow')) return true;
  const inactiveAllows = windows.filter((w) => w.syncWindow.kind === 'allow' && !isActive(w, nowMs));
  if (inactiveAllows.length > 0) {
    if (isManual && inactiveAllows.every((w) => w.syncWindow.manualSync === true)) return true;
    if (operationStartMs !== undefined && inactiveAllows.every((w) => w.syncWindow.syncOverrun === true))
      return canSyncAt(windows, operationStartMs, isManual);
    return false;
  }
  return true;
}

/**
 * `argocd app get`'s SyncWindow line (cmd/argocd/commands/app.go printAppSummaryTable): `Sync Denied` or
 * `Manual Allowed` while a deny is active, or while no syncWindow is active and an allow syncWindow is inactive; else
 * `Sync Allowed`. The assigned windows follow as `kind:schedule:duration`, comma-separated.
 */
export function syncWindowSummary(
  windows: readonly CompiledWindow[],
  nowMs: number,
): { status: 'Sync Allowed' | 'Sync Denied' | 'Manual Allowed'; assigned: string } {
  if (windows.length === 0) return { status: 'Sync Allowed', assigned: '' };
  const active = windows.filter((w) => isActive(w, nowMs));
  const deny = active.some((w) => w.syncWindow.kind === 'deny');
  const allow = active.some((w) => w.syncWindow.kind === 'allow');
  const inactiveAllows = windows.some((w) => w.syncWindow.kind === 'allow' && !isActive(w, nowMs));
  const status =
    deny || (!allow && inactiveAllows)
      ? canSync(windows, nowMs, true)
        ? 'Manual Allowed'
        : 'Sync Denied'
      : 'Sync Allowed';
  const assigned = windows
    .map((w) => `${w.syncWindow.kind}:${w.syncWindow.schedule}:${w.syncWindow.duration}`)
    .join(',');
  return { status, assigned };
}
