import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holdScenario } from './heldScenarios';
import { readerImpl } from './readerImpl';
import type { RunReply, RunRequest, WorkerLike } from './workerProtocol';
import { answerRequest } from './workerProtocol';
import { WorkerRunner } from './workerRunner';

const text = readFileSync('scenarios/three-tier.yaml', 'utf8');

/** A worker that answers as the simulation worker does, in this thread, and records what it was sent. */
class InThreadWorker implements WorkerLike {
  sent: { message: RunRequest; transfer: Transferable[] }[] = [];
  onmessage: ((event: MessageEvent<RunReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: RunRequest, transfer: Transferable[] = []): void {
    this.sent.push({ message, transfer });
    void answerRequest(message, (reply) => this.onmessage?.({ data: reply } as MessageEvent<RunReply>));
  }
  terminate(): void {}
}

describe('a scenario another worker holds goes to the run from there, not from the page (issue 31)', () => {
  it('posts a port in place of the scenario, and the run is the same as the scenario posted whole', async () => {
    const held = readerImpl.parseScenario(text, 'scenarios/three-tier.yaml');
    const plain = readerImpl.parseScenario(text, 'scenarios/three-tier.yaml');
    let asked = 0;
    // The holder (the worker that read your own app) posts its copy on the port it is given.
    holdScenario(held, (port) => {
      asked++;
      port.postMessage(structuredClone(held));
    });
    const worker = new InThreadWorker();
    const runner = new WorkerRunner({ createWorker: () => worker, setTimer: () => 0, clearTimer: () => {} });
    const viaPort = await runner.run(held, {});
    const whole = await runner.run(plain, {});
    expect(asked).toBe(1);
    expect(worker.sent[0].message.scenario).toBeUndefined();
    expect(worker.sent[0].transfer).toEqual([worker.sent[0].message.scenarioPort]);
    expect(worker.sent[1].message.scenario).toBe(plain);
    expect(viaPort.kind).toBe('done');
    expect(whole.kind).toBe('done');
    if (viaPort.kind !== 'done' || whole.kind !== 'done') return;
    expect(viaPort.run.events).toEqual(whole.run.events);
    expect(viaPort.run.events.length).toBeGreaterThan(10);
  });
});
