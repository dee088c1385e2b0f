import { describe, expect, it } from 'vitest';
import { calloutFor } from './calloutFor';
import { frameAt } from './frameAt';
import { sampleLog } from '../../test/kits/sampleLog.testKit';

describe('calloutFor', () => {
  it('explains a successful sync of an app that is still Progressing', () => {
    const callout = calloutFor(frameAt(sampleLog(), 13));
    expect(callout?.title).toBe('Sync Succeeded, app Progressing');
    expect(callout?.text.split('. ').length).toBe(2);
  });

  it('says nothing once the statuses agree', () => {
    expect(calloutFor(frameAt(sampleLog(), 17))).toBeUndefined();
    expect(calloutFor(frameAt(sampleLog(), 3))).toBeUndefined();
  });

  it('explains a failed sync of a Healthy app by its failed PreSync hook', () => {
    const callout = calloutFor(frameAt(sampleLog({ failMigration: true }), 10));
    expect(callout?.title).toBe('Sync Failed, app Healthy');
    expect(callout?.text).toMatch(/PreSync hook migrate failed/);
  });

  it('played frame by frame, follows the run and gives the same call-out between events', () => {
    const log = sampleLog();
    const frames = Array.from({ length: 200 }, (_, i) => frameAt(log, i / 10));
    const played = frames.map((frame) => calloutFor(frame));
    // Worked out afresh for each moment, from a log of its own (nothing shared with the frames above).
    const fresh = frames.map((frame) => calloutFor(frameAt(sampleLog(), frame.t)));
    expect(played.map((c) => c?.title)).toEqual(fresh.map((c) => c?.title));
    expect(played[130]?.title).toBe('Sync Succeeded, app Progressing');
    expect(played[131]).toBe(played[130]);
    expect(played.some((c) => c !== undefined) && played.some((c) => c === undefined)).toBe(true);
  });
});
