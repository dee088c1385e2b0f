import type { SimEvent } from '../engine';

/**
 * Where "step" and "next wave" move the cursor. Stepping goes from one event time to the next, so every step
 * shows something new; waves go from one (phase, wave) step of the engine to the next. Both stay inside
 * [0, endT] and both are plain functions of the log, so a step lands on exactly the frame playing shows.
 */
export function eventTimes(events: readonly SimEvent[], endT: number): number[] {
  const times = new Set<number>([0]);
  for (const e of events) if (e.t >= 0 && e.t <= endT) times.add(e.t);
  return [...times].sort((a, b) => a - b);
}

/** Times at which the engine started a (phase, wave) step, with the start and the end of the run. */
export function waveTimes(events: readonly SimEvent[], endT: number): number[] {
  const times = new Set<number>([0, endT]);
  for (const e of events) if (e.type === 'step' && e.t >= 0 && e.t <= endT) times.add(e.t);
  return [...times].sort((a, b) => a - b);
}

/**
 * The meaningful moments a presenter's clicker (PageDown) steps through: the start of the run, each
 * (phase, wave) step, each hook that completes or fails, the operation's end, each change of the Application's
 * health, and the end of the run. A failing PreSync hook is a moment of its own, seconds before the operation
 * gives up and starts the SyncFail hooks (argocd-semantics.md §2.13: the failure handler runs the SyncFail hooks).
 */
export function momentTimes(events: readonly SimEvent[], endT: number): number[] {
  const times = new Set<number>([0, endT]);
  let appHealth: string | undefined;
  for (const e of events) {
    if (e.t < 0 || e.t > endT) continue;
    if (e.type === 'step') times.add(e.t);
    else if (e.type === 'health' && e.hook && (e.status === 'Healthy' || e.status === 'Degraded'))
      times.add(e.t);
    else if (e.type === 'result' && e.hookType !== '' && hookEnded(e.hookPhase)) times.add(e.t);
    else if (e.type === 'apply' && e.hook && e.phase === 'SyncFail') times.add(e.t);
    else if (e.type === 'operation' && e.phase !== 'Running') times.add(e.t);
    else if (e.type === 'app') {
      if (appHealth !== undefined && e.health !== appHealth) times.add(e.t);
      appHealth = e.health;
    }
  }
  return [...times].sort((a, b) => a - b);
}

function hookEnded(phase: string): boolean {
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Error';
}

/** The next time after `t` (direction +1) or the previous one before it (-1); `t` itself when none. */
export function stepFrom(times: readonly number[], t: number, direction: 1 | -1): number {
  // A tolerance keeps a cursor that sits a float's width off an event from stepping onto that same event.
  const epsilon = 1e-6;
  if (direction > 0) return times.find((x) => x > t + epsilon) ?? t;
  for (let i = times.length - 1; i >= 0; i--) if (times[i] < t - epsilon) return times[i];
  return t;
}
