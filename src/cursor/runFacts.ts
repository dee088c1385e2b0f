import type { HealthStatusCode, OperationPhase, SimEvent, SyncPhase, SyncStatusCode } from '../engine';
import { interventionFacts, type InterventionFact } from './interventionFacts';

/** One (phase, wave) step of the engine, as it started. */
export interface StepFact {
  phase: SyncPhase;
  wave: number;
  t: number;
}

/** The task whose failure decided the operation (argocd-semantics §2.12): the first one that failed. */
export interface FailureFact {
  group: string;
  kind: string;
  name: string;
  syncPhase: SyncPhase;
  wave: number;
  hook: boolean;
  t: number;
  message: string;
}

/** What a run did, read from its event log alone, so every explanation built on it holds for any toggle or edit. */
export interface RunFacts {
  /** The steps of this sync (t ≥ 0), a step started again right after itself counted once. */
  steps: StepFact[];
  /** The first task that failed outside SyncFail, if any. */
  failure: FailureFact | undefined;
  /** The SyncFail hooks the operation started, with when. */
  syncFailHooks: { name: string; t: number }[];
  /** The hooks the sync started, by phase (`Kind/name`, in order). */
  hooks: Map<SyncPhase, string[]>;
  /** ARGOCD_SYNC_WAVE_DELAY as the run slept it, when it slept at all. */
  waveDelay: number | undefined;
  /** Whether anything of the Sync phase was applied (created or configured) in this sync. */
  syncApplied: boolean;
  /** `Kind/name` of every managed resource the sync applied, and when (first apply). */
  applied: Map<string, number>;
  /** The sync status of each managed resource of this sync (`Kind/name`) at the end of the run. */
  managed: Map<string, SyncStatusCode>;
  /** Whether the app's resources were already running before t 0 (an earlier sync, argocd-semantics §2.18). */
  previous: boolean;
  /** The image each workload ran at t 0 and at the end of the run (`Kind/name` → image). */
  imagesBefore: Map<string, string>;
  imagesAfter: Map<string, string>;
  /** The operation's final phase and message, and when it ended (`t` of the last change when still Running). */
  operation: { phase: OperationPhase; message: string; t: number } | undefined;
  /** Whether the operation ended (Succeeded, Failed or Error) within the run. */
  ended: boolean;
  /** The Application's sync status and health when the operation ended, and at the end of the run. */
  appAtEnd: AppFact | undefined;
  appFinal: AppFact | undefined;
  /** Each change of the app's health after the operation ended. */
  healthAfter: { t: number; health: HealthStatusCode; message: string }[];
  /** The last moment of the run. */
  runEnd: number;
  /** The commands typed or scripted during the run that were taken, with what they changed (interventionFacts). */
  interventions: InterventionFact[];
  /** Each managed resource's health at the end of the run (`Kind/name`; `Missing` once it is gone). */
  healthEnd: Map<string, HealthStatusCode>;
  /** The operations the run started (t ≥ 0), and whether auto-sync started them. */
  syncStarts: { t: number; automated: boolean }[];
}

export interface AppFact {
  sync: SyncStatusCode;
  health: HealthStatusCode;
  message: string;
}

const cache = new WeakMap<readonly SimEvent[], RunFacts>();

/** The facts of a run (computed once per log); `endT` is where the run stopped, after its last event. */
export function runFacts(events: readonly SimEvent[], endT?: number): RunFacts {
  const known = cache.get(events);
  if (known && (endT === undefined || known.runEnd === Math.max(endT, known.runEnd))) return known;
  const facts = compute(events);
  if (endT !== undefined) facts.runEnd = Math.max(facts.runEnd, endT);
  cache.set(events, facts);
  return facts;
}

const workloadKinds = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);

function compute(events: readonly SimEvent[]): RunFacts {
  const steps: StepFact[] = [];
  const syncFailHooks: { name: string; t: number }[] = [];
  const applied = new Map<string, number>();
  const managed = new Map<string, SyncStatusCode>();
  let failure: FailureFact | undefined;
  const hooks = new Map<SyncPhase, string[]>();
  let waveDelay: number | undefined;
  let syncApplied = false;
  let previous = false;
  let operation: RunFacts['operation'];
  let app: AppFact | undefined;
  let appAtEnd: AppFact | undefined;
  let ended = false;
  const healthAfter: RunFacts['healthAfter'] = [];
  // Pods by namespace/name, to read which image each workload runs at a moment.
  const pods = new Map<string, { owner: string; image: string; state: string }>();
  let imagesBefore: Map<string, string> | undefined;
  let runEnd = 0;
  const healthEnd = new Map<string, HealthStatusCode>();
  const syncStarts: RunFacts['syncStarts'] = [];

  for (const e of events) {
    if (e.t >= 0 && !imagesBefore) imagesBefore = imagesOf(pods);
    runEnd = Math.max(runEnd, e.t);
    switch (e.type) {
      case 'step': {
        if (e.t < 0) break;
        const last = steps.at(-1);
        if (!last || last.phase !== e.phase || last.wave !== e.wave)
          steps.push({ phase: e.phase, wave: e.wave, t: e.t });
        break;
      }
      case 'apply':
        if (e.t < 0) {
          if (!e.hook && e.result !== 'failed') previous = true;
          break;
        }
        if (e.hook && e.phase === 'SyncFail') syncFailHooks.push({ name: e.name, t: e.t });
        if (e.hook) {
          const names = hooks.get(e.phase) ?? [];
          if (!names.includes(`${e.kind}/${e.name}`)) names.push(`${e.kind}/${e.name}`);
          hooks.set(e.phase, names);
        }
        if (!e.hook && e.result !== 'failed') {
          if (!applied.has(`${e.kind}/${e.name}`)) applied.set(`${e.kind}/${e.name}`, e.t);
          if (e.phase === 'Sync') syncApplied = true;
        }
        break;
      case 'wave-delay':
        if (e.t >= 0) waveDelay = e.seconds;
        break;
      case 'health':
        if (!e.hook) healthEnd.set(`${e.kind}/${e.name}`, e.status);
        break;
      case 'app-operation':
        if (e.t >= 0) syncStarts.push({ t: e.t, automated: e.automated });
        break;
      case 'sync-status':
        if (e.t >= 0) managed.set(`${e.kind}/${e.name}`, e.status);
        break;
      case 'result':
        if (e.t < 0 || failure || e.syncPhase === 'SyncFail') break;
        if (e.hookPhase === 'Failed' || e.hookPhase === 'Error')
          failure = {
            group: e.group,
            kind: e.kind,
            name: e.name,
            syncPhase: e.syncPhase,
            wave: e.wave,
            hook: e.hookType !== '',
            t: e.t,
            message: e.message,
          };
        break;
      case 'operation':
        if (e.t < 0) break;
        operation = { phase: e.phase, message: e.message, t: e.t };
        if (!ended && e.phase !== 'Running' && e.phase !== 'Terminating') {
          ended = true;
          appAtEnd = app;
        }
        break;
      case 'app': {
        const before = app;
        app = { sync: e.sync, health: e.health, message: e.message };
        // The app's status at the instant the operation ended includes that instant's fold.
        if (ended && operation && e.t === operation.t) appAtEnd = app;
        else if (ended && before && before.health !== e.health)
          healthAfter.push({ t: e.t, health: e.health, message: e.message });
        break;
      }
      case 'pod':
        pods.set(`${e.namespace}/${e.name}`, {
          owner: `${e.ownerKind}/${e.ownerName}`,
          image: e.image,
          state: e.state,
        });
        break;
      case 'object':
        if (e.kind === 'Pod' && e.action === 'deleted') pods.delete(`${e.namespace}/${e.name}`);
        break;
    }
  }
  if (ended && !appAtEnd) appAtEnd = app;
  return {
    steps,
    failure,
    syncFailHooks,
    hooks,
    waveDelay,
    syncApplied,
    applied,
    managed,
    previous,
    imagesBefore: imagesBefore ?? imagesOf(pods),
    imagesAfter: imagesOf(pods),
    operation,
    ended,
    appAtEnd,
    appFinal: app,
    healthAfter,
    runEnd,
    interventions: interventionFacts(events),
    healthEnd,
    syncStarts,
  };
}

/** The image each workload's pods run (the newest pod's, skipping pods on their way out). */
function imagesOf(pods: Map<string, { owner: string; image: string; state: string }>): Map<string, string> {
  const out = new Map<string, string>();
  for (const pod of pods.values()) {
    const kind = pod.owner.split('/')[0];
    if (!workloadKinds.has(kind) || pod.state === 'Terminating') continue;
    out.set(pod.owner, pod.image);
  }
  return out;
}

/** `Kind/name` as the explanations print an object. */
export function nameOf(o: { kind: string; name: string }): string {
  return `${o.kind}/${o.name}`;
}

/** A time as the page prints it. */
export function secondsText(t: number): string {
  return `${t.toFixed(1)} s`;
}
