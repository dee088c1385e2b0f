import { appDeletionsAt } from './appDeletions';
import type { SimEvent } from '../../engine';
import { frameAt, objectKey, type Frame } from '../../cursor/frameAt';
import { waitingNames } from '../../cursor/explainWaiting';
import { appLog } from './appLog';
import { applicationsOf } from './applicationsOf';
import { appSetRolloutsOf } from './appSetSteps';
import { parentWavesOf } from './parentWaves';
import { explainSyncWindow } from './explainSyncWindow';
import { formatSeconds } from '../../timeline/ticks';
import { comparingNote } from './comparingNote';

/** One link of the chain that holds a rollout: an Application and what it is doing. */
export interface HoldLink {
  app: string;
  sync: string | undefined;
  health: string | undefined;
  /** Its own operation's message (verbatim), while that operation runs. */
  message: string | undefined;
  /** The first of its resources that is not Healthy, as `group/Kind/name` with its health, if any. */
  notHealthy: string | undefined;
}

/** "Why is it waiting?" for a run of several Applications, at one instant. */
export interface PlatformExplanation {
  headline: string;
  /** Who holds whom: the waiting parent (or set), then the Application it waits for. */
  chain: HoldLink[];
  /** The Application that holds the rollout, when one does. */
  holder: string | undefined;
  detail: string;
  /** Why the parent's waves do (or do not) wait for its children: a property of the whole run. */
  waves: string[];
  ended: boolean;
}

/**
 * Names the Application that holds the rollout at `t`, and from that Application's own operation message the
 * resource inside it: `platform waits for Application checkout, which waits for healthy state of
 * apps/Deployment/checkout`. Everything comes from the run's log (argocd-semantics.md §5.1, §5.2, §2.10).
 */
export function explainPlatform(events: readonly SimEvent[], t: number, endT: number): PlatformExplanation {
  const deletions = appDeletionsAt(events, t);
  // An Application that has left the cluster has no status any more: it is said to be gone, not to be unhealthy.
  const present = applicationsOf(events).filter((n) => deletions.get(n.name)?.phase !== 'Deleted');
  const frames = new Map(present.map((n) => [n.name, frameAt(appLog(events, n.name), t)]));
  const waves = wavesNotes(events, endT);
  const link = (app: string): HoldLink => {
    const f = frames.get(app);
    const running = f?.operation?.phase === 'Running' || f?.operation?.phase === 'Terminating';
    return {
      app,
      sync: f?.app?.sync,
      health: f?.app?.health,
      message: running ? f?.operation?.message : undefined,
      notHealthy: f ? firstNotHealthy(f) : undefined,
    };
  };

  // A sync window that holds an Application comes first: nothing else explains a release that does not start.
  const window = explainSyncWindow(events, frames, t);
  if (window)
    return {
      headline: window.headline,
      chain: [link(window.app)],
      holder: window.app,
      detail: window.detail,
      waves,
      ended: false,
    };

  for (const node of applicationsOf(events)) {
    const op = frames.get(node.name)?.operation;
    if (node.children.length === 0 || op?.phase !== 'Running') continue;
    const names = waitingNames(op.message);
    if (!names || names.kind !== 'Application') continue;
    const child = link(names.name);
    const more = names.more > 0 ? ` (and ${names.more} more)` : '';
    return {
      headline: `${node.name} waits for Application ${names.name}${more}, which ${whatItDoes(child, events, t)}.`,
      chain: [link(node.name), child],
      holder: names.name,
      detail:
        comparingNote(names.name, frames.get(names.name)?.app) ??
        `${node.name}'s next wave starts only when ${names.name} reports Healthy to it (through the Application health check).`,
      waves,
      ended: false,
    };
  }

  for (const rollout of appSetRolloutsOf(events)) {
    const statusAt = rolloutStatusAt(events, rollout.name, t);
    const current = rollout.steps.find(
      (s) =>
        s.step !== '-1' && s.started !== undefined && s.started <= t && (s.done === undefined || s.done > t),
    );
    if (!current) continue;
    const held = current.apps.filter((app) => statusAt.get(app) !== 'Healthy');
    const holder = held[0];
    const next = rollout.steps[rollout.steps.indexOf(current) + 1];
    const child = link(holder);
    const degraded = child.health === 'Degraded';
    return {
      headline: `${rollout.name} is rolling out step ${current.step}: it waits for ${held.join(', ')}, which ${whatItDoes(child, events, t)}.`,
      chain: held.map(link),
      holder,
      detail: next
        ? degraded
          ? `Step ${next.step} (${next.apps.join(', ')}) never starts while ${holder} is Degraded: the ApplicationSet neither retries nor skips a step.`
          : `Step ${next.step} (${next.apps.join(', ')}) starts only when every Application of step ${current.step} is Healthy.`
        : `This is the last step; the rollout completes when every Application of it is Healthy.`,
      waves,
      ended: false,
    };
  }

  const deleting = [...deletions.entries()].filter(([, d]) => d.phase === 'Deleting');
  if (deleting.length > 0) {
    const [app, d] = deleting[0];
    return {
      headline: d.error
        ? `${app} is marked for deletion and waits: ${d.error}.`
        : `${app} is being deleted: its hooks and resources go first, then the Application.`,
      chain: deleting.map(([name]) => link(name)),
      holder: app,
      detail:
        'With the resources finalizer, Argo CD runs the PreDelete hooks, deletes the resources highest wave first, then runs the PostDelete hooks; a PreDelete hook that fails stops the deletion with DeletionError and is tried again until it succeeds (argocd-semantics §5.5).',
      waves,
      ended: false,
    };
  }

  const running = [...frames.entries()]
    .filter(([, f]) => f.operation?.phase === 'Running')
    .map(([name]) => name);
  if (running.length > 0) {
    const first = link(running[0]);
    // Several: each one's line below says what it waits for, in its own operation's words. Said again for the
    // first of them, the answer scrolled inside its panel at 1024×768 (delete-app at 0 s, issue 32).
    const what = running.length > 1 ? '' : `: ${first.app} ${whatItDoes(first, events, t)}`;
    const children = new Set(applicationsOf(events).flatMap((n) => n.children));
    return {
      headline: `Nothing holds a rollout; ${list(running)} ${running.length > 1 ? 'are' : 'is'} still syncing on ${running.length > 1 ? 'their' : 'its'} own${what}.`,
      chain: running.map(link),
      holder: undefined,
      // Said of children only: Applications with no parent (delete-app's) have nobody else to sync them.
      detail: running.some((app) => children.has(app))
        ? "A child Application's operation is its own: its parent never syncs it (argocd-semantics §5.2)."
        : '',
      waves,
      ended: false,
    };
  }
  const notHealthy = [...frames.entries()]
    .filter(([, f]) => f.app && f.app.health !== 'Healthy')
    .map(([n]) => n);
  const over =
    t >= endT - 1e-9 || [...frames.values()].every((f) => f.operation && f.operation.phase !== 'Running');
  return {
    headline:
      notHealthy.length > 0
        ? `No operation is running; ${list(notHealthy)} ${notHealthy.length > 1 ? 'are' : 'is'} not Healthy: ${notHealthy.map((n) => `${n} ${frames.get(n)?.app?.sync ?? ''} ${frames.get(n)?.app?.health ?? ''}`.trim()).join(', ')}.`
        : `No operation is running, and every Application is Healthy.${goneNote(deletions)}`,
    chain: notHealthy.map(link),
    holder: undefined,
    detail: '',
    waves,
    ended: over,
  };
}

/** " legacy and checkout were deleted.", for the apps that have left the cluster by now. */
function goneNote(deletions: Map<string, { phase: string }>): string {
  const gone = [...deletions.entries()].filter(([, d]) => d.phase === 'Deleted').map(([n]) => n);
  return gone.length === 0 ? '' : ` ${list(gone)} ${gone.length > 1 ? 'were' : 'was'} deleted.`;
}

/** What one Application is doing, for "…, which …": its own waiting message, or its status. */
function whatItDoes(link: HoldLink, events: readonly SimEvent[], t: number): string {
  if (link.message) {
    const names = waitingNames(link.message);
    return names ? link.message.replace(/^waiting/, 'waits') : `is syncing (${link.message})`;
  }
  const synced = events.some((e) => e.type === 'app-operation' && e.app === link.app && e.t <= t);
  if (!synced && link.sync === 'OutOfSync')
    return `is ${link.sync} and ${link.health ?? 'has no health'}: nothing has synced it yet (no automated sync policy, or its turn has not come)`;
  if (!link.health) return 'has no health yet';
  const status = `is ${link.sync ?? ''} and ${link.health}`.replace('is  and', 'is');
  return link.health !== 'Healthy' && link.notHealthy ? `${status}: ${link.notHealthy}` : status;
}

/** The first managed resource of an Application that is not Healthy at the frame's moment, in words. */
function firstNotHealthy(frame: Frame): string | undefined {
  for (const row of frame.results) {
    if (row.hookType !== '') continue;
    const health = frame.health.get(objectKey(row));
    if (health && health.status !== 'Healthy')
      return `${row.group}/${row.kind}/${row.name} is ${health.status}${health.message ? ` (${health.message})` : ''}`;
  }
  return undefined;
}

function rolloutStatusAt(events: readonly SimEvent[], appSet: string, t: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    if (e.t > t) break;
    if (e.type === 'appset-status' && e.appset === appSet) out.set(e.app, e.status);
  }
  return out;
}

const notesCache = new WeakMap<readonly SimEvent[], { endT: number; notes: string[] }>();

/**
 * Why each parent's waves wait for its children, or why they do not: without the health check for
 * `argoproj.io/Application` a child has no health (Argo CD since 1.8), so the parent counts it done as soon as
 * it is applied (argocd-semantics.md §5.2). Decided from the run: whether the parent ever saw a child's health (Missing only says it is not there yet).
 */
function wavesNotes(events: readonly SimEvent[], endT: number): string[] {
  const known = notesCache.get(events);
  if (known?.endT === endT) return known.notes;
  const notes: string[] = [];
  notesCache.set(events, { endT, notes });
  const spans = parentWavesOf(events, endT);
  for (const node of applicationsOf(events)) {
    if (node.children.length === 0) continue;
    const own = appLog(events, node.name);
    const sawHealth = own.some(
      (e) =>
        e.type === 'health' &&
        e.kind === 'Application' &&
        e.group === 'argoproj.io' &&
        e.status !== 'Missing',
    );
    const steps = spans.filter((s) => s.parent === node.name && s.children.length > 0);
    const [first, second] = steps;
    if (!sawHealth) {
      let how = '';
      if (first && second) {
        const health = (app: string) => frameAt(appLog(events, app), second.t0).app?.health;
        const notYet = first.children.filter((c) => health(c) !== 'Healthy');
        how =
          ` So ${node.name} counted ${list(first.children)} (wave ${first.wave}) done as soon as it applied them, and applied wave ${second.wave} at ${formatSeconds(second.t0)}` +
          (notYet.length > 0
            ? `, while ${list(notYet.map((c) => `${c} was ${health(c) ?? 'not yet reporting'}`))}.`
            : '.');
      }
      notes.push(
        `${node.name}'s waves do not wait for its child Applications: without a health check for argoproj.io/Application (resource.customizations.health.argoproj.io_Application in argocd-cm) a child Application has no health, as in Argo CD since 1.8.${how}`,
      );
    } else if (first && second) {
      notes.push(
        `${node.name}'s waves wait for its child Applications: with the Application health check in argocd-cm, wave ${second.wave} started at ${formatSeconds(second.t0)}, once ${list(first.children)} reported Healthy. The last wave is not waited for.`,
      );
    }
  }
  return notes;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
