import type { SimEvent, SyncPhase } from '../engine';
import type { Frame, HookMark, PodMark, ResultRow } from './frame';

type Health = Frame['health'] extends ReadonlyMap<string, infer H> ? H : never;

/** How long a deleted hook stays on screen, in virtual seconds, so the reason can be read. */
export const HOOK_LINGER_SECONDS = 4;

export function objectKey(o: { group: string; kind: string; namespace: string; name: string }): string {
  return `${o.group}/${o.kind}/${o.namespace}/${o.name}`;
}

/** Event types that belong to an operation, not to the cluster: ignored when they come from the history. */
const historyOnly = new Set<SimEvent['type']>(['operation', 'step', 'wave-delay', 'result']);

/**
 * The fold behind `frameAt`, one event at a time, so that a cursor moving forward only folds the events it
 * passes instead of the whole log again on every animation frame.
 *
 * `snapshot(t)` makes a Frame of what has been folded. The parts no event has changed since the previous
 * snapshot are the same objects as before (the result rows, the pods, the health map, each row and hook), so
 * the page can tell what changed by identity and leave the rest of the screen alone.
 */
export class FrameFold {
  /** How many events have been folded. */
  count = 0;
  private operation: Frame['operation'];
  private app: Frame['app'];
  private step: Frame['step'];
  private delay: { phase: SyncPhase; wave: number; seconds: number; t: number } | undefined;
  // Result rows keep their insertion order, the `Order` Argo CD gives them (argocd-semantics §1.6).
  private readonly results = new Map<string, ResultRow>();
  private readonly health = new Map<string, Health>();
  private readonly pods = new Map<string, PodMark>();
  private readonly hooks = new Map<string, HookMark>();
  /** Which collections the events folded since the last snapshot touched. */
  private changed = { results: true, health: true, pods: true };
  private last: Frame | undefined;
  /** The rows and hooks joined with their health, kept while neither side changes. */
  private readonly joined = new Map<string, { base: object; health: Health | undefined; out: object }>();

  apply(e: SimEvent): void {
    this.count++;
    // Before t = 0 the log holds the history that built the cluster (earlier syncs). Only the cluster's state
    // carries over into this sync; the earlier operations' phases, steps and results do not.
    if (e.t < 0 && historyOnly.has(e.type)) return;
    switch (e.type) {
      case 'operation':
        this.operation = { phase: e.phase, message: e.message };
        break;
      case 'app':
        this.app = { sync: e.sync, health: e.health, message: e.message };
        break;
      case 'step':
        this.step = { phase: e.phase, wave: e.wave, t: e.t };
        break;
      case 'wave-delay':
        this.delay = { phase: e.phase, wave: e.wave, seconds: e.seconds, t: e.t };
        break;
      case 'result': {
        const key = `${objectKey(e)}:${e.syncPhase}`;
        this.results.set(key, {
          key,
          group: e.group,
          kind: e.kind,
          namespace: e.namespace,
          name: e.name,
          syncPhase: e.syncPhase,
          wave: e.wave,
          hookType: e.hookType,
          status: e.status,
          hookPhase: e.hookPhase,
          message: e.message,
          health: undefined,
          healthMessage: '',
        });
        this.changed.results = true;
        break;
      }
      case 'health':
        this.health.set(objectKey(e), { status: e.status, message: e.message });
        this.changed.health = true;
        break;
      case 'apply':
        if (e.hook && e.result !== 'failed') {
          const hook = { ...pick(e), phase: e.phase, wave: e.wave, health: undefined, healthMessage: '' };
          this.hooks.set(objectKey(e), { ...hook, gone: undefined });
        }
        break;
      case 'delete': {
        const hook = this.hooks.get(objectKey(e));
        if (hook) this.hooks.set(objectKey(e), { ...hook, gone: { reason: e.reason, t: e.t } });
        break;
      }
      case 'pod':
        this.pods.set(`${e.namespace}/${e.name}`, {
          namespace: e.namespace,
          name: e.name,
          state: e.state,
          ready: e.ready,
          restarts: e.restarts,
          ownerKind: e.ownerKind,
          ownerName: e.ownerName,
          image: e.image,
          message: e.message,
        });
        this.changed.pods = true;
        break;
      case 'object':
        if (e.kind === 'Pod' && e.action === 'deleted') {
          this.pods.delete(`${e.namespace}/${e.name}`);
          this.changed.pods = true;
        }
        // Missing means "not live" (argocd-semantics §1.8 rule 4). Once the object exists, a kind without a
        // health check has no health at all, and one with a check gets its own health event.
        if (e.action === 'created' && this.health.get(objectKey(e))?.status === 'Missing') {
          this.health.delete(objectKey(e));
          this.changed.health = true;
        }
        break;
    }
  }

  /** The frame at `t` (not before the last folded event): everything folded, seen at that instant. */
  snapshot(t: number): Frame {
    const last = this.last;
    const health = this.changed.health || !last ? new Map(this.health) : last.health;
    const rows =
      this.changed.results || this.changed.health || !last
        ? [...this.results.values()].map((row) => this.join(row.key, row, this.health.get(objectKey(row))))
        : last.results;
    const pods = this.changed.pods || !last ? [...this.pods.values()] : last.pods;
    const hooks = [...this.hooks.entries()]
      .filter(([, hook]) => !hook.gone || t - hook.gone.t < HOOK_LINGER_SECONDS)
      .map(([key, hook]) => this.join(`hook:${key}`, hook, this.health.get(key)));
    const delay = this.delay;
    const left = delay ? delay.t + delay.seconds - t : 0;
    this.changed = { results: false, health: false, pods: false };
    this.last = {
      t,
      count: this.count,
      operation: this.operation,
      app: this.app,
      step: this.step,
      waveDelay:
        delay && left > 0
          ? { phase: delay.phase, wave: delay.wave, seconds: delay.seconds, left }
          : undefined,
      results: same(rows, last?.results),
      health,
      pods: same(pods, last?.pods),
      hooks: same(hooks, last?.hooks),
    };
    return this.last;
  }

  /** A row or hook with its object's live health, the same object as last time if neither changed. */
  private join<T extends ResultRow | HookMark>(key: string, base: T, health: Health | undefined): T {
    const cached = this.joined.get(key);
    if (cached && cached.base === base && cached.health === health) return cached.out as T;
    const out = health ? { ...base, health: health.status, healthMessage: health.message } : base;
    this.joined.set(key, { base, health, out });
    return out;
  }
}

/** `next`, or `previous` when it holds the same elements, so an unchanged list keeps its identity. */
function same<T>(next: T[], previous: T[] | undefined): T[] {
  if (!previous || previous === next || previous.length !== next.length) return next;
  return next.every((item, i) => item === previous[i]) ? previous : next;
}

function pick(e: { group: string; kind: string; namespace: string; name: string }) {
  return { group: e.group, kind: e.kind, namespace: e.namespace, name: e.name };
}
