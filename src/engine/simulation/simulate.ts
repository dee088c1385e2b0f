import { SimClock } from '../clock';
import { OperationRunner, type OperationRecord } from '../argocd/operationRunner';
import type { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { InputProblem } from '../sync';
import type { HealthOverrides } from '../health/healthOverrides';
import { checkInputLimits, RunLimits } from '../limits';
import type { KubeObject, SourcePosition } from '../types';
import { AppTracker, withNamespace } from '../argocd/appTracker';
import { applicationView } from '../argocd/applicationView';
import { createCluster } from './createCluster';
import { EventLog } from '../eventLog';
import { PodTracker } from './podTracker';
import { revisionOf } from './revisionOf';
import { ObjectHistoryRecorder } from './objectHistory';
import { isSettled, RestWatch } from './settled';
import type { RetryStrategy } from '../argocd/syncMachine';
import { withTracking } from '../argocd/tracking';
import { collectLogs, runUntilRest, type RunResult } from './runLoop';

export interface SimulationInput {
  /** The desired objects of the revision being synced (hooks included), in manifest order. */
  desired: readonly KubeObject[];
  /** Where each desired object came from (same index), for input problems. */
  positions?: readonly (SourcePosition | undefined)[];
  /** Earlier revisions, synced one after the other (hooks included) before the story starts at t = 0. */
  history?: readonly (readonly KubeObject[])[];
  /** Objects already in the cluster before the sync, managed by the app (contract `--live`). */
  live?: readonly KubeObject[];
  app?: string;
  namespace?: string;
  prune?: boolean;
  waveDelaySeconds?: number;
  /** Workloads made to fail in the sync (contract `--fail`); the history runs without them. */
  fail?: readonly string[];
  syncOptions?: readonly string[];
  seed?: number;
  /** Stop at this virtual second if the operation has not ended (contract `--until`). */
  untilSeconds?: number;
  retry?: RetryStrategy;
  /** Send `sync.terminate` at this virtual second (the page's Terminate button, a test). */
  terminateAtSeconds?: number;
  /** Also record the history before t = 0 (negative `t`), to study how the live state came about. */
  recordHistory?: boolean;
  /** argocd-cm `resource.customizations.health.*` checks (the Lua VM, injected by the CLI or the page). */
  healthOverrides?: HealthOverrides;
  /**
   * Told the virtual second reached every few thousand clock steps, so a page running this in a worker can show
   * how far a long run got. It must not change the run: the engine only calls it.
   */
  onProgress?: (seconds: number) => void;
}

/** The single-app run's result: the same as a run of the control plane's (runLoop.ts). */
export type SimulationResult = RunResult;

/** How long before t = 0 the history starts: the previous sync happened an hour ago. */
const HISTORY_START_MS = -3_600_000;
/** Give up settling the history after this long. */
const HISTORY_LIMIT_MS = 1_800_000;
/**
 * Run one Application's sync on a fresh fake cluster from start to end, deterministically: same input, same
 * event log, byte for byte. The simulation goes on after the operation ends until the cluster settles (or until
 * `untilSeconds`), so the final health is real (contract.md §1.1).
 *
 * @example
 * const result = runSimulation({ desired, app: 'checkout-dev', namespace: 'checkout-dev' });
 * result.application.status.operationState?.phase; // 'Succeeded'
 */
export function runSimulation(input: SimulationInput): SimulationResult {
  return new Simulation(input).run();
}

class Simulation {
  readonly clock: SimClock;
  readonly cluster: Cluster;
  readonly log: EventLog;
  private readonly tracker: AppTracker;
  private readonly app: string;
  private readonly namespace: string;
  private operation: OperationRecord | undefined;
  private readonly warnings: string[] = [];
  private readonly problems: InputProblem[] = [];
  private onChange: (() => void) | undefined;
  /** The documented run limits (limits.ts), checked between two instants so a huge input ends fast. */
  private readonly limits: RunLimits;
  private readonly history = new ObjectHistoryRecorder(() => this.clock.now());
  /** Watch-fed counts for the rest check after every instant (settled.ts), instead of a store scan. */
  private readonly rest: RestWatch;

  constructor(private readonly input: SimulationInput) {
    const hasPast = (input.history?.length ?? 0) > 0 || (input.live?.length ?? 0) > 0;
    this.clock = new SimClock(hasPast ? HISTORY_START_MS : 0);
    this.cluster = createCluster({ clock: this.clock, rng: new Rng(input.seed ?? 1) });
    this.limits = new RunLimits(limitPositions(input));
    this.log = new EventLog(() => this.clock.now());
    this.app = input.app ?? 'app';
    this.namespace = input.namespace ?? 'default';
    this.tracker = new AppTracker({
      app: this.app,
      namespace: this.namespace,
      store: this.cluster.store,
      clock: this.clock,
      log: this.log,
      healthOverrides: input.healthOverrides,
    });
    const pods = new PodTracker({ store: this.cluster.store, log: this.log });
    this.cluster.store.watch((event) => this.history.onWatch(event));
    this.rest = RestWatch.on(this.cluster.store);
    this.cluster.store.watch((event) => {
      this.limits.count(event.type, event.object);
      this.tracker.onWatch(event);
      pods.onWatch(event);
      this.onChange?.();
    });
  }

  run(): SimulationResult {
    checkInputLimits(this.input);
    if (this.input.recordHistory) this.log.start(0);
    this.preparePast();
    this.clock.advanceTo(Math.max(0, this.clock.now()));
    if (!this.input.recordHistory) this.log.start();
    this.cluster.failures = this.input.fail ?? [];
    this.tracker.setDesired(this.input.desired);
    this.tracker.emitBaseline();
    const op = this.startOperation(this.input.desired, this.input.positions);
    if (this.input.terminateAtSeconds !== undefined) {
      this.clock.schedule(this.log.origin + this.input.terminateAtSeconds * 1000, () =>
        op.actor.send({ type: 'sync.terminate' }),
      );
    }
    const until = this.log.origin + (this.input.untilSeconds ?? 3600) * 1000;
    runUntilRest({
      clock: this.clock,
      log: this.log,
      limits: this.limits,
      untilMs: until,
      atRest: () => op.completed && isSettled(this.rest, this.tracker),
      onProgress: this.input.onProgress,
    });
    // An operation that never ends (a stuck hook) is shown up to the limit.
    if (!op.completed && this.clock.now() < until) this.clock.advanceTo(until);
    return this.result(op);
  }

  /** Apply `--live` objects and sync each history revision, letting the cluster settle after each. */
  private preparePast(): void {
    for (const obj of this.input.live ?? []) {
      const target = withTracking(this.app, withNamespace(obj, this.namespace));
      this.cluster.store.apply(target);
    }
    if (this.input.live?.length) this.settle();
    for (const revision of this.input.history ?? []) {
      this.tracker.setDesired(revision);
      this.tracker.emitBaseline();
      this.startOperation(revision, undefined);
      this.settle();
    }
  }

  private settle(): void {
    const limit = this.clock.now() + HISTORY_LIMIT_MS;
    for (;;) {
      const next = this.clock.nextDeadline();
      if (next === undefined || next > limit || next > -60_000) break;
      this.clock.runNext();
      this.limits.check(this.log.events.length, this.log.seconds(this.clock.now()));
      if ((this.operation?.completed ?? true) && isSettled(this.rest, this.tracker)) break;
    }
  }

  private startOperation(
    desired: readonly KubeObject[],
    positions: readonly (SourcePosition | undefined)[] | undefined,
  ): OperationRecord {
    const runner = new OperationRunner(
      {
        app: this.app,
        namespace: this.namespace,
        cluster: this.cluster,
        log: this.log,
        tracker: this.tracker,
        healthOverrides: this.input.healthOverrides,
        warnings: this.warnings,
        problems: this.problems,
      },
      {
        desired,
        positions,
        revision: revisionOf(desired),
        prune: this.input.prune ?? false,
        syncOptions: this.input.syncOptions ?? [],
        retry: this.input.retry,
        waveDelaySeconds: this.input.waveDelaySeconds ?? 2,
      },
    );
    this.operation = runner.record;
    this.onChange = undefined;
    runner.start();
    // §2.1 item 4: a change to a managed resource re-queues the operation.
    this.onChange = () => runner.noteChange();
    runner.begin();
    return runner.record;
  }

  private result(op: OperationRecord): SimulationResult {
    return {
      application: applicationView({
        app: this.app,
        namespace: this.namespace,
        revision: op.revision,
        sync: this.tracker.sync,
        health: this.tracker.health,
        resources: this.tracker.resources(),
        operation: {
          record: op,
          prune: this.input.prune ?? false,
          syncOptions: [...(this.input.syncOptions ?? [])],
        },
      }),
      events: this.log.events,
      live: this.cluster.store.all(),
      ...collectLogs(this.cluster, this.log),
      endT: this.log.seconds(this.clock.now()),
      warnings: this.warnings,
      problems: this.problems,
      objects: this.history.result((ms) => this.log.seconds(ms)),
    };
  }
}

/** Where a limit hit while running points: the first input file, and each desired object's own place. */
function limitPositions(input: SimulationInput) {
  const first = input.positions?.find((p) => p !== undefined);
  return {
    at: first ? { file: first.file, line: 1, column: 1 } : undefined,
    positionOf: (kind: string, name: string) => {
      const i = input.desired.findIndex((o) => o.kind === kind && o.metadata.name === name);
      return i < 0 ? undefined : input.positions?.[i];
    },
  };
}
