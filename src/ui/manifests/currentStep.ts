import type { SimEvent, SyncPhase } from '../../engine';

/**
 * The (phase, wave) step the run is in at the cursor `t`: the last `step` event at or before `t`, as long as the
 * operation is still running. Before the first step, and once the operation has ended, there is none, so the
 * order table highlights nothing.
 */
export function currentStep(
  events: readonly SimEvent[],
  t: number,
): { phase: SyncPhase; wave: number } | undefined {
  let step: { phase: SyncPhase; wave: number } | undefined;
  for (const event of events) {
    if (event.t > t) break;
    // A log that records the history has the earlier syncs at negative times: they are not this sync's steps.
    if (event.t < 0) continue;
    if (event.type === 'step') step = { phase: event.phase, wave: event.wave };
    else if (event.type === 'operation' && event.phase !== 'Running') step = undefined;
  }
  return step;
}
