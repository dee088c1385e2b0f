import { describe, expect, it } from 'vitest';
import { sampleLog } from '../../test/kits/sampleLog.testKit';
import { eventTimes, momentTimes, stepFrom, waveTimes } from './stepTargets';

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

  it('steps by moment through a failing hook and the SyncFail hook to the operation end', () => {
    // The migration fails at 6.2 (its health and its result), the SyncFail hook notify starts then and
    // completes at 9, when the operation ends Failed: each is a stop, the pods and messages between are not.
    expect(momentTimes(sampleLog({ failMigration: true }), 20)).toEqual([0, 6.2, 9, 20]);
  });

  it('steps by moment to each step, each hook end, the operation end and a change of app health', () => {
    // 6.2: migrate Healthy and Sync wave 0; 12.1: wave 1, the operation's end and app health Progressing;
    // 16: app health Healthy. The pods, the wave delay and the Deployments' own health are not stops.
    expect(momentTimes(log, 20)).toEqual([0, 6.2, 12.1, 16, 20]);
  });
});
