import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readerImpl } from './readerImpl';
import { answerRequest, type RunReply } from './workerProtocol';
import { playForPage } from './pageRun';
import { joinValue } from './valuePieces';

const scenario = readerImpl.parseScenario(
  readFileSync('scenarios/three-tier.yaml', 'utf8'),
  'scenarios/three-tier.yaml',
);

/** Answer one request as the worker does, collecting its replies (a fake clock that moves 1 s per read). */
async function answer(text: string): Promise<RunReply[]> {
  const replies: RunReply[] = [];
  let clock = 0;
  const edited = readerImpl.parseManifests(text, 'three-tier (edited)');
  await answerRequest(
    { id: 7, scenario, options: { edited, recordHistory: true } },
    (reply) => replies.push(reply),
    () => (clock += 1000),
  );
  return replies;
}

describe('answerRequest (what the simulation worker does with a request)', () => {
  it('loads the Lua VM when the edit has a Rollout: its health is what Argo CD’s Lua check says', async () => {
    const replies = await answer(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: rollouts.argoproj.io
spec:
  group: argoproj.io
  names: { kind: Rollout, plural: rollouts, singular: rollout }
  scope: Namespaced
  versions: [{ name: v1alpha1, served: true, storage: true }]
---
apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
spec:
  paused: true
`);
    const done = replies.at(-1);
    expect(done?.kind).toBe('done');
    if (done?.kind !== 'done') return;
    const health = done.run.events.filter((e) => e.type === 'health' && e.kind === 'Rollout');
    // The message of Argo CD's Rollout health.lua (no controller observes the spec in the sandbox).
    expect(health.map((e) => e.type === 'health' && `${e.status}: ${e.message}`)).toContain(
      'Progressing: Waiting for rollout spec update to be observed',
    );
  });

  it('sends an InputError of the run (a documented limit) as plain data with its position, to the request’s id', async () => {
    const replies = await answer(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: huge
spec:
  replicas: 100000
  selector:
    matchLabels: { app: huge }
  template:
    metadata:
      labels: { app: huge }
    spec:
      containers:
        - name: web
          image: nginx:1.27
`);
    const last = replies.at(-1);
    expect(last?.id).toBe(7);
    expect(last?.kind).toBe('input-error');
    if (last?.kind !== 'input-error') return;
    expect(last.position.file).toBe('three-tier (edited)');
    expect(last.detail).toMatch(/replicas/);
    expect(structuredClone(last)).toEqual(last);
  });

  it('a warm-up plays the run and answers only that it is over; without the flag the run is answered', async () => {
    const replies: RunReply[] = [];
    const request = { id: 0, scenario, options: { recordHistory: true } };
    await answerRequest({ ...request, warmOnly: true }, (reply) => replies.push(reply));
    expect(replies).toEqual([{ id: 0, kind: 'warmed' }]);
    replies.length = 0;
    await answerRequest(request, (reply) => replies.push(reply));
    expect(replies.map((r) => r.kind)).toEqual(['done']);
  });

  it('sends a heavy run in pieces, then its skeleton: joined, it is the run played in one go', async () => {
    // Forty ConfigMaps of 160,000 characters (weighing 10,000 each): over valuePieces' heavyWeight (about 4 MiB of YAML read), as four
    // dropped files of 3.9 MiB are.
    const file = (f: number) =>
      Array.from(
        { length: 20 },
        (_, i) =>
          `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big-${f}-${i}\ndata:\n  text: ${'v'.repeat(160_000)}\n`,
      ).join('---\n');
    // Two files, as the sandbox reads a file of manifests up to 4 MiB.
    const edited = [0, 1].flatMap((f) => readerImpl.parseManifests(file(f), `big${f}.yaml`));
    const options = { edited, recordHistory: true };
    const replies: RunReply[] = [];
    await answerRequest({ id: 3, scenario, options }, (reply) => replies.push(reply));
    const kinds = replies.map((r) => r.kind);
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.slice(0, -1).every((kind) => kind === 'piece')).toBe(true);
    expect(kinds.length).toBeGreaterThan(4);
    const pieces = replies.flatMap((r) => (r.kind === 'piece' ? [r.piece] : []));
    const done = replies.at(-1);
    if (done?.kind !== 'done') return;
    const joined = joinValue(structuredClone(done.run), structuredClone(pieces));
    expect(joined).toEqual(playForPage(scenario, options));
  });
});
