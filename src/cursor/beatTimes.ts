import type { SimEvent } from '../engine';
import type { BeatAnchor, StoryBeat } from '../scenarios/storyBeat';

/**
 * The time each story beat begins in this run (undefined: the beat's event does not happen in it), from a fixed
 * `at:` or from the event it names (src/scenarios/storyBeat.ts). Only the sync itself (t ≥ 0) counts; the
 * history before it only tells whether a health at t = 0 is a change. Times past `endT` are dropped.
 */
export function beatTimes(
  story: readonly StoryBeat[],
  events: readonly SimEvent[],
  endT: number,
): (number | undefined)[] {
  return story.map((beat) => {
    const t = typeof beat.at === 'object' ? anchorTime(beat.at, events) : beat.at;
    return t !== undefined && t <= endT ? t : undefined;
  });
}

/** The beat the cursor has reached: the last one whose time is at or before `t` (-1 before the first). */
export function currentBeat(times: readonly (number | undefined)[], t: number): number {
  const epsilon = 1e-6;
  let found = -1;
  let best = -Infinity;
  times.forEach((time, i) => {
    if (time !== undefined && time <= t + epsilon && time >= best) {
      found = i;
      best = time;
    }
  });
  return found;
}

/** The meaningful moments and the story beats' times together, in order: PageDown stops at both. */
export function withBeatTimes(moments: readonly number[], beats: readonly (number | undefined)[]): number[] {
  const times = new Set(moments);
  for (const t of beats) if (t !== undefined) times.add(t);
  return [...times].sort((a, b) => a - b);
}

function anchorTime(anchor: BeatAnchor, events: readonly SimEvent[]): number | undefined {
  const t = firstTime(anchor, events);
  return t === undefined ? undefined : Math.round((t + (anchor.after ?? 0)) * 1000) / 1000;
}

function firstTime(anchor: BeatAnchor, events: readonly SimEvent[]): number | undefined {
  const during = (e: SimEvent) => e.t >= 0;
  if ('step' in anchor) {
    return events.find(
      (e) => during(e) && e.type === 'step' && e.phase === anchor.step && (anchor.wave ?? e.wave) === e.wave,
    )?.t;
  }
  if ('operation' in anchor) {
    return events.find((e) => during(e) && e.type === 'operation' && e.phase === anchor.operation)?.t;
  }
  if ('hook' in anchor) {
    const named = (e: { kind: string; name: string }) =>
      e.name === anchor.hook || `${e.kind}/${e.name}` === anchor.hook;
    if (anchor.phase === undefined)
      return events.find((e) => during(e) && e.type === 'apply' && e.hook && named(e))?.t;
    return events.find(
      (e) =>
        during(e) && e.type === 'result' && e.hookType !== '' && e.hookPhase === anchor.phase && named(e),
    )?.t;
  }
  // A health anchor is a change: the first time the health becomes the one named, not a health it already had.
  let previous: string | undefined;
  for (const e of events) {
    let health: string | undefined;
    if (anchor.of === undefined && e.type === 'app') health = e.health;
    else if (anchor.of !== undefined && e.type === 'health' && `${e.kind}/${e.name}` === anchor.of)
      health = e.status;
    if (health === undefined) continue;
    if (during(e) && health === anchor.health && previous !== health) return e.t;
    previous = health;
  }
  return undefined;
}
