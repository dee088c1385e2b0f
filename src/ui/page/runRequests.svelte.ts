import { isInputError, type InputError } from '../../engine';
import type { Scenario } from '../../scenarios/scenario';
import type { PageRun } from '../../scenarios/pageRun';
import type { RunOptions } from '../../scenarios/pageSettings';
import { LazyWorkerRunner, type PageRunner, type RunOutcome } from '../../scenarios/workerRunner';
import { AfterPaint, foldHeld } from './afterPaint.svelte';
import type { RunEnd, SessionOptions } from './sessionOptions';

/** Where a run's outcome lands in the session: the run on screen, the input's error, or a failure to say. */
export interface RunHost {
  apply(run: PageRun): void;
  inputError(error: InputError): void;
  failure(message: string): void;
}

/**
 * The session's run requests (src/ui/page/session.svelte.ts): each run goes to a Web Worker with a time limit (the
 * answer comes later, and only the newest request's is used), or, without one (tests, Node), to the in-thread
 * player at once. The session asks for runs and shows what they answer; this keeps the runner, the request
 * counter and the "Simulating…" progress.
 */
export class RunRequests {
  /** Set while a run is under way in the worker: the virtual second it reached (the "Simulating…" line). */
  simulating = $state.raw<{ t: number } | undefined>(undefined);
  /** The in-thread player, or undefined where runs go to the worker only. */
  private readonly inline: SessionOptions['inline'];
  /** The worker, or undefined to run in this thread. */
  private readonly runner: PageRunner | undefined;
  /** Counts requested runs; an answer to an older one than the newest is dropped. */
  private token = 0;

  constructor(
    options: Pick<SessionOptions, 'runner' | 'inline' | 'runTimeLimitMs'>,
    private readonly host: RunHost,
  ) {
    this.inline = options.inline;
    this.runner =
      options.runner === 'inline'
        ? undefined
        : (options.runner ??
          (typeof Worker === 'undefined' ? undefined : new LazyWorkerRunner(options.runTimeLimitMs)));
  }

  /**
   * Once the page is idle, load the worker and play `scenario` there once, answering nothing, so that the next
   * run asked for (an intervention, which must show within 300 ms) finds the engine compiled rather than cold.
   * Where runs happen in this thread (tests), there is nothing to warm.
   */
  warmWhenIdle(scenario: Scenario, options: RunOptions): void {
    const runner = this.runner;
    if (!runner?.warm) return;
    const token = this.token;
    const warm = () => {
      // A run asked for since then has warmed the worker itself (or is on its way there).
      if (token !== this.token) return;
      // On a phone the warm-up waits with the parts below the fold (afterPaint.svelte.ts: until the page is
      // scrolled, touched or keyed, or its start has settled). Loading the worker's chunk, starting the worker and
      // handing it the scenario was a long task at 4× CPU in the page's first seconds, the last one of
      // failing-migration's start (issue 32); and an intervention is typed in the terminal, below the fold too.
      // Where nothing is held (a wider screen, the compare and embedded views) it runs now, as before.
      const warmNow = () => token === this.token && runner.warm?.(scenario, options);
      if (foldHeld()) new AfterPaint(warmNow, { belowFold: true });
      else warmNow();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2000 });
    else setTimeout(warm, 0);
  }

  /** Forget any run under way: what the session shows now (a precomputed run) is newer than its answer. */
  drop(): void {
    this.token++;
    this.runner?.cancel();
    this.simulating = undefined;
  }

  /**
   * Run `scenario` with `options`: in the worker (the answer comes later, and only the newest request's is
   * used), or in this thread at once. `then` runs when the new run is on screen.
   */
  request(scenario: Scenario, options: RunOptions, then: () => void): Promise<RunEnd> {
    const token = ++this.token;
    if (!this.runner) {
      const inline = this.inline;
      if (!inline) {
        // Every browser the page supports has Web Workers; the in-thread player is for tests (and Node).
        this.host.failure(
          'This browser cannot run the simulation: it has no Web Workers. The shipped runs still play.',
        );
        return Promise.resolve('finished');
      }
      if (!inline.runNeedsLua(scenario, options)) {
        let outcome: RunOutcome;
        try {
          outcome = { kind: 'done', run: inline.playForPage(scenario, options) };
        } catch (error) {
          outcome = outcomeOfError(error);
        }
        return Promise.resolve(this.settle(token, outcome, then));
      }
      return inline.playForPageWithLua(scenario, options).then(
        (run) => this.settle(token, { kind: 'done', run }, then),
        (error: unknown) => this.settle(token, outcomeOfError(error), then),
      );
    }
    this.simulating = { t: 0 };
    mark('run-requested');
    const progress = (t: number): void => {
      if (token === this.token) this.simulating = { t };
    };
    return this.runner.run(scenario, options, progress).then((outcome) => this.settle(token, outcome, then));
  }

  /** Put a run's outcome on screen, unless a newer request was made since. */
  private settle(token: number, outcome: RunOutcome, then: () => void): RunEnd {
    if (token !== this.token || outcome.kind === 'superseded') return 'superseded';
    this.simulating = undefined;
    switch (outcome.kind) {
      case 'done':
        mark('run-answered');
        this.host.apply(outcome.run);
        then();
        mark('run-applied');
        return 'finished';
      case 'input-error':
        this.host.inputError(outcome.error);
        return 'input-error';
      case 'failure':
        // An unexpected exception is not the user's input to fix, so it is said as such instead of leaving the
        // page half updated; the last good run stays on screen.
        this.host.failure(
          `The simulation stopped on an internal error: ${outcome.message}. The last good run is still shown.`,
        );
        return 'failure';
      case 'stopped':
        this.host.failure(
          `The simulation was stopped after ${outcome.limitMs / 1000} s of wall time, at virtual ` +
            `${outcome.t.toFixed(1)} s: the input is too large or never ends. The last good run is still shown.`,
        );
        return 'stopped';
    }
  }
}

/**
 * A performance mark of a run's way (requested, answered by the worker, applied to the session), the latest of
 * each name only: `npm run bench:page` reads them to say where an intervention's time goes.
 */
function mark(name: string): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}

function outcomeOfError(error: unknown): RunOutcome {
  return isInputError(error)
    ? { kind: 'input-error', error }
    : { kind: 'failure', message: errorText(error) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
