import { resourceStates, type ResourceState } from '../resourceStates';
import type { ApplicationJson } from '../../engine';
import { appText } from './appText';
import { appSyncWindow } from '../syncWindowText';
import { fail, ok, type CommandOutput } from './output';
import { World } from './world';

/**
 * `argocd app sync` and `argocd app wait` (argo-cd `waitOnApplicationStatus`): both move the cursor, since the run
 * already holds what would happen. A run holds every sync its scenario makes (a single app's starts at t 0), so
 * `sync` at the cursor is the next one of that Application, and says so plainly when there is none.
 */

/** One operation of an Application in the run: when it started and, if it did, when and how it ended. */
interface Operation {
  start: number;
  end?: number;
  phase?: string;
}

function operationsOf(world: World, name: string): Operation[] {
  const ops: Operation[] = [];
  for (const e of world.run.events) {
    if (e.app !== name) continue;
    const open = ops.length > 0 && ops[ops.length - 1].end === undefined;
    // An operation begins with its `app-operation` event, or, should there be none, its first `operation` event.
    if (e.type === 'app-operation' || (e.type === 'operation' && !open)) ops.push({ start: e.t });
    if (e.type === 'operation' && e.phase !== 'Running' && e.phase !== 'Terminating') {
      const last = ops.at(-1);
      if (last && last.end === undefined) Object.assign(last, { end: e.t, phase: e.phase });
    }
  }
  return ops;
}

const fatal = (t: number, text: string) => `FATA[${String(Math.round(t)).padStart(4, '0')}] ${text}`;

export function sync(world: World, name: string, async: boolean, timeout: number | undefined): CommandOutput {
  const ops = operationsOf(world, name);
  // An operation the run starts at the cursor's very moment is the one this command starts (a single app's sync
  // at t 0); one started earlier and still running refuses it, as Argo CD does.
  const startsNow = ops.some((op) => Math.abs(op.start - world.t) < 1e-6);
  // The API server checks the project's sync windows first (server/application/application.go L2091-L2097).
  const app = world.appNamed(name);
  if (app && !startsNow && appSyncWindow(world.objects(), app, world.t).status === 'Sync Denied')
    return fail('FATA[0000] rpc error: code = PermissionDenied desc = cannot sync: blocked by sync window');
  if (!world.operationEnded(name) && !startsNow)
    return fail(
      'FATA[0000] rpc error: code = FailedPrecondition desc = another operation is already in progress',
    );
  const next = ops.find((op) => op.start >= world.t - 1e-9);
  // The syncs before t 0 (a single app's earlier revisions) made the cluster the run starts from: the cursor
  // cannot go there, so the message names only this run's own.
  const starts = ops.filter((op) => op.start >= 0).map((op) => `${op.start.toFixed(1)} s`);
  if (!next)
    return fail(
      `This run has no sync of ${name} after ${world.t.toFixed(1)} s (its syncs start at ${starts.join(', ') || 'no time'}); the sandbox cannot start one of its own. Move the cursor before one to watch it.`,
    );
  // When the run's next sync starts later than the cursor, the terminal says so before the CLI's own output.
  const later =
    next.start > world.t + 1e-6
      ? [`(the sandbox plays this run's next sync of ${name}, started at ${next.start.toFixed(1)} s)`]
      : [];
  if (async) return ok(later, next.start);
  if (next.end === undefined)
    return fail(
      `FATA[0000] the operation of this run never ends (it is still running at ${world.run.endT.toFixed(1)} s)`,
    );
  if (timeout !== undefined && next.end - world.t > timeout)
    return {
      lines: [...later, fatal(timeout, `timed out (${timeout}s) waiting for app "${name}"`)],
      failed: true,
      seek: world.t + timeout,
    };
  const after = new World(world.run, next.end, world.revisions).appNamed(name)!;
  const lines = [...later, ...appText(after, true)];
  if (next.phase !== 'Succeeded')
    return {
      lines: [...lines, fatal(next.end, `Operation has completed with phase: ${next.phase}`)],
      failed: true,
      seek: next.end,
    };
  return ok(lines, next.end);
}

/** The moments after the cursor at which the Application can have changed. */
function changeTimes(world: World, name: string): number[] {
  const times = new Set<number>();
  const { keys, times: versions } = world.run.objects;
  const key = `argoproj.io/Application/argocd/${name}`;
  keys.forEach((k, i) => {
    if (k === key) for (const t of versions[i]) if (t > world.t) times.add(t);
  });
  return [...times].sort((a, b) => a - b);
}

/**
 * `argocd app wait NAME [--sync] [--health] [--operation]`: the first moment from the cursor on where all hold
 * (checkResourceStatus; with `--operation` also no operation in progress). On the way it prints the CLI's
 * `TIMESTAMP GROUP KIND …` lines, one per resource whose state changed, then the final status: the summary, and
 * the resources table (printFinalStatus).
 */
export function wait(
  world: World,
  name: string,
  flags: Set<string>,
  timeout: number | undefined,
): CommandOutput {
  const any = flags.has('--sync') || flags.has('--health') || flags.has('--operation');
  const needSync = flags.has('--sync') || !any;
  const needHealth = flags.has('--health') || !any;
  const needOp = flags.has('--operation') || !any;
  const appAt = (t: number) => new World(world.run, t, world.revisions).appNamed(name);
  const holds = (app: ApplicationJson | undefined) => {
    if (!app) return false;
    const phase = app.status.operationState?.phase;
    const opDone = phase !== 'Running' && phase !== 'Terminating';
    return (
      (!needSync || app.status.sync.status === 'Synced') &&
      (!needHealth || app.status.health.status === 'Healthy') &&
      (!needOp || opDone)
    );
  };
  const rows: string[][] = [];
  const seen = new Map<string, ResourceState>();
  let found: { t: number; app: ApplicationJson } | undefined;
  for (const t of [world.t, ...changeTimes(world, name)]) {
    if (timeout !== undefined && t - world.t > timeout) break;
    const app = appAt(t);
    if (holds(app)) {
      found = { t, app: app! };
      break;
    }
    if (app && t > world.t) rows.push(...changedRows(app, seen, world.nowMs + (t - world.t) * 1000));
    else if (app) changedRows(app, seen, 0);
  }
  const watched = rows.length > 0 ? tabwriter([waitHeader, ...rows]) : [];
  if (!found) {
    if (timeout !== undefined)
      return {
        lines: [...watched, fatal(timeout, `timed out (${timeout}s) waiting for app "${name}"`)],
        failed: true,
        // The run may end before the timeout: the cursor stays at or after where it was, never before it (issue
        // 20: at 22.8 s, past failing-migration's last event at 20.8 s, a timed-out wait moved it back there).
        seek: Math.max(world.t, Math.min(world.t + timeout, world.run.endT)),
      };
    const last = appAt(world.run.endT);
    return fail(
      `It never happens in this run: at its end (${world.run.endT.toFixed(1)} s) the app is ${last?.status.sync.status ?? 'Unknown'} and ${last?.status.health.status ?? 'Unknown'}, the last sync ${last?.status.operationState?.phase ?? 'not run'}.`,
    );
  }
  // printFinalStatus: a blank line, the summary, a blank line, and before the resources table another one.
  const final = appText(found.app, false);
  const gap = final.indexOf('');
  if (gap >= 0) final.splice(gap, 0, '');
  return ok([...watched, '', ...final], found.t);
}

const waitHeader = ['TIMESTAMP', 'GROUP', 'KIND', 'NAMESPACE', 'NAME', 'STATUS', 'HEALTH', 'HOOK', 'MESSAGE'];
/** The CLI's `waitFormatString`: `%s\t%5s\t%10s\t%10s\t%20s\t%8s\t%7s\t%10s\t%s`. */
const widths = [0, 5, 10, 10, 20, 8, 7, 10, 0];

/** The resources whose state changed since the last moment (resourceState.Merge: a non-empty field that differs). */
function changedRows(app: ApplicationJson, seen: Map<string, ResourceState>, atMs: number): string[][] {
  const out: string[][] = [];
  const states = resourceStates({
    resources: app.status.resources,
    results: app.status.operationState?.syncResult.resources ?? [],
  });
  for (const s of states) {
    const key = `${s.group}/${s.kind}/${s.namespace}/${s.name}`;
    const prev = seen.get(key);
    let changed = !prev;
    if (prev) {
      for (const field of ['status', 'health', 'hook', 'message'] as const)
        if (s[field] !== '' && s[field] !== prev[field]) {
          prev[field] = s[field];
          changed = true;
        }
    } else seen.set(key, { ...s });
    const row = seen.get(key)!;
    if (changed && atMs > 0)
      out.push([
        new Date(atMs).toISOString().replace(/\.\d+Z$/, '+00:00'),
        row.group,
        row.kind,
        row.namespace,
        row.name,
        row.status,
        row.health,
        row.hook,
        row.message,
      ]);
  }
  return out;
}

/** Go's tabwriter (minwidth 5, padding 2) over cells the format string right-aligned to their widths first. */
function tabwriter(rows: string[][]): string[] {
  const cells = rows.map((r) => r.map((c, i) => c.padStart(widths[i])));
  const col = cells[0].map((_, i) => Math.max(5, ...cells.map((r) => r[i].length)));
  return cells.map((r) =>
    r
      .map((c, i) => (i < r.length - 1 ? c.padEnd(col[i] + 2) : c))
      .join('')
      .trimEnd(),
  );
}
