import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { beatTimes, currentBeat, withBeatTimes } from './beatTimes';

const dir = new URL('../../scenarios/', import.meta.url);
const load = (id: string) =>
  parseScenario(readFileSync(new URL(`${id}.yaml`, dir), 'utf8'), `scenarios/${id}.yaml`);
/** A scenario's golden log (test/output/<id>.events.jsonl): the run the beats' times were chosen from. */
const golden = (id: string): SimEvent[] =>
  readFileSync(new URL(`../../test/output/${id}.events.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SimEvent);

describe('beatTimes', () => {
  it('gives every beat of every shipped scenario a time in its golden run, in story order', () => {
    const ids = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.replace(/\.yaml$/, ''));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) {
      const scenario = load(id);
      const events = golden(id);
      const endT = Math.max(scenario.options.until ?? 0, ...events.map((e) => e.t));
      const times = beatTimes(scenario.story, events, endT);
      expect(
        times.every((t) => t !== undefined),
        `${id}: ${JSON.stringify(times)}`,
      ).toBe(true);
      const sorted = [...times].sort((a, b) => a! - b!);
      expect(times, `${id}: beats out of order`).toEqual(sorted);
    }
  });

  it('reads failing-migration from its events: the hook created, the SyncFail hook, the operation end', () => {
    const times = beatTimes(load('failing-migration').story, golden('failing-migration'), 30);
    // 5 s: checkout-migrate created after BeforeHookCreation; 10 s: the controller sees it Failed (at its 5 s
    // re-queue) and creates checkout-sync-failed (argocd-semantics.md §2.13); 15 s: the operation is Failed.
    expect(times).toEqual([0, 5, 10, 15]);
  });

  it('moves with the run: with the three-tier migration made to fail, no beat after PreSync has a time', () => {
    const scenario = load('three-tier');
    const result = playScenario(scenario, { fail: ['job/database-migration'] });
    const times = beatTimes(scenario.story, result.events, result.endT);
    expect(times[0]).toBe(5);
    expect(times.slice(1)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('moves with the wave delay: three-tier beats from { step: Sync, wave: n } follow ARGOCD_SYNC_WAVE_DELAY', () => {
    const scenario = load('three-tier');
    const at = (waveDelaySeconds: number) => {
      const result = playScenario(scenario, { waveDelaySeconds });
      return beatTimes(scenario.story, result.events, result.endT);
    };
    const two = at(2);
    const ten = at(10);
    expect(two).toEqual(beatTimes(scenario.story, golden('three-tier'), 60));
    // The first PreSync step is not delayed; every later step starts after one or more delays (§2.11), so
    // the PostSync beat comes much later with a 10 s delay.
    expect(ten[0]).toBe(two[0]);
    expect(ten.slice(1)).not.toEqual(two.slice(1));
    expect(ten[4]!).toBeGreaterThan(two[4]! + 5);
  });

  it('takes health anchors as changes, and adds after:', () => {
    const events = [
      { t: -5, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
      { t: 0, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
      { t: 3, type: 'app', sync: 'Synced', health: 'Progressing', message: '' },
      { t: 9, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
    ] as SimEvent[];
    const story = [
      { title: 'a', text: '', at: { health: 'Healthy' as const } },
      { title: 'b', text: '', at: { health: 'Progressing' as const, after: 0.5 } },
      { title: 'c', text: '', at: { health: 'Degraded' as const } },
      { title: 'd', text: '', at: 50 },
    ];
    expect(beatTimes(story, events, 20)).toEqual([9, 3.5, undefined, undefined]);
  });
});

describe('withBeatTimes', () => {
  it('adds the beats that have a time to the PageDown stops, once each and in order', () => {
    expect(withBeatTimes([0, 10.789, 20.739], [0, 5, undefined, 15.739])).toEqual([
      0, 5, 10.789, 15.739, 20.739,
    ]);
  });
});

describe('currentBeat', () => {
  it('is the last beat whose time the cursor has reached', () => {
    const times = [0, 5, undefined, 15.739];
    expect(currentBeat(times, 0)).toBe(0);
    expect(currentBeat(times, 4.99)).toBe(0);
    expect(currentBeat(times, 5)).toBe(1);
    expect(currentBeat(times, 100)).toBe(3);
    expect(currentBeat([2, 4], 1)).toBe(-1);
  });
});

describe('parseScenario story at:', () => {
  const file = (at: string) => `title: t
story:
  - title: one
    text: x
    at: ${at}
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: c }
`;
  it('keeps numbers and anchors', () => {
    expect(parseScenario(file('3.5'), 's.yaml').story[0].at).toBe(3.5);
    expect(parseScenario(file('{ step: Sync, wave: 2 }'), 's.yaml').story[0].at).toEqual({
      step: 'Sync',
      wave: 2,
    });
  });
  it('refuses an unknown anchor with the file, line and column', () => {
    for (const [at, message] of [
      ['{ step: Postsync }', 'story[0].at.step must be one of PreSync, Sync, PostSync, SyncFail'],
      ['{ operation: Done }', 'story[0].at.operation must be one of'],
      ['{ hook: x, when: 2 }', 'story[0].at.when is not part of'],
      ['-1', 'story[0].at must be a number of seconds ≥ 0'],
      ['soon', 'story[0].at must be seconds or one of'],
    ]) {
      expect(() => parseScenario(file(at), 's.yaml'), at).toThrow(
        expect.objectContaining({ message: expect.stringContaining(message) }),
      );
      expect(() => parseScenario(file(at), 's.yaml')).toThrow(/s\.yaml:5:9/);
    }
  });
});
