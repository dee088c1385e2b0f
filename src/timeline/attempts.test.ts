import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { buildAttempts } from './attempts';
import { layoutTimeline } from './layout';

// argocd-semantics.md §5.3 (retry and back-off) and case 120, ctrl test TestProcessRequestedAppOperation_FailedHasRetries
// ("Retrying attempt #1"): the golden log of scenarios/auto-sync-refuses-retry.yaml, retry limit 1.
const events: SimEvent[] = readFileSync(
  new URL('../../test/output/auto-sync-refuses-retry.events.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as SimEvent);
const end = events.at(-1)!.t;

describe('buildAttempts: a retried operation as its attempts and back-offs', () => {
  const spans = buildAttempts(events, end);

  it('TestProcessRequestedAppOperation_FailedHasRetries: the failed try, the back-off "Retrying attempt #1 at …", attempt #1', () => {
    expect(spans.map((s) => [s.kind, s.n, s.label])).toEqual([
      ['attempt', 0, 'first attempt'],
      ['backoff', 1, 'Retrying attempt #1 at 12:00AM'],
      ['attempt', 1, 'Attempt #1'],
    ]);
    const [first, wait, again] = spans;
    expect(first.t1).toBe(wait.t0);
    expect(wait.t1).toBe(again.t0);
    // The back-off lasts the default first wait, 10 s (duration 5 s × factor 2, §5.3).
    expect(wait.t1 - wait.t0).toBe(10);
    const failed = events.find((e) => e.type === 'operation' && e.phase === 'Failed');
    expect(again.t1).toBe(failed?.t);
  });

  it('an operation that never retried has no attempt spans (the first sync of the same run)', () => {
    expect(spans.every((s) => s.t0 >= 30)).toBe(true);
    const once = events.filter((e) => e.t < 30);
    expect(buildAttempts(once, 30)).toEqual([]);
  });

  it('the layout places each span in x like the other marks', () => {
    const layout = layoutTimeline(
      events.filter((e) => e.app === 'checkout' || e.app === undefined),
      { width: 1000, endT: end },
    );
    expect(layout.attempts).toHaveLength(3);
    for (const a of layout.attempts!) expect(a.x1).toBeGreaterThan(a.x0);
  });
});
