import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { longestMessage } from './longestMessage';

describe('longestMessage', () => {
  it("keeps room for the run's longest operation and health messages, not for the ones at the cursor", () => {
    const events = [
      {
        t: 0,
        type: 'operation',
        phase: 'Running',
        message: 'waiting for completion of hook batch/Job/migrate',
      },
      {
        t: 0,
        type: 'app',
        sync: 'OutOfSync',
        health: 'Progressing',
        message: 'Caused by apps/Deployment:ns/api',
      },
      { t: 1, type: 'operation', phase: 'Running', message: 'syncing' },
      {
        t: 9,
        type: 'operation',
        phase: 'Failed',
        message: 'one or more synchronization tasks completed unsuccessfully',
      },
      { t: 9, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
    ] as SimEvent[];
    expect(longestMessage(events)).toEqual({
      operation: 'one or more synchronization tasks completed unsuccessfully',
      health: 'Caused by apps/Deployment:ns/api',
    });
  });

  it('keeps no room for a message a run never has', () => {
    expect(longestMessage([])).toEqual({ health: '', operation: '' });
  });
});
