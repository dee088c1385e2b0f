import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { currentStep } from './currentStep';

const events: SimEvent[] = [
  { t: 0, type: 'operation', phase: 'Running', message: '' },
  { t: 0, type: 'step', phase: 'PreSync', wave: 0 },
  { t: 7, type: 'step', phase: 'Sync', wave: -1 },
  { t: 9, type: 'operation', phase: 'Running', message: 'waiting for completion of hook' },
  { t: 12, type: 'step', phase: 'Sync', wave: 0 },
  { t: 30, type: 'operation', phase: 'Succeeded', message: 'successfully synced (all tasks run)' },
];

describe('currentStep', () => {
  it('is the last step started at or before the cursor', () => {
    expect(currentStep(events, 0)).toEqual({ phase: 'PreSync', wave: 0 });
    expect(currentStep(events, 11.9)).toEqual({ phase: 'Sync', wave: -1 });
    expect(currentStep(events, 12)).toEqual({ phase: 'Sync', wave: 0 });
  });

  it('ignores the steps of earlier syncs recorded before t = 0', () => {
    const history: SimEvent[] = [
      { t: -3600, type: 'operation', phase: 'Running', message: '' },
      { t: -3590, type: 'step', phase: 'Sync', wave: 4 },
    ];
    expect(currentStep([...history, ...events.slice(0, 1)], 1)).toBeUndefined();
  });

  it('is none before the first step and after the operation ended', () => {
    expect(currentStep(events.slice(0, 1), 5)).toBeUndefined();
    expect(currentStep(events, 30)).toBeUndefined();
  });
});

describe('currentStep while playing', () => {
  it('gives the same object while the cursor stays in one step, so the table is left alone', () => {
    const first = currentStep(events, 12.1);
    expect(currentStep(events, 20)).toBe(first);
    expect(currentStep(events, 29.9)).toBe(first);
    expect(currentStep(events, 30)).toBeUndefined();
  });
});
