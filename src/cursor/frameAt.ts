import type { SimEvent } from '../engine';
import type { Frame } from './frame';
import { FrameCursor } from './frameCursor';

export type { Frame, HookMark, PodMark, ResultRow } from './frame';

export { HOOK_LINGER_SECONDS, objectKey } from './frameFold';

/** One cursor per log, so that successive calls on the same log fold only the events in between. */
const cursors = new WeakMap<readonly SimEvent[], FrameCursor>();

/**
 * The state of the page at virtual time `t`: a fold over every event with `event.t <= t`. Playing, stepping
 * and scrubbing all land here, so they show exactly the same thing at the same `t`.
 *
 * The log is read once per move of the cursor, not once per call: a cursor kept per log folds only the events
 * a forward move passes, and parts of the frame that did not change keep their identity (see FrameFold).
 */
export function frameAt(events: readonly SimEvent[], t: number): Frame {
  let cursor = cursors.get(events);
  if (!cursor) cursors.set(events, (cursor = new FrameCursor(events)));
  return cursor.at(t);
}
