import { InputError } from '../engine';
import type { Scenario } from './scenario';
import type { PageRun, RunOptions } from './pageRun';
import type { RunReply, RunRequest, WorkerLike } from './workerProtocol';
import { portToHeld } from './heldScenarios';
import { joinValue, type ValuePiece } from './valuePieces';

/**
 * The wall-time limit of one run in the worker. The largest shipped scenario (200 resources) runs in about 2 s
 * cold on a slow machine and the engine goal is 1,000 resources in 1 s, so a sound input ends far below
 * 10 s even on a phone a few times slower; an edit still running after 10 s (100,000 replicas, a hook that never
 * ends under a huge `until`) is stopped before a user concludes that the page hung.
 */
export const RUN_TIME_LIMIT_MS = 10_000;

/** How a run ended, as the session sees it. */
export type RunOutcome =
  | { kind: 'done'; run: PageRun }
  | { kind: 'input-error'; error: InputError }
  | { kind: 'failure'; message: string }
  /** A newer request (or a cancel) replaced this one; its answer, if any, is dropped. */
  | { kind: 'superseded' }
  /** The time limit passed and the worker was terminated; `t` is the virtual second last reported. */
  | { kind: 'stopped'; t: number; limitMs: number };

/** What the session needs of a runner: the worker's (this file) or a test's fake. */
export interface PageRunner {
  run(scenario: Scenario, options: RunOptions, onProgress?: (t: number) => void): Promise<RunOutcome>;
  /** Drop the run in flight, if any (a precomputed run took its place). */
  cancel(): void;
  /**
   * Load the engine where runs happen and play this run once, answering nothing, while nothing else runs: the
   * next real run then finds it warm (see RunRequest `warmOnly`).
   */
  warm?(scenario: Scenario, options: RunOptions): void;
}

export interface WorkerRunnerOptions {
  createWorker: () => WorkerLike;
  timeLimitMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface InFlight {
  id: number;
  resolve: (outcome: RunOutcome) => void;
  timer: unknown;
  t: number;
  onProgress?: (t: number) => void;
  /** The pieces of a heavy run received so far (workerProtocol.ts), joined when its `done` comes. */
  pieces: ValuePiece[];
}

/**
 * Runs simulations in a Web Worker, one at a time. Each request has an id and only the answer to the newest is
 * used. A request made while another runs supersedes it: the engine cannot be interrupted between two messages,
 * so the busy worker is terminated and a fresh one takes the new request (a worker starts in a few ms). A run
 * past the time limit is stopped the same way.
 */
export class WorkerRunner implements PageRunner {
  private worker: WorkerLike | undefined;
  private current: InFlight | undefined;
  private nextId = 1;
  /** A warm-up is under way in the worker (until its `warmed` answer). */
  private warming = false;
  private readonly timeLimitMs: number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: WorkerRunnerOptions) {
    this.timeLimitMs = options.timeLimitMs ?? RUN_TIME_LIMIT_MS;
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  run(scenario: Scenario, options: RunOptions, onProgress?: (t: number) => void): Promise<RunOutcome> {
    this.cancel();
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<RunOutcome>((resolve) => {
      // Behind a warm-up, the run's time limit starts once the warm-up is over: it is the run's own time.
      const timer = this.warming ? undefined : this.setTimer(() => this.stop(id), this.timeLimitMs);
      this.current = { id, resolve, timer, t: 0, onProgress, pieces: [] };
      post(worker, { id, options }, scenario);
    });
  }

  cancel(): void {
    if (!this.current) return;
    // The worker is busy with the old request until it ends: terminate it rather than wait.
    this.discardWorker();
    this.finish({ kind: 'superseded' });
  }

  /**
   * Spawn the worker now, so the first re-run does not wait for it to load, and, given a run, play it there once
   * (answering nothing) so that the engine's code is compiled too. Only when no run is in flight: a request made
   * during the warm-up waits behind it in the worker's queue (it is not a request to supersede), which costs at
   * most what the cold run it replaces would have cost.
   */
  warm(scenario?: Scenario, options?: RunOptions): void {
    if (this.current) return;
    const worker = this.ensureWorker();
    if (!scenario || !options || this.warming) return;
    this.warming = true;
    post(worker, { id: 0, options, warmOnly: true }, scenario);
  }

  private stop(id: number): void {
    if (this.current?.id !== id) return;
    const t = this.current.t;
    this.discardWorker();
    this.finish({ kind: 'stopped', t, limitMs: this.timeLimitMs });
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.options.createWorker();
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      // The worker's script failed (it did not load, or threw outside a request): nothing more will come.
      event.preventDefault?.();
      if (this.worker === worker) this.discardWorker();
      this.finish({
        kind: 'failure',
        message: `the simulation worker failed: ${event.message || 'no detail'}`,
      });
    };
    this.worker = worker;
    return worker;
  }

  private receive(reply: RunReply): void {
    if (reply.kind === 'warmed') {
      this.warming = false;
      const waiting = this.current;
      if (waiting && waiting.timer === undefined)
        waiting.timer = this.setTimer(() => this.stop(waiting.id), this.timeLimitMs);
      // `npm run bench:page` reads this mark to measure an intervention on a warm worker too.
      if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
        performance.mark('worker-warmed');
      return;
    }
    const current = this.current;
    if (!current || reply.id !== current.id) return;
    switch (reply.kind) {
      case 'progress':
        current.t = reply.t;
        current.onProgress?.(reply.t);
        return;
      case 'piece':
        current.pieces.push(reply.piece);
        return;
      case 'done':
        return this.finish({ kind: 'done', run: joinValue(reply.run, current.pieces) as PageRun });
      case 'input-error':
        return this.finish({ kind: 'input-error', error: new InputError(reply.detail, reply.position) });
      case 'failure':
        return this.finish({ kind: 'failure', message: reply.message });
    }
  }

  private finish(outcome: RunOutcome): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    this.clearTimer(current.timer);
    current.resolve(outcome);
  }

  private discardWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.warming = false;
  }
}

/**
 * Posts a request with its scenario: from the worker that holds it when one does (heldScenarios.ts: the port is
 * transferred, and the scenario goes from worker to worker), else the scenario itself.
 */
function post(worker: WorkerLike, request: Omit<RunRequest, 'scenario'>, scenario: Scenario): void {
  const port = portToHeld(scenario);
  if (port) worker.postMessage({ ...request, scenarioPort: port }, [port]);
  else worker.postMessage({ ...request, scenario });
}

/**
 * The page's runner: the worker module (and with it the engine's second copy) is imported on first use, so it
 * is not part of the page's initial JavaScript.
 */
export class LazyWorkerRunner implements PageRunner {
  private inner: Promise<WorkerRunner> | undefined;

  /** `timeLimitMs`: the wall time a run may take before it is stopped (RUN_TIME_LIMIT_MS by default). */
  constructor(private readonly timeLimitMs?: number) {}

  run(scenario: Scenario, options: RunOptions, onProgress?: (t: number) => void): Promise<RunOutcome> {
    return this.load().then((runner) => runner.run(scenario, options, onProgress));
  }

  cancel(): void {
    void this.inner?.then((runner) => runner.cancel());
  }

  warm(scenario?: Scenario, options?: RunOptions): void {
    void this.load().then((runner) => runner.warm(scenario, options));
  }

  private load(): Promise<WorkerRunner> {
    this.inner ??= import('./spawnSimWorker').then(
      ({ spawnSimWorker }) =>
        new WorkerRunner({ createWorker: spawnSimWorker, timeLimitMs: this.timeLimitMs }),
    );
    return this.inner;
  }
}
