import { describe, expect, it } from 'vitest';
import { sampleLog } from '../../test/kits/sampleLog.testKit';
import { eventTimes, momentTimes, waveTimes } from './stepTargets';
import { StepTimes } from './stepTimes';

const log = sampleLog();

describe('StepTimes', () => {
  it('lands on the run it was last given: a re-run with another log steps through that log', () => {
    const times = new StepTimes();
    times.refresh(log, 20);
    expect(times.events).toEqual(eventTimes(log, 20));
    expect(times.waves).toEqual(waveTimes(log, 20));
    expect(times.moments).toEqual(momentTimes(log, 20));
    // A shorter run (a toggle, an edit): the lists read before are not kept.
    const shorter = log.filter((e) => e.t <= 5);
    times.refresh(shorter, 5);
    expect(times.events).toEqual(eventTimes(shorter, 5));
    expect(times.waves.at(-1)).toBe(5);
    expect(times.moments).toEqual(momentTimes(shorter, 5));
  });

  it("steps through every Application's events and moments on the overview, and the viewed one's waves", () => {
    const times = new StepTimes();
    const other = log.map((e) => ({ ...e, t: e.t + 0.05 }));
    times.refresh(log, 20, [...log, ...other]);
    expect(times.events).toEqual(eventTimes([...log, ...other], 20));
    expect(times.waves).toEqual(waveTimes(log, 20));
  });

  it('reads nothing of the log until a list is asked for (a page that opens steps nowhere yet)', () => {
    let reads = 0;
    const counted = new Proxy(log, {
      get(target, key, receiver) {
        if (key === Symbol.iterator) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const times = new StepTimes();
    times.refresh(counted, 20);
    expect(reads).toBe(0);
    void times.moments;
    void times.moments;
    expect(reads).toBe(1);
  });
});
