import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../scenarios/scenario';
import { portToHeld } from '../../scenarios/heldScenarios';
import { splitValue } from '../../scenarios/valuePieces';
import { knownPlan, type ManifestPlan } from '../page/knownPlans';
import type { ReadReply } from './ownAppReading';
import { readInWorker } from './readInWorker';

/** A stand-in for the own-app worker: the test posts its replies, and it records what the page asks of it. */
class FakeReader {
  asked: unknown[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<ReadReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: unknown): void {
    this.asked.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(reply: ReadReply): void {
    this.onmessage?.({ data: reply } as MessageEvent<ReadReply>);
  }
}

const app = {
  id: 'your-app',
  title: 'Your app: big',
  revisions: [
    {
      name: 'yours',
      manifests: '',
      objects: Array.from({ length: 300 }, (_, i) => ({ i, s: 'x'.repeat(9_000) })),
    },
  ],
} as unknown as Scenario;
const plan = {
  ok: true,
  plan: { tasks: [] },
  generated: new Map(),
  yamlWarnings: [],
} as unknown as ManifestPlan;

/** Reads once with `reader`, which answers with `app` in pieces, and returns how the read ended. */
async function readWith(reader: FakeReader) {
  const reading = readInWorker(
    { kind: 'texts', files: [], source: 'big' },
    () => {},
    () => Promise.resolve(reader as unknown as Worker),
  );
  await Promise.resolve();
  await Promise.resolve();
  const { skeleton, pieces } = splitValue(structuredClone(app));
  expect(pieces.length).toBeGreaterThan(1);
  for (const piece of pieces) reader.reply({ kind: 'piece', piece });
  reader.reply({
    kind: 'done',
    scenario: skeleton as Scenario,
    plan,
    source: 'big',
    fileCount: 1,
    stored: undefined,
    chars: 0,
  });
  return reading.end;
}

describe('readInWorker: a big app read (issue 31)', () => {
  it('joins its pieces, keeps its plan, and leaves the worker holding it until another app is read', async () => {
    const first = new FakeReader();
    const end = await readWith(first);
    expect(end.kind).toBe('done');
    if (end.kind !== 'done') return;
    expect(end.scenario).toEqual(app);
    expect(knownPlan(end.scenario)).toBe(plan);
    expect(first.terminated).toBe(false);
    // A run of it asks the worker that read it for it.
    portToHeld(end.scenario);
    expect(first.asked.at(-1)).toMatchObject({ kind: 'send' });

    const second = new FakeReader();
    await readWith(second);
    expect(first.terminated).toBe(true);
    expect(second.terminated).toBe(false);
  });
});
