import { createActor } from 'xstate';
import { EPOCH_MS, toTimestamp } from '../clock';
import { syncTick, terminateTick, type SyncResultRow, type TickOutcome } from '../sync';
import type { KubeObject, ObjectRef } from '../types';
import { clusterPorts } from './clusterPorts';
import { Priority } from './controlPlanePorts';
import { apiResourceInfo } from '../cluster/discovery';
import { refOf } from '../cluster/gvk';
import { augmentSyncMessage } from './augmentSyncMessage';
import { isModified } from './compare';
import { normalizeIgnored, respectIgnored } from './ignoreDifferences';
import { syncOptionRespectIgnoreDifferences } from '../annotations';
import { withNamespace } from './withNamespace';
import type { UnstampedEvent } from '../eventLog';
import { syncMachine, type TickOutcome as MachineTick } from './syncMachine';
import type { OperationHost } from './operationHost';
import type { OperationRecord } from './operationRecord';
import type { OperationSpec } from './operationSpec';

/**
 * One sync operation of one Application, driven by its own `syncMachine` actor on the cluster's clock
 * (argocd-semantics.md §2.1, §2.11, §2.16, §5.3): the machine decides when to tick, sleep and retry; each tick
 * runs the pure `syncTick` (or `terminateTick`) against the fake cluster and reports back.
 */
export class OperationRunner {
  readonly record: OperationRecord;

  constructor(
    private readonly host: OperationHost,
    private readonly spec: OperationSpec,
  ) {
    const clock = host.cluster.clock;
    const op: OperationRecord = {
      desired: spec.desired,
      positions: spec.positions,
      revision: spec.revision,
      startedAtMs: clock.now(),
      results: [],
      phase: 'Running',
      message: '',
      completed: false,
      retryCount: 0,
      actor: undefined as unknown as OperationRecord['actor'],
    };
    this.record = op;
    const priority = Priority.operationTick;
    op.actor = createActor(syncMachine, {
      clock,
      input: {
        waveDelayMs: spec.waveDelaySeconds * 1000,
        retry: spec.retry,
        now: () => clock.now(),
        driver: {
          requestTick: () => void clock.schedule(clock.now(), () => this.tick(false), priority),
          requestTerminate: () => void clock.schedule(clock.now(), () => this.tick(true), priority),
          resetAttempt: () => {
            op.results = [];
            const latest = spec.retry?.refresh ? host.latest?.() : undefined;
            if (latest) {
              op.desired = latest.desired;
              op.positions = latest.positions;
              op.revision = latest.revision;
            }
          },
        },
      },
    });
    op.actor.subscribe((snapshot) => {
      const { phase, message, retryCount } = snapshot.context;
      let updated = retryCount !== op.retryCount;
      op.retryCount = retryCount;
      if (phase && (phase !== op.phase || message !== op.message || !op.announced)) {
        op.announced = true;
        op.phase = phase;
        op.message = message;
        host.log.push({ type: 'operation', phase, message });
        updated = true;
      }
      if (snapshot.status === 'done' && !op.completed) {
        op.completed = true;
        op.finishedAtMs = clock.now();
        updated = true;
      } else if (!op.completed) {
        // §5.3 (appcontroller.go L1686, L1640): a failed attempt with retries left stays Running with
        // `finishedAt` set (that is how the controller knows to wait and retry); the retry clears it.
        const finishedAt = snapshot.matches('retrying') ? snapshot.context.finishedAt : undefined;
        if (finishedAt !== op.finishedAtMs) {
          op.finishedAtMs = finishedAt;
          updated = true;
        }
      }
      if (updated) host.onUpdate?.(op);
    });
  }

  /** Start the actor; `sync.start` follows once the caller has wired change notifications (`noteChange`). */
  start(): void {
    this.record.actor.start();
  }

  /** Send `sync.start`: the operation's first tick is queued at once. */
  begin(): void {
    this.record.actor.send({ type: 'sync.start' });
    const timeout = this.spec.syncTimeoutMs ?? 0;
    if (timeout > 0) {
      const clock = this.host.cluster.clock;
      // `startedAt` is stored at whole seconds (metav1.Time), and the requeue capped by the time left brings the
      // controller back at the deadline: the operation is terminated then (appcontroller.go L1585-L1607).
      const deadline = Math.floor(this.record.startedAtMs / 1000) * 1000 + timeout;
      clock.schedule(deadline, () => this.timeout(), Priority.operationTick);
    }
  }

  /** The sync timeout has passed: a Running operation (or one waiting for its retry) is terminated. */
  private timeout(): void {
    const op = this.record;
    const snapshot = op.actor.getSnapshot();
    if (op.completed || !(snapshot.matches('running') || snapshot.matches('retrying'))) return;
    op.timedOut = true;
    op.actor.send({ type: 'sync.timeout' });
  }

  get completed(): boolean {
    return this.record.completed;
  }

  /** `argocd app terminate-op` (§2.16). */
  terminate(): void {
    if (this.record.completed) return;
    this.record.terminated = true;
    this.record.actor.send({ type: 'sync.terminate' });
  }

  /** §2.1 item 4: a change to a managed resource re-queues the operation (batched by the machine). */
  noteChange(): void {
    const op = this.record;
    // Only the first change since the last tick matters (the machine batches from it), and sending an
    // event through xstate for every write is a large part of a big sync's cost.
    if (op.completed || op.actor.getSnapshot().context.changedAt !== null) return;
    op.actor.send({ type: 'resource.changed', at: this.host.cluster.clock.now() });
  }

  /** The last targets `targets` made, kept while every one of them is the same object. */
  private respected: { from: readonly KubeObject[]; to: readonly KubeObject[] } | undefined;

  /**
   * The targets a tick applies: Git's, or with `RespectIgnoreDifferences=true` each one carrying the live values
   * of its ignored fields (controller/sync.go L304-L321, recomputed on every `SyncAppState` as there). The same
   * list is handed back while nothing changed, so the engine's caches keyed on it still hold.
   */
  private targets(desired: readonly KubeObject[]): readonly KubeObject[] {
    const { host, spec } = this;
    const rules = host.tracker.ignoreDifferences;
    if (rules.length === 0 || !spec.syncOptions.includes(syncOptionRespectIgnoreDifferences)) return desired;
    const store = host.cluster.store;
    const next = desired.map((d) => {
      const target = withNamespace(d, host.namespace);
      const live = store.get(refOf(target));
      const patched = respectIgnored(rules, target, live, host.namespace);
      return patched === target ? d : patched;
    });
    const prev = this.respected;
    if (
      prev &&
      prev.from === desired &&
      prev.to.length === next.length &&
      prev.to.every((o, i) => o === next[i] || JSON.stringify(o) === JSON.stringify(next[i]))
    )
      return prev.to;
    this.respected = { from: desired, to: next };
    return next;
  }

  /** One controller tick: the engine's `Sync()` (or `Terminate()`), its events, then `tick.done`. */
  private tick(terminate: boolean): void {
    const { host, spec } = this;
    const op = this.record;
    // The sync timeout turned a queued sync tick into a termination: that processing terminates instead.
    if (!terminate && op.actor.getSnapshot().matches('terminateTick')) return;
    const clock = host.cluster.clock;
    const ports = clusterPorts(
      host.cluster,
      host.app,
      (obj) => this.shouldTrack(obj),
      host.healthOverrides,
      // Refuse namespaced objects in a namespace that does not exist, as the API server does (§5.2).
      true,
    );
    if (host.checkPermission) ports.checkPermission = host.checkPermission;
    const rules = host.tracker.ignoreDifferences;
    const normalize =
      rules.length === 0 ? undefined : (obj: KubeObject) => normalizeIgnored(rules, obj, host.namespace);
    const common = {
      desired: this.targets(op.desired),
      positions: op.positions,
      live: host.tracker.liveObjects().filter((o) => this.shouldTrack(o)),
      results: op.results,
      options: {
        namespace: host.namespace,
        revision: op.revision,
        startedAt: Math.floor((EPOCH_MS + op.startedAtMs) / 1000),
        prune: spec.prune,
        dryRun: spec.dryRun === true,
        ...(spec.force ? { force: true } : {}),
        syncOptions: [...spec.syncOptions],
        pruneConfirmed: host.isDeletionConfirmed?.(toTimestamp(op.startedAtMs)) ?? false,
        ...(spec.skipHooks ? { skipHooks: true } : {}),
        ...(spec.resources ? { skipHooks: true, resourceFilter: selects(spec.resources) } : {}),
      },
      ports,
      diff: (target: KubeObject, live: KubeObject) => isModified(target, live, normalize),
      namespaceModifier: host.namespaceModifier?.(),
    };
    host.log.hold();
    let outcome: TickOutcome;
    const refused = terminate ? undefined : host.precheck?.();
    const held = refused === undefined ? host.hold?.() : undefined;
    const failed = terminate || refused !== undefined || held !== undefined ? undefined : host.failCheck?.();
    try {
      if (held !== undefined) {
        // SyncAppState returns at once: a Running operation says why, a Terminating one keeps its message.
        outcome = {
          phase: terminate ? 'Terminating' : 'Running',
          message: terminate ? op.message : held,
          results: op.results,
          steps: [],
          events: [],
          warnings: [],
          problems: [],
        };
      } else if (refused !== undefined || failed !== undefined) {
        outcome = {
          phase: refused !== undefined ? 'Error' : 'Failed',
          message: refused ?? failed!,
          results: op.results,
          steps: [],
          events: [],
          warnings: [],
          problems: [],
        };
      } else outcome = terminate ? terminateTick({ ...common, byTimeout: op.timedOut }) : syncTick(common);
    } catch (error) {
      // An engine bug must not hang the page: the operation ends in Error, as Argo CD's controller does on a panic.
      outcome = {
        phase: 'Error',
        message: `sandbox error: ${error instanceof Error ? error.message : String(error)}`,
        results: op.results,
        steps: [],
        events: [],
        warnings: [],
        problems: [],
      };
    }
    if (outcome.results.length > 0) outcome = this.augmented(outcome);
    const changed =
      outcome.phase !== op.phase ||
      outcome.message !== op.message ||
      !sameResults(op.results, outcome.results);
    op.results = outcome.results;
    for (const w of outcome.warnings) if (!host.warnings.includes(w)) host.warnings.push(w);
    for (const p of outcome.problems)
      if (!host.problems.some((q) => q.message === p.message)) host.problems.push(p);
    const step = outcome.steps.at(-1);
    const events: UnstampedEvent[] = [...outcome.events];
    if (step && !step.finalWave && outcome.phase === 'Running') {
      events.push({ type: 'wave-delay', phase: step.phase, wave: step.wave, seconds: spec.waveDelaySeconds });
    }
    host.log.release(events);
    if (changed) host.onUpdate?.(op);
    const machineTick: MachineTick = {
      phase: outcome.phase,
      message: outcome.message,
      changed,
      ...(step ? { step: { phase: step.phase, wave: step.wave, final: step.finalWave, failed: false } } : {}),
    };
    op.actor.send({ type: 'tick.done', outcome: machineTick, at: clock.now() });
  }

  /**
   * The outcome as the controller records it (controller/sync.go L450): each resource result's message reworded by
   * `AugmentSyncMsg`, in the rows and in their `result` events; the operation message is left as the engine wrote it.
   */
  private augmented(outcome: TickOutcome): TickOutcome {
    const store = this.host.cluster.store;
    const lookup = (group: string, kind: string) => apiResourceInfo(store, group, kind);
    let results: SyncResultRow[] | undefined;
    outcome.results.forEach((row, i) => {
      const message = augmentSyncMessage(row, lookup);
      if (message === row.message) return;
      results ??= [...outcome.results];
      results[i] = { ...row, message };
    });
    if (!results) return outcome;
    const byKey = new Map(
      results.map((row) => [`${row.group}/${row.kind}/${row.namespace}/${row.name}`, row]),
    );
    const events = outcome.events.map((event) => {
      if (event.type !== 'result') return event;
      const row = byKey.get(`${event.group}/${event.kind}/${event.namespace}/${event.name}`);
      return row && row.message !== event.message ? { ...event, message: row.message } : event;
    });
    return { ...outcome, results, events };
  }

  /**
   * The namespace Argo CD creates for CreateNamespace=true is not tracked by the app (argocd-semantics.md §2.7):
   * it is neither compared nor pruned.
   */
  shouldTrack(obj: KubeObject): boolean {
    if (obj.kind !== 'Namespace' || obj.metadata.name !== this.host.namespace) return true;
    return this.record.desired.some((d) => d.kind === 'Namespace' && d.metadata.name === this.host.namespace);
  }
}

/** argo `IncludeResource`: group, kind and name must match, and the namespace when the entry has one. */
function selects(resources: NonNullable<OperationSpec['resources']>): (ref: ObjectRef) => boolean {
  return (ref) =>
    resources.some(
      (r) =>
        (r.group ?? '') === ref.group &&
        r.kind === ref.kind &&
        r.name === ref.name &&
        (!r.namespace || r.namespace === ref.namespace),
    );
}

/**
 * Whether two result lists say the same (the engine builds new rows every tick it changes them, and hands the same
 * list on when it changes none).
 */
function sameResults(a: readonly SyncResultRow[], b: readonly SyncResultRow[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.status !== y.status || x.hookPhase !== y.hookPhase || x.message !== y.message || x.name !== y.name)
      return false;
  }
  return true;
}
