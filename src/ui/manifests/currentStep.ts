import type { SimEvent, SyncPhase } from '../../engine';

type Step = { phase: SyncPhase; wave: number } | undefined;

/** Each log's changes of step, worked out once: the order table asks on every animation frame while playing. */
const changesOf = new WeakMap<readonly SimEvent[], { length: number; times: number[]; steps: Step[] }>();

/**
 * The (phase, wave) step the run is in at the cursor `t`: the last `step` event at or before `t`, as long as the
 * operation is still running. Before the first step, and once the operation has ended, there is none, so the
 * order table highlights nothing. The same step is the same object at every `t`, so the table is not redrawn
 * while the cursor stays in one step.
 */
export function currentStep(
  events: readonly SimEvent[],
  t: number,
): { phase: SyncPhase; wave: number } | undefined {
  let changes = changesOf.get(events);
  // A log that grew since (tests build theirs) is read again.
  if (!changes || changes.length !== events.length) {
    changes = { length: events.length, times: [], steps: [] };
    for (const event of events) {
      // A log that records the history has the earlier syncs at negative times: they are not this sync's steps.
      if (event.t < 0) continue;
      let step: Step | null = null;
      if (event.type === 'step') step = { phase: event.phase, wave: event.wave };
      else if (event.type === 'operation' && event.phase !== 'Running') step = undefined;
      if (step === null) continue;
      changes.times.push(event.t);
      changes.steps.push(step);
    }
    changesOf.set(events, changes);
  }
  // The last change at or before t (the log is in time order).
  let lo = 0;
  let hi = changes.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes.times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : changes.steps[lo - 1];
}
