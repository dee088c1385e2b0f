import { describe, expect, it } from 'vitest';
import { revealedTime } from './revealedTime';

describe('revealedTime', () => {
  const quiet = { hiding: false, horizon: 20 };

  it('draws the whole run when nothing hides the future', () => {
    expect(revealedTime({ t: 12, endT: 60, predict: quiet, reveal: false })).toEqual({
      until: undefined,
      log: 'whole',
      endT: 60,
    });
  });

  it('reveal as you go cuts what is drawn at the cursor but keeps the rows and the whole run’s axis', () => {
    expect(revealedTime({ t: 12, endT: 60, predict: quiet, reveal: true })).toEqual({
      until: 12,
      log: 'whole',
      endT: 60,
    });
  });

  it('predict mode hides the rows to come and the run’s length too, whether reveal is on or not', () => {
    const hiding = { hiding: true, horizon: 20 };
    const expected = { until: 12, log: 'passed', endT: 20 };
    expect(revealedTime({ t: 12, endT: 60, predict: hiding, reveal: false })).toEqual(expected);
    expect(revealedTime({ t: 12, endT: 60, predict: hiding, reveal: true })).toEqual(expected);
  });
});
