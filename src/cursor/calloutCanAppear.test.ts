import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { eventFixture } from '../../test/kits/eventFixture.testKit';
import { calloutCanAppear, calloutsOf } from './calloutCanAppear';
import { calloutFor, type Callout } from './calloutFor';
import { frameAt } from './frameAt';

const log = (name: string): SimEvent[] => eventFixture(name);

/** The answer by brute force: the call-out at every moment of the log. */
function everyMoment(events: SimEvent[], previous: boolean): boolean {
  return [...new Set(events.map((e) => e.t))].some(
    (t) => calloutFor(frameAt(events, t), { previous }) !== undefined,
  );
}

describe('calloutCanAppear', () => {
  it.each([
    'three-tier-sync',
    'presync-migration-fails',
    'postsync-smoke-test-fails',
    'golden:many-resources',
  ])('%s: agrees with looking at every moment of the run', (name) => {
    const events = log(name);
    for (const previous of [true, false])
      expect(calloutCanAppear(events, { previous })).toBe(everyMoment(events, previous));
  });

  it('a failed PreSync migration shows its call-out (Sync Failed beside a Healthy or Missing app)', () => {
    expect(calloutCanAppear(log('presync-migration-fails'), { previous: true })).toBe(true);
  });

  it('no call-out before the operation has finished: the slot is not reserved for a run still going', () => {
    const events = log('presync-migration-fails');
    const end = events.find((e) => e.type === 'operation' && e.phase === 'Failed')!.t;
    expect(
      calloutCanAppear(
        events.filter((e) => e.t < end),
        { previous: true },
      ),
    ).toBe(false);
  });

  it('a sync that succeeds with the app already Healthy has none', () => {
    const events: SimEvent[] = [
      { t: 0, type: 'operation', phase: 'Running', message: 'syncing' },
      { t: 0, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
      { t: 4, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
      { t: 5, type: 'operation', phase: 'Succeeded', message: 'successfully synced (all tasks run)' },
    ] as SimEvent[];
    expect(calloutCanAppear(events, { previous: true })).toBe(false);
  });
});

describe('calloutsOf', () => {
  it.each([
    'three-tier-sync',
    'presync-migration-fails',
    'postsync-smoke-test-fails',
    'golden:many-resources',
  ])('%s: each call-out shown at some moment of the run, once, in the order they show', (name) => {
    const events = log(name);
    for (const previous of [true, false]) {
      const seen = new Map<string, Callout>();
      for (const t of [...new Set(events.map((e) => e.t))].sort((a, b) => a - b)) {
        const callout = calloutFor(frameAt(events, t), { previous });
        if (callout && !seen.has(callout.title + callout.text))
          seen.set(callout.title + callout.text, callout);
      }
      expect(calloutsOf(events, { previous })).toEqual([...seen.values()]);
    }
  });
});
