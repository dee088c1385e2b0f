import { describe, expect, it } from 'vitest';
import type { Scenario } from './scenario';
import type { PageRun } from './pageRun';
import type { RunReply, RunRequest, WorkerLike } from './workerProtocol';
import { RUN_TIME_LIMIT_MS, WorkerRunner } from './workerRunner';

/** A fake worker: it records what it was sent and answers only when the test says so. */
class FakeWorker implements WorkerLike {
  sent: RunRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<RunReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: RunRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(reply: RunReply): void {
    this.onmessage?.({ data: reply } as MessageEvent<RunReply>);
  }
}

/** A fake timer: nothing waits for real; the test fires the time limit itself. */
function setup() {
  const workers: FakeWorker[] = [];
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 1;
  const runner = new WorkerRunner({
    createWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    setTimer: (callback, ms) => {
      timers.set(nextTimer, { callback, ms });
      return nextTimer++;
    },
    clearTimer: (handle) => void timers.delete(handle as number),
  });
  return { runner, workers, timers };
}

const scenario = { id: 'three-tier' } as Scenario;
const run = (endT: number) => ({ endT, events: [] }) as unknown as PageRun;

describe('WorkerRunner (the page’s simulation worker protocol)', () => {
  it('sends each request with a new id and resolves with the answer to that id only', async () => {
    const { runner, workers, timers } = setup();
    const progress: number[] = [];
    const pending = runner.run(scenario, { seed: 7 }, (t) => progress.push(t));
    const worker = workers[0];
    expect(worker.sent).toEqual([{ id: 1, scenario, options: { seed: 7 } }]);
    worker.reply({ id: 0, kind: 'done', run: run(99) }); // an answer to nothing in flight: dropped
    worker.reply({ id: 1, kind: 'progress', t: 12.5 });
    worker.reply({ id: 1, kind: 'done', run: run(40) });
    expect(await pending).toEqual({ kind: 'done', run: run(40) });
    expect(progress).toEqual([12.5]);
    expect(timers.size).toBe(0); // the time limit was cleared
    // The same worker takes the next request, with the next id.
    void runner.run(scenario, {});
    expect(workers).toHaveLength(1);
    expect(worker.sent.at(-1)?.id).toBe(2);
  });

  it('joins a heavy run sent in pieces before its done, and drops pieces of an older request', async () => {
    const { runner, workers } = setup();
    const pending = runner.run(scenario, {});
    const worker = workers[0];
    // The worker sends a heavy run (workerProtocol.ts) as its skeleton's pieces, then the skeleton.
    worker.reply({ id: 0, kind: 'piece', piece: { path: [], entries: [['endT', 1]] } }); // to nothing in flight
    worker.reply({ id: 1, kind: 'piece', piece: { path: [], entries: [['events', []]] } });
    worker.reply({ id: 1, kind: 'piece', piece: { path: ['events'], entries: [[0, { type: 'x' }]] } });
    worker.reply({ id: 1, kind: 'done', run: { endT: 40 } as unknown as PageRun });
    expect(await pending).toEqual({ kind: 'done', run: { endT: 40, events: [{ type: 'x' }] } });
  });

  it('a newer request supersedes the one in flight: the busy worker is terminated, a fresh one runs the new one', async () => {
    const { runner, workers } = setup();
    const older = runner.run(scenario, { waveDelaySeconds: 2 });
    const newer = runner.run(scenario, { waveDelaySeconds: 5 });
    expect(await older).toEqual({ kind: 'superseded' });
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].sent).toEqual([{ id: 2, scenario, options: { waveDelaySeconds: 5 } }]);
    // A late answer from the old worker changes nothing.
    workers[0].reply({ id: 1, kind: 'done', run: run(1) });
    workers[1].reply({ id: 2, kind: 'done', run: run(2) });
    expect(await newer).toEqual({ kind: 'done', run: run(2) });
  });

  it(`stops a run past the time limit (${RUN_TIME_LIMIT_MS / 1000} s) by terminating the worker, with the virtual time reached`, async () => {
    const { runner, workers, timers } = setup();
    const pending = runner.run(scenario, {});
    const [[, limit]] = [...timers];
    expect(limit.ms).toBe(RUN_TIME_LIMIT_MS);
    workers[0].reply({ id: 1, kind: 'progress', t: 3600 });
    limit.callback();
    expect(await pending).toEqual({ kind: 'stopped', t: 3600, limitMs: RUN_TIME_LIMIT_MS });
    expect(workers[0].terminated).toBe(true);
    // The next run gets a new worker and works.
    const next = runner.run(scenario, {});
    workers[1].reply({ id: 2, kind: 'done', run: run(5) });
    expect(await next).toEqual({ kind: 'done', run: run(5) });
  });

  it('rebuilds an InputError from its detail and position, and passes a failure’s message', async () => {
    const { runner, workers } = setup();
    const bad = runner.run(scenario, {});
    workers[0].reply({
      id: 1,
      kind: 'input-error',
      detail: 'missing "kind"',
      position: { file: 'three-tier (edited)', line: 3, column: 1 },
    });
    const outcome = await bad;
    expect(outcome.kind).toBe('input-error');
    if (outcome.kind === 'input-error')
      expect(outcome.error.message).toBe('three-tier (edited):3:1: missing "kind"');
    const broken = runner.run(scenario, {});
    workers[0].reply({ id: 2, kind: 'failure', message: 'boom' });
    expect(await broken).toEqual({ kind: 'failure', message: 'boom' });
  });

  it('a worker whose script fails ends the run with a failure instead of waiting forever', async () => {
    const { runner, workers } = setup();
    const pending = runner.run(scenario, {});
    workers[0].onerror?.({ message: 'SyntaxError', preventDefault: () => {} } as ErrorEvent);
    expect(await pending).toEqual({ kind: 'failure', message: 'the simulation worker failed: SyntaxError' });
    expect(workers[0].terminated).toBe(true);
  });

  it('warms an idle worker with a run that answers nothing; a request made meanwhile queues behind it', async () => {
    const { runner, workers, timers } = setup();
    runner.warm(scenario, { seed: 7 });
    const worker = workers[0];
    expect(worker.sent).toEqual([{ id: 0, scenario, options: { seed: 7 }, warmOnly: true }]);
    // The intervention comes while the warm-up runs: the same worker takes it (not a new, cold one).
    const pending = runner.run(scenario, { seed: 8 });
    expect(worker.terminated).toBe(false);
    expect(workers).toHaveLength(1);
    expect(worker.sent[1]).toEqual({ id: 1, scenario, options: { seed: 8 } });
    // Its time limit starts once the warm-up is over, so the warm-up's time is not counted against it.
    expect(timers.size).toBe(0);
    worker.reply({ id: 0, kind: 'warmed' });
    expect([...timers.values()].map((t) => t.ms)).toEqual([RUN_TIME_LIMIT_MS]);
    // A warm-up asked while a run is in flight sends nothing: that run warms the worker.
    runner.warm(scenario, { seed: 9 });
    expect(worker.sent).toHaveLength(2);
    worker.reply({ id: 1, kind: 'done', run: run(40) });
    expect(await pending).toEqual({ kind: 'done', run: run(40) });
  });
});
