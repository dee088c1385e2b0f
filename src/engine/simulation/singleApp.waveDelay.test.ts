import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { eventsOf, stepStarts } from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { configMap, job } from '../../../test/kits/simulation.testKit';

// Three ConfigMaps in waves 0, 1 and 2: no health check, so each step is done as soon as it is applied and the
// gaps between steps are the controller's own timing (§2.1 item 4, §2.11).
const desired = [configMap('a', { wave: 0 }), configMap('b', { wave: 1 }), configMap('c', { wave: 2 })];

function gaps(waveDelaySeconds: number, live: KubeObject[] = []): number[] {
  const steps = stepStarts(runSingleApp({ desired, live, waveDelaySeconds }).events);
  return steps.slice(1).map((s, i) => s.t - steps[i].t);
}

describe('ARGOCD_SYNC_WAVE_DELAY (§2.11)', () => {
  it('unchanged objects: the operation-state update re-queues after the 5 s batching, or the delay if longer', () => {
    // Applying an identical object changes no managed resource, but the step changes the operation's results, and
    // the Application's own update re-queues it (§2.1 item 4), so the gaps are as for created objects.
    expect(gaps(0, desired)).toEqual([5, 5]);
    expect(gaps(2, desired)).toEqual([5, 5]);
    expect(gaps(10, desired)).toEqual([10, 10]);
  });

  it('created objects re-queue after the 5 s batching, or after the delay when it is longer', () => {
    expect(gaps(0)).toEqual([5, 5]);
    expect(gaps(2)).toEqual([5, 5]);
    expect(gaps(10)).toEqual([10, 10]);
  });

  it('sleeps after every step but the final one, and the operation ends in the tick of the final step', () => {
    const { events } = runSingleApp({ desired, waveDelaySeconds: 2 });
    expect(eventsOf(events, 'wave-delay').map((e) => `${e.phase} ${e.wave} ${e.seconds}`)).toEqual([
      'Sync 0 2',
      'Sync 1 2',
    ]);
    const last = stepStarts(events).at(-1)!;
    const end = eventsOf(events, 'operation').at(-1)!;
    expect(end.phase).toBe('Succeeded');
    expect(end.t).toBe(last.t);
  });

  it('does not sleep after a final PostSync hook either', () => {
    const post = job('report', { hook: 'PostSync', runSeconds: 1 });
    const { events } = runSingleApp({ desired: [...desired, post], waveDelaySeconds: 2 });
    expect(stepStarts(events).at(-1)).toMatchObject({ phase: 'PostSync', wave: 0 });
    expect(eventsOf(events, 'wave-delay').map((e) => `${e.phase} ${e.wave}`)).toEqual([
      'Sync 0',
      'Sync 1',
      'Sync 2',
    ]);
  });
});
