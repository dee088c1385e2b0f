import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { syncWindowSpans, windowBandsFor } from './syncWindowSpans';

const file = 'scenarios/sync-window-blocks-release.yaml';
const result = playScenario(parseScenario(readFileSync(file, 'utf8'), file));

describe('sync windows as shaded spans over the app lanes (argocd-semantics.md §5.14)', () => {
  it('shades the deny window from t 300 to t 900 over the lane of the Application it applies to', () => {
    expect(syncWindowSpans(result.objects, result.endT)).toEqual([
      {
        key: expect.stringContaining('window:shop:0:'),
        kind: 'window',
        windowKind: 'deny',
        label: 'deny window 5 0 * * * 10m (release freeze)',
        t0: 300,
        t1: 900,
        apps: ['storefront'],
      },
    ]);
  });

  it('draws nothing for a run without windows, or before the window opens', () => {
    expect(syncWindowSpans(result.objects, 200)).toEqual([]);
    expect(syncWindowSpans(undefined, 1000)).toEqual([]);
  });

  it('shades the same deny window behind the open storefront’s resource timeline, and nothing behind payments', () => {
    const spans = syncWindowSpans(result.objects, result.endT);
    expect(windowBandsFor(spans, 'storefront')).toEqual([
      expect.objectContaining({
        t0: 300,
        t1: 900,
        kind: 'deny',
        label: 'deny window 5 0 * * * 10m (release freeze)',
      }),
    ]);
    expect(windowBandsFor(spans, 'payments')).toEqual([]);
    expect(windowBandsFor(spans, undefined)).toEqual([]);
  });
});
