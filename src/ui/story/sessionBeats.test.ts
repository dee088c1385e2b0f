import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFiles } from '../../scenarios/registry';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from '../page/session.svelte';

beforeAll(() => loadScenarioFiles());

const session = () =>
  new SimulationSession({
    inline: inlinePlayer,
    reader: readerImpl,
    requestFrame: () => 0,
    cancelFrame: () => {},
  });

describe('SimulationSession story beats', () => {
  it('resolves the beats against the run on screen, and PageDown stops at each of them', () => {
    const s = session();
    s.load('failing-migration');
    expect(s.explain.beatTimes).toEqual([0, 5, 10, 15]);
    const stops: number[] = [];
    for (let i = 0; i < 10 && s.t < s.endT; i++) {
      s.stepMoment(1);
      stops.push(s.t);
    }
    for (const t of [5, 10, 15]) expect(stops).toContain(t);
  });

  it('moves the beats when a re-run moves their events (a longer wave delay)', () => {
    const s = session();
    s.load('three-tier');
    const before = [...s.explain.beatTimes];
    s.setWaveDelay(10);
    expect(s.explain.beatTimes[4]!).toBeGreaterThan(before[4]! + 8);
  });
});
