import { describe, expect, it } from 'vitest';
import { calloutFor } from './calloutFor';
import { frameAt } from './frameAt';
import { sampleLog } from './sampleLog';

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
});
