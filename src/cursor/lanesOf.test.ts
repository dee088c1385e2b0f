import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { lanesOf } from './lanesOf';
import { sampleLog } from '../../test/kits/sampleLog.testKit';

describe('lanesOf', () => {
  it('draws the three axes from the log up to the end', () => {
    const [operation, sync, health] = lanesOf(sampleLog(), 20);
    expect(operation.segments).toEqual([
      { from: 0, to: 12.1, value: 'Running' },
      { from: 12.1, to: 20, value: 'Succeeded' },
    ]);
    expect(sync.segments.map((s) => s.value)).toEqual(['OutOfSync', 'Synced']);
    expect(health.segments).toEqual([
      { from: 0, to: 12.1, value: 'Healthy' },
      { from: 12.1, to: 16, value: 'Progressing' },
      { from: 16, to: 20, value: 'Healthy' },
    ]);
  });

  it('drops a value that lasted no time at all', () => {
    const events: SimEvent[] = [
      { t: 0, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
      { t: 3, type: 'app', sync: 'OutOfSync', health: 'Missing', message: '' },
      { t: 3, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
      { t: 5, type: 'app', sync: 'Synced', health: 'Degraded', message: '' },
    ];
    const health = lanesOf(events, 8)[2];
    expect(health.segments).toEqual([
      { from: 0, to: 5, value: 'Healthy' },
      { from: 5, to: 8, value: 'Degraded' },
    ]);
  });

  it('starts the app lanes from the state the history left, without the earlier operation', () => {
    const events: SimEvent[] = [
      { t: -90, type: 'operation', phase: 'Succeeded', message: '' },
      { t: -80, type: 'app', sync: 'Synced', health: 'Progressing', message: '' },
      { t: -70, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
      { t: 0, type: 'operation', phase: 'Running', message: '' },
    ];
    const [operation, sync, health] = lanesOf(events, 10);
    expect(operation.segments).toEqual([{ from: 0, to: 10, value: 'Running' }]);
    expect(sync.segments).toEqual([{ from: 0, to: 10, value: 'Synced' }]);
    expect(health.segments).toEqual([{ from: 0, to: 10, value: 'Healthy' }]);
  });
});
