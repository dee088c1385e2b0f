import type { PodDisplayState, SimEvent } from '../../engine/events';
import type {
  HealthStatusCode,
  OperationPhase,
  ResultCode,
  SyncPhase,
  SyncStatusCode,
  TaskPhase,
} from '../../engine/types';

/** One row of `syncResult.resources`, joined with the live health of its object. */
export interface ResultRow {
  key: string;
  group: string;
  kind: string;
  namespace: string;
  name: string;
  syncPhase: SyncPhase;
  wave: number;
  hookType: string;
  status: ResultCode | '';
  hookPhase: TaskPhase;
  message: string;
  health: HealthStatusCode | undefined;
  healthMessage: string;
}

/** A pod as `kubectl get pods` would show it at the cursor. */
export interface PodMark {
  namespace: string;
  name: string;
  state: PodDisplayState;
  ready: boolean;
  restarts: number;
  ownerKind: string;
  ownerName: string;
  image: string;
  message: string;
}

/** A hook object the sync created, kept for a moment after its delete policy removed it. */
export interface HookMark {
  group: string;
  kind: string;
  namespace: string;
  name: string;
  phase: SyncPhase;
  wave: number;
  health: HealthStatusCode | undefined;
  healthMessage: string;
  /** Set once the sync deleted the hook: why, and when. */
  gone: { reason: string; t: number } | undefined;
}

/** Everything the page shows at one instant, computed from the event log alone. */
export interface Frame {
  t: number;
  /** How many events of the log have happened at the cursor. */
  count: number;
  operation: { phase: OperationPhase; message: string } | undefined;
  app: { sync: SyncStatusCode; health: HealthStatusCode; message: string } | undefined;
  step: { phase: SyncPhase; wave: number; t: number } | undefined;
  /** The controller is sleeping ARGOCD_SYNC_WAVE_DELAY after a step (argocd-semantics §2.11). */
  waveDelay: { phase: SyncPhase; wave: number; seconds: number; left: number } | undefined;
  results: ResultRow[];
  /** Health per object key (`group/Kind/namespace/name`), for hooks and managed resources alike. */
  health: ReadonlyMap<string, { status: HealthStatusCode; message: string }>;
  pods: PodMark[];
  hooks: HookMark[];
}

/** Event types that belong to an operation, not to the cluster: ignored when they come from the history. */
const historyOnly = new Set<SimEvent['type']>(['operation', 'step', 'wave-delay', 'result']);

/** How long a deleted hook stays on screen, in virtual seconds, so the reason can be read. */
export const HOOK_LINGER_SECONDS = 4;

export function objectKey(o: { group: string; kind: string; namespace: string; name: string }): string {
  return `${o.group}/${o.kind}/${o.namespace}/${o.name}`;
}

/**
 * The state of the page at virtual time `t`: a fold over every event with `event.t <= t`. Playing, stepping
 * and scrubbing all land here, so they show exactly the same thing at the same `t`.
 */
export function frameAt(events: readonly SimEvent[], t: number): Frame {
  let operation: Frame['operation'];
  let app: Frame['app'];
  let step: Frame['step'];
  let delay: { phase: SyncPhase; wave: number; seconds: number; t: number } | undefined;
  // Result rows keep their insertion order, the `Order` Argo CD gives them (argocd-semantics §1.6).
  const results = new Map<string, ResultRow>();
  const health = new Map<string, { status: HealthStatusCode; message: string }>();
  const pods = new Map<string, PodMark>();
  const hooks = new Map<string, HookMark>();
  let count = 0;

  for (const e of events) {
    if (e.t > t) break;
    count++;
    // Before t = 0 the log holds the history that built the cluster (earlier syncs). Only the cluster's state
    // carries over into this sync; the earlier operations' phases, steps and results do not.
    if (e.t < 0 && historyOnly.has(e.type)) continue;
    switch (e.type) {
      case 'operation':
        operation = { phase: e.phase, message: e.message };
        break;
      case 'app':
        app = { sync: e.sync, health: e.health, message: e.message };
        break;
      case 'step':
        step = { phase: e.phase, wave: e.wave, t: e.t };
        break;
      case 'wave-delay':
        delay = { phase: e.phase, wave: e.wave, seconds: e.seconds, t: e.t };
        break;
      case 'result': {
        const key = `${objectKey(e)}:${e.syncPhase}`;
        results.set(key, {
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
        break;
      }
      case 'health':
        health.set(objectKey(e), { status: e.status, message: e.message });
        break;
      case 'apply':
        if (e.hook && e.result !== 'failed') {
          const hook = { ...pick(e), phase: e.phase, wave: e.wave, health: undefined, healthMessage: '' };
          hooks.set(objectKey(e), { ...hook, gone: undefined });
        }
        break;
      case 'delete': {
        const hook = hooks.get(objectKey(e));
        if (hook) hooks.set(objectKey(e), { ...hook, gone: { reason: e.reason, t: e.t } });
        break;
      }
      case 'pod':
        pods.set(`${e.namespace}/${e.name}`, {
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
        break;
      case 'object':
        if (e.kind === 'Pod' && e.action === 'deleted') pods.delete(`${e.namespace}/${e.name}`);
        // Missing means "not live" (argocd-semantics §1.8 rule 4). Once the object exists, a kind without a
        // health check has no health at all, and one with a check gets its own health event.
        if (e.action === 'created' && health.get(objectKey(e))?.status === 'Missing')
          health.delete(objectKey(e));
        break;
    }
  }

  const rows = [...results.values()].map((row) => {
    const h = health.get(objectKey(row));
    return h ? { ...row, health: h.status, healthMessage: h.message } : row;
  });
  const hookMarks = [...hooks.entries()]
    .filter(([, hook]) => !hook.gone || t - hook.gone.t < HOOK_LINGER_SECONDS)
    .map(([key, hook]) => {
      const h = health.get(key);
      return h ? { ...hook, health: h.status, healthMessage: h.message } : hook;
    });
  const left = delay ? delay.t + delay.seconds - t : 0;
  return {
    t,
    count,
    operation,
    app,
    step,
    waveDelay:
      delay && left > 0 ? { phase: delay.phase, wave: delay.wave, seconds: delay.seconds, left } : undefined,
    results: rows,
    health,
    pods: [...pods.values()],
    hooks: hookMarks,
  };
}

function pick(e: { group: string; kind: string; namespace: string; name: string }) {
  return { group: e.group, kind: e.kind, namespace: e.namespace, name: e.name };
}
