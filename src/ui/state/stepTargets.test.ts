import { describe, expect, it } from 'vitest';
import { sampleLog } from './sampleLog';
import { eventTimes, stepFrom, waveTimes } from './stepTargets';

const log = sampleLog();

describe('step targets', () => {
  it('steps from one event time to the next and back', () => {
    const times = eventTimes(log, 20);
    expect(stepFrom(times, 0, 1)).toBe(0.1);
    expect(stepFrom(times, 2, 1)).toBe(2.5);
    expect(stepFrom(times, 2.5, -1)).toBe(1);
  });

  it('stays put at either end', () => {
    const times = eventTimes(log, 20);
    expect(stepFrom(times, 0, -1)).toBe(0);
    expect(stepFrom(times, 16, 1)).toBe(16);
  });

  it('steps by wave from one engine step to the next, ending at the end of the run', () => {
    const times = waveTimes(log, 20);
    expect(times).toEqual([0, 6.2, 12.1, 20]);
    expect(stepFrom(times, 7, 1)).toBe(12.1);
    expect(stepFrom(times, 12.1, -1)).toBe(6.2);
  });
});
