import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SimClock } from '../clock';
import { retryBackoffMs, syncMachine, type RetryStrategy, type TickOutcome } from './syncMachine';

const running: TickOutcome = { phase: 'Running', message: 'waiting for completion of hook /Pod/hook' };
const step = (final: boolean, failed = false): TickOutcome => ({
  ...running,
  step: { phase: 'Sync', wave: 0, final, failed },
});
const failed: TickOutcome = {
  phase: 'Failed',
  message: 'one or more synchronization tasks completed unsuccessfully',
};
const defaults: RetryStrategy = { limit: 0, durationMs: 5000, factor: 2, maxDurationMs: 180_000 };

/**
 * The machine alone on a virtual clock, with a fake engine: each tick returns the next scripted outcome (the
 * last one repeats) one instant later, as the simulation does. Ticks and terminations are recorded in ms.
 */
function harness(script: TickOutcome[], options: { retry?: RetryStrategy; waveDelayMs?: number } = {}) {
  const clock = new SimClock();
  const ticks: number[] = [];
  const terminations: number[] = [];
  let resets = 0;
  const reply = (outcome: TickOutcome) =>
    clock.schedule(clock.now(), () => actor.send({ type: 'tick.done', outcome, at: clock.now() }));
  const machine = syncMachine.provide({
    actions: {
      requestTick: () => {
        ticks.push(clock.now());
        reply(script[Math.min(ticks.length, script.length) - 1]);
      },
      requestTerminate: () => {
        terminations.push(clock.now());
        reply({ phase: 'Failed', message: 'Operation terminated' });
      },
      resetAttempt: () => {
        resets++;
      },
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { waveDelayMs: options.waveDelayMs ?? 2000, retry: options.retry, now: () => clock.now() },
  });
  actor.start();
  actor.send({ type: 'sync.start' });
  const changeAt = (ms: number) =>
    clock.schedule(ms, () => actor.send({ type: 'resource.changed', at: clock.now() }));
  return { clock, ticks, terminations, actor, changeAt, resets: () => resets };
}

describe('syncMachine cadence (§2.1 item 4, §2.11)', () => {
  it('re-queues an in-flight operation every 30 s when nothing changes', () => {
    const h = harness([running]);
    h.clock.advanceTo(95_000);
    expect(h.ticks).toEqual([0, 30_000, 60_000, 90_000]);
  });

  it('sleeps the wave delay after a step that is not the final one, and only then', () => {
    const h = harness([step(false), step(true), step(false, true), running]);
    h.clock.advanceTo(100_000);
    // 0 → +2 s delay +30 s; a final step and a failed step get no delay: +30 s each.
    expect(h.ticks).toEqual([0, 32_000, 62_000, 92_000]);
  });

  it('batches changes: one tick 5 s after the first change, however many follow', () => {
    const h = harness([running]);
    h.changeAt(3000);
    h.changeAt(4000);
    h.changeAt(7500);
    h.clock.advanceTo(40_000);
    expect(h.ticks).toEqual([0, 8000, 38_000]);
  });

  it('batches a change seen during the wave delay after the delay', () => {
    const short = harness([step(false), running]);
    short.changeAt(1000);
    short.clock.advanceTo(7000);
    expect(short.ticks).toEqual([0, 6000]);

    const long = harness([step(false), running], { waveDelayMs: 10_000 });
    long.changeAt(1000);
    long.clock.advanceTo(11_000);
    expect(long.ticks).toEqual([0, 10_000]);
  });

  it('stops ticking once an outcome is completed', () => {
    const h = harness([running, { phase: 'Succeeded', message: 'successfully synced (all tasks run)' }]);
    h.clock.advanceTo(120_000);
    expect(h.ticks).toEqual([0, 30_000]);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().context).toMatchObject({ phase: 'Succeeded' });
  });
});

describe('syncMachine terminate (§2.16)', () => {
  it('goes Terminating, runs the terminate tick 100 ms later, and never retries', () => {
    const h = harness([running], { retry: { ...defaults, limit: 3 } });
    h.clock.schedule(10_000, () => h.actor.send({ type: 'sync.terminate' }));
    h.clock.advanceTo(10_000);
    expect(h.actor.getSnapshot().context).toMatchObject({
      phase: 'Terminating',
      message: 'operation is terminating',
    });
    h.clock.advanceTo(200_000);
    expect(h.terminations).toEqual([10_100]);
    expect(h.ticks).toEqual([0]);
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().context).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
  });
});

describe('syncMachine retry (§5.3)', () => {
  it('retries after 5 s × 2^n counted after the increment: +10 s, then +20 s', () => {
    const h = harness([failed], { retry: { ...defaults, limit: 2 } });
    h.clock.advanceTo(0);
    expect(h.actor.getSnapshot().context).toMatchObject({
      phase: 'Running',
      message: 'one or more synchronization tasks completed unsuccessfully. Retrying attempt #1 at 12:00AM.',
      retryCount: 1,
    });
    h.clock.advanceTo(100_000);
    expect(h.ticks).toEqual([0, 10_000, 30_000]);
    expect(h.resets()).toBe(2);
    expect(h.actor.getSnapshot().context).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully (retried 2 times).',
    });
  });

  it('starts each attempt with "Retrying operation. Attempt #n", then shows the new attempt', () => {
    const h = harness([failed, running], { retry: { ...defaults, limit: 1 } });
    const messages: string[] = [];
    h.actor.subscribe((s) => messages.push(s.context.message));
    h.clock.advanceTo(10_000);
    expect(messages.slice(-2)).toEqual([
      'Retrying operation. Attempt #1',
      'waiting for completion of hook /Pod/hook',
    ]);
  });

  it('retries for ever with a negative limit', () => {
    const h = harness(
      [
        failed,
        failed,
        failed,
        failed,
        { phase: 'Succeeded', message: 'successfully synced (no more tasks)' },
      ],
      {
        retry: { ...defaults, limit: -1 },
      },
    );
    h.clock.advanceTo(1_000_000);
    expect(h.ticks).toEqual([0, 10_000, 30_000, 70_000, 150_000]);
    expect(h.actor.getSnapshot().context).toMatchObject({ phase: 'Succeeded', retryCount: 4 });
  });

  it('caps the back-off: defaults 5, 10, 20, 40, 80 s … 3 min; custom 2 s × 3 capped at 1 min (case 82)', () => {
    expect([0, 1, 2, 3, 4, 80, 100].map((n) => retryBackoffMs(defaults, n) / 1000)).toEqual([
      5, 10, 20, 40, 80, 180, 180,
    ]);
    const custom = { limit: 5, durationMs: 2000, factor: 3, maxDurationMs: 60_000 };
    expect([0, 1, 2, 3, 4].map((n) => retryBackoffMs(custom, n) / 1000)).toEqual([2, 6, 18, 54, 60]);
  });
});
