import { assign, setup } from 'xstate';
import { EPOCH_MS } from '../clock';
import type { OperationPhase } from '../types';

/**
 * The life of one sync operation as the Argo CD application controller drives it (argocd-semantics.md §2.1,
 * §2.11, §2.16, §5.3). The machine only orchestrates: when to tick, how long to sleep, when to retry. What a
 * tick does is decided by the pure `syncTick` of src/engine/sync, which the simulation runs when the machine
 * asks for it (the `requestTick` action) and reports back with a `tick.done` event.
 *
 * Cadence (§2.1 item 4): a change to a managed resource re-queues the operation after a 5 s batching delay, and an
 * in-flight operation is re-queued at least every 30 s. After a step that is not the final one, the controller
 * sleeps ARGOCD_SYNC_WAVE_DELAY inside the same tick (§2.11). All delays run on the virtual clock given to
 * `createActor(syncMachine, { clock })`.
 */
export interface TickOutcome {
  phase: OperationPhase;
  message: string;
  /** The step the tick ran, if any; the wave delay follows it unless it was the final step. */
  step?: { phase: string; wave: number; final: boolean; failed: boolean };
  /**
   * Whether the tick changed the operation state (phase, message or results). The controller then patches the
   * Application, and that update re-queues the app like a change to a managed resource does (the application
   * informer's update handler; argocd-semantics.md §2.1 item 4 gives the 5 s batching).
   */
  changed?: boolean;
}

export interface RetryStrategy {
  /** Attempts after the first; 0 = no retry, negative = unlimited (§5.3). */
  limit: number;
  durationMs: number;
  factor: number;
  maxDurationMs: number;
  /**
   * `retry.refresh`: each retry drops the operation's revision and syncs Git's latest (appcontroller.go
   * processRequestedAppOperation L1626-L1631, e2e TestAutoSyncRetryAndRefreshEnabled).
   */
  refresh?: boolean;
}

/**
 * What the machine asks of the simulation running it. Given with the input, so one machine serves every
 * operation: `syncMachine.provide` per operation built the whole machine again each time.
 */
export interface SyncMachineDriver {
  /** Run one tick (the engine's `Sync()`) soon, and answer with `tick.done`. */
  requestTick(): void;
  /** Run the termination tick (`Terminate()`) soon, and answer with `tick.done`. */
  requestTerminate(): void;
  /** Forget the results of the previous attempt before a retry (and its revision, with `retry.refresh`). */
  resetAttempt(): void;
}

export interface SyncMachineInput {
  waveDelayMs: number;
  batchDelayMs?: number;
  maxRequeueMs?: number;
  /** Delay between the user's terminate and the tick that carries it out. */
  terminateDelayMs?: number;
  retry?: RetryStrategy;
  /** The virtual clock's current time, read when a delay is computed. */
  now: () => number;
  /** The simulation's side of the actions; without it they do nothing (tests may `provide` their own). */
  driver?: SyncMachineDriver;
}

export interface SyncMachineContext {
  phase: OperationPhase | null;
  message: string;
  waveDelayMs: number;
  batchDelayMs: number;
  maxRequeueMs: number;
  terminateDelayMs: number;
  retry: RetryStrategy;
  retryCount: number;
  /** Virtual time of the first unhandled change to a managed resource, or null. */
  changedAt: number | null;
  /** Virtual time the last operation attempt finished (for the retry back-off gate). */
  finishedAt: number;
  now: () => number;
  driver?: SyncMachineDriver;
}

export type SyncMachineEvent =
  | { type: 'sync.start' }
  | { type: 'sync.terminate' }
  /**
   * The controller's sync timeout (`controller.sync.timeout.seconds`) has passed since the operation's start
   * (appcontroller.go L1602-L1607): the simulation sends it at that instant, as the controller's requeue is capped
   * by the time left (L1585-L1593).
   */
  | { type: 'sync.timeout' }
  | { type: 'resource.changed'; at: number }
  | { type: 'tick.done'; outcome: TickOutcome; at: number };

const noRetry: RetryStrategy = { limit: 0, durationMs: 5000, factor: 2, maxDurationMs: 180_000 };

/** The retry back-off after `n` previous retries: duration × factor^n, capped (§5.3, case 82). */
export function retryBackoffMs(retry: RetryStrategy, n: number): number {
  return Math.min(retry.maxDurationMs, retry.durationMs * Math.pow(retry.factor, n));
}

// Marked pure (setup() and createMachine() only build the machine's description): the page imports the engine's
// index for a few helpers, and without the mark the bundler kept this call, and with it all of xstate (24 kB
// gzip), in the page's first JavaScript, where nothing runs a machine (the runs happen in the worker).
export const syncMachine = /* @__PURE__ */ setup({
  types: {
    context: {} as SyncMachineContext,
    events: {} as SyncMachineEvent,
    input: {} as SyncMachineInput,
  },
  actions: {
    // The simulation's driver: run one tick (or the termination tick) and send `tick.done`.
    requestTick: ({ context }) => context.driver?.requestTick(),
    requestTerminate: ({ context }) => context.driver?.requestTerminate(),
    // The simulation's driver: forget the results of the previous attempt before a retry.
    resetAttempt: ({ context }) => context.driver?.resetAttempt(),
    recordOutcome: assign(({ context, event }) => {
      if (event.type !== 'tick.done') return {};
      const changedAt = event.outcome.changed ? (context.changedAt ?? event.at) : context.changedAt;
      return { phase: event.outcome.phase, message: event.outcome.message, changedAt };
    }),
    // A tick sees every change made before it. Changes made during it (its own applies) are noted again and
    // batched afterwards, as the informer would report them after the tick.
    forgetChanges: assign({ changedAt: null }),
    noteChange: assign(({ context, event }) => {
      if (event.type !== 'resource.changed') return {};
      return { changedAt: context.changedAt ?? event.at };
    }),
    markRunning: assign({ phase: 'Running' as OperationPhase, message: '' }),
    markTerminating: assign({ phase: 'Terminating' as OperationPhase, message: 'operation is terminating' }),
    // appcontroller.go L1603-L1605: the phase and message written before the same processing terminates it.
    markTimingOut: assign({
      phase: 'Terminating' as OperationPhase,
      message: 'operation is terminating due to timeout',
    }),
    scheduleRetry: assign(({ context, event }) => {
      const at = event.type === 'tick.done' ? event.at : context.now();
      const attempt = context.retryCount + 1;
      const shownAt = at + retryBackoffMs(context.retry, context.retryCount);
      return {
        finishedAt: at,
        retryCount: attempt,
        phase: 'Running' as OperationPhase,
        message: `${context.message}. Retrying attempt #${attempt} at ${kitchenTime(shownAt)}.`,
      };
    }),
    startRetry: assign(({ context }) => ({
      phase: 'Running' as OperationPhase,
      message: `Retrying operation${context.retry.refresh ? ' with latest revisions' : ''}. Attempt #${context.retryCount}`,
    })),
    // Only a failed end says so (appcontroller.go L1696, inside `case OperationFailed, OperationError`): a retry
    // that succeeds keeps the engine's message (ctrl test TestProcessRequestedAppOperation_RunningPreviouslyFailed).
    noteRetriesExhausted: assign(({ context }) =>
      context.retryCount > 0 && (context.phase === 'Failed' || context.phase === 'Error')
        ? { message: `${context.message} (retried ${context.retryCount} times).` }
        : {},
    ),
  },
  guards: {
    completed: ({ event }) => event.type === 'tick.done' && isCompleted(event.outcome.phase),
    failedWithRetriesLeft: ({ context, event }) =>
      event.type === 'tick.done' &&
      (event.outcome.phase === 'Failed' || event.outcome.phase === 'Error') &&
      (context.retry.limit < 0 || context.retryCount < context.retry.limit),
    needsWaveDelay: ({ event }) =>
      event.type === 'tick.done' &&
      !!event.outcome.step &&
      !event.outcome.step.final &&
      !event.outcome.step.failed,
    hasPendingChange: ({ context }) => context.changedAt !== null,
    // controller/sync.go L191-L200: a sync window held the termination (SyncAppState returns before Terminate).
    stillTerminating: ({ event }) => event.type === 'tick.done' && event.outcome.phase === 'Terminating',
  },
  delays: {
    waveDelay: ({ context }) => context.waveDelayMs,
    maxRequeue: ({ context }) => context.maxRequeueMs,
    batch: ({ context }) => {
      const now = context.now();
      return Math.max(0, (context.changedAt ?? now) + context.batchDelayMs - now);
    },
    terminate: ({ context }) => context.terminateDelayMs,
    retryGate: ({ context }) => retryBackoffMs(context.retry, context.retryCount),
  },
}).createMachine({
  id: 'syncOperation',
  context: ({ input }) => ({
    phase: null,
    message: '',
    waveDelayMs: input.waveDelayMs,
    batchDelayMs: input.batchDelayMs ?? 5000,
    maxRequeueMs: input.maxRequeueMs ?? 30_000,
    terminateDelayMs: input.terminateDelayMs ?? 100,
    retry: input.retry ?? noRetry,
    retryCount: 0,
    changedAt: null,
    finishedAt: 0,
    now: input.now,
    driver: input.driver,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'sync.start': { target: 'running', actions: 'markRunning' } },
    },
    running: {
      initial: 'ticking',
      on: {
        'sync.terminate': { target: 'terminating', actions: 'markTerminating' },
        'sync.timeout': { target: 'terminateTick', actions: 'markTimingOut' },
        'resource.changed': { actions: 'noteChange' },
      },
      states: {
        ticking: {
          entry: ['forgetChanges', 'requestTick'],
          on: {
            'tick.done': [
              {
                guard: 'failedWithRetriesLeft',
                target: '#syncOperation.retrying',
                actions: ['recordOutcome', 'scheduleRetry'],
              },
              {
                guard: 'completed',
                target: '#syncOperation.completed',
                actions: ['recordOutcome', 'noteRetriesExhausted'],
              },
              { guard: 'needsWaveDelay', target: 'waveDelay', actions: 'recordOutcome' },
              { target: 'waiting', actions: 'recordOutcome' },
            ],
          },
        },
        // §2.11: the controller sleeps inside the tick; changes seen meanwhile are batched afterwards.
        waveDelay: {
          after: { waveDelay: 'waiting' },
        },
        waiting: {
          always: { guard: 'hasPendingChange', target: 'batching' },
          after: { maxRequeue: 'ticking' },
          on: { 'resource.changed': { target: 'batching', actions: 'noteChange' } },
        },
        batching: {
          after: { batch: 'ticking' },
        },
      },
    },
    // §2.16: the next tick calls Terminate() instead of Sync().
    terminating: {
      after: { terminate: 'terminateTick' },
    },
    terminateTick: {
      entry: 'requestTerminate',
      // A terminated operation never retries, but says how many retries it made (appcontroller.go L1696).
      on: {
        'tick.done': [
          { guard: 'stillTerminating', target: 'terminateHeld', actions: 'recordOutcome' },
          { target: 'completed', actions: ['recordOutcome', 'noteRetriesExhausted'] },
        ],
      },
    },
    // Held by a sync window: the controller tries again at its next requeue of the operation.
    terminateHeld: {
      after: { maxRequeue: 'terminateTick' },
    },
    // §5.3: the whole operation starts over after the back-off; startedAt is kept.
    // Since 3.2 the timeout check comes before the retry wait (appcontroller.go L1602 before L1608): a pending
    // retry is cancelled once the timeout has passed.
    retrying: {
      on: {
        'sync.terminate': { target: 'terminating', actions: 'markTerminating' },
        'sync.timeout': { target: 'terminateTick', actions: 'markTimingOut' },
      },
      after: { retryGate: { target: 'running', actions: ['resetAttempt', 'startRetry'] } },
    },
    completed: { type: 'final' },
  },
});

function isCompleted(phase: OperationPhase): boolean {
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Error';
}

/**
 * The wall-clock label of a virtual time in a retry message: Go's `time.Kitchen` layout (`3:04PM`), in UTC, as
 * the controller formats `nextRetryAt` (appcontroller.go `processRequestedAppOperation`, argocd-semantics.md §5.3).
 */
export function kitchenTime(ms: number): string {
  const date = new Date(EPOCH_MS + ms);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes}${hours < 12 ? 'AM' : 'PM'}`;
}
