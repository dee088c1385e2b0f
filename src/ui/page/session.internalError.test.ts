import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScenario } from '../../scenarios/registry';
import type * as Play from '../../scenarios/play';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from './session.svelte';

const engineBug = vi.hoisted(() => ({ on: false }));

// The engine throwing something that is not an input error (as the Job name clash once did).
vi.mock('../../scenarios/play', async (importOriginal) => {
  const real = await importOriginal<typeof Play>();
  return {
    ...real,
    playScenario: (...args: Parameters<typeof real.playScenario>) => {
      if (engineBug.on) throw new TypeError("Cannot read properties of undefined (reading 'metadata')");
      return real.playScenario(...args);
    },
  };
});

// Only the scenario the test loads: compiling every shipped one (each plays its default run) was most of its time.
beforeAll(() => loadScenario('three-tier'));

describe('SimulationSession: an unexpected engine exception', () => {
  it('is shown as a message while the last good run stays, and clears on the next good run', () => {
    const session = new SimulationSession({
      inline: inlinePlayer,
      reader: readerImpl,
      requestFrame: () => 0,
      cancelFrame: () => {},
    });
    session.load('three-tier');
    const good = session.result;
    engineBug.on = true;
    expect(() => session.setWaveDelay(12)).not.toThrow();
    expect(session.result).toBe(good);
    expect(session.error).toBeUndefined();
    expect(session.failure).toBe(
      "The simulation stopped on an internal error: Cannot read properties of undefined (reading 'metadata'). The last good run is still shown.",
    );
    engineBug.on = false;
    session.setWaveDelay(3);
    expect(session.failure).toBeUndefined();
    expect(session.result).not.toBe(good);
  });
});
