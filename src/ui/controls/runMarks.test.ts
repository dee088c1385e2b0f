import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { SimEvent } from '../../engine';
import { markOffset, markStops, runMarks, shownMarks } from './runMarks';

const fixture = (name: string): SimEvent[] =>
  JSON.parse(readFileSync(`test/fixtures/events/${name}.json`, 'utf8'));

const summary = (events: SimEvent[]) => runMarks(events).map((m) => `${m.t} ${m.kind}: ${m.label}`);

describe('the play bar’s marks of a run', () => {
  test('a failing PreSync migration: its wave, the hook’s start and failure, the SyncFail hook, then the verdict', () => {
    expect(summary(fixture('presync-migration-fails'))).toEqual([
      '0 wave: PreSync wave 0 starts',
      '0 hook-start: hook Job/migrate starts',
      '26.7 hook-result: hook Job/migrate Failed',
      '26.7 wave: SyncFail wave 0 starts',
      '26.7 hook-start: hook Job/notify-failure starts',
      '36.7 hook-result: hook Job/notify-failure Succeeded',
      '36.7 verdict: Sync Failed',
    ]);
  });

  test('three tiers: one mark per wave, the health flips once each, and the verdict is last', () => {
    const marks = runMarks(fixture('three-tier-sync'));
    const health = marks.filter((m) => m.kind === 'health').map((m) => m.label);
    expect(health.length).toBeGreaterThan(0);
    // A flip is a change: no two health marks in a row say the same.
    expect(health.every((label, i) => i === 0 || label !== health[i - 1])).toBe(true);
    expect(marks.at(-1)).toMatchObject({ kind: 'verdict', label: 'Sync Succeeded', status: 'Succeeded' });
    const waves = marks.filter((m) => m.kind === 'wave').map((m) => m.t);
    expect(waves).toEqual([...waves].sort((a, b) => a - b));
  });

  test('the health before the sync is where it starts: the first health of the sync is no flip', () => {
    const events: SimEvent[] = [
      { t: -5, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
      { t: 0, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
      { t: 4, type: 'app', sync: 'OutOfSync', health: 'Progressing', message: '' },
      { t: 9, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
    ];
    expect(summary(events)).toEqual(['4 health: health Progressing', '9 health: health Healthy']);
  });

  test('a retried operation has one verdict, its last ending', () => {
    const events: SimEvent[] = [
      { t: 0, type: 'operation', phase: 'Running', message: '' },
      { t: 5, type: 'operation', phase: 'Failed', message: 'retrying' },
      { t: 6, type: 'operation', phase: 'Running', message: '' },
      { t: 12, type: 'operation', phase: 'Succeeded', message: '' },
    ];
    expect(summary(events)).toEqual(['12 verdict: Sync Succeeded']);
  });

  test('hiding the future (predict mode, reveal as you go) shows only the marks the cursor has passed', () => {
    const marks = runMarks(fixture('presync-migration-fails'));
    expect(shownMarks(marks, 20).map((m) => m.label)).toEqual([
      'PreSync wave 0 starts',
      'hook Job/migrate starts',
    ]);
    expect(shownMarks(marks, undefined)).toHaveLength(marks.length);
  });

  test('marks of one moment make one stop, coloured by the most telling: the hook’s failure, not the next phase', () => {
    const stops = markStops(runMarks(fixture('presync-migration-fails')));
    expect(stops.map((s) => `${s.t} ${s.kind} ${s.status ?? ''} | ${s.labels.join('; ')}`)).toEqual([
      '0 hook-start Running | PreSync wave 0 starts; hook Job/migrate starts',
      '26.7 hook-result Failed | hook Job/migrate Failed; SyncFail wave 0 starts; hook Job/notify-failure starts',
      '36.7 verdict Failed | hook Job/notify-failure Succeeded; Sync Failed',
    ]);
  });

  test('a step started again for the same wave is one wave mark', () => {
    const events: SimEvent[] = [
      { t: 0, type: 'step', phase: 'PreSync', wave: 0 },
      { t: 5, type: 'step', phase: 'PreSync', wave: 0 },
      { t: 9, type: 'step', phase: 'Sync', wave: 0 },
    ];
    expect(summary(events)).toEqual(['0 wave: PreSync wave 0 starts', '9 wave: Sync wave 0 starts']);
  });

  test('a mark stands at its share of the track, clamped to it', () => {
    expect(markOffset(15, 60)).toBe(0.25);
    expect(markOffset(70, 60)).toBe(1);
    expect(markOffset(3, 0)).toBe(0);
  });
});
