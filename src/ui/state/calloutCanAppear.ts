import type { SimEvent } from '../../engine/events';
import { calloutFor, type CalloutContext } from './calloutFor';
import { FrameCursor } from './frameCursor';

const finished = new Set(['Failed', 'Error', 'Succeeded']);

/**
 * Whether the call-out (calloutFor) shows at some moment of this run, so the page reserves its slot only then
 * (issue 8): a reserved slot keeps the timeline in place when the call-out comes and goes while playing, but an
 * empty one under the status cards of a run that never has one is a hole in the page.
 *
 * Every call-out needs a finished operation phase (Failed, Error or Succeeded), so it can begin only at the
 * moment the operation finishes or at a later change of the app's health or sync status (an `app` event):
 * those are the only moments looked at, in one forward pass of a frame cursor.
 */
export function calloutCanAppear(events: readonly SimEvent[], context: CalloutContext): boolean {
  const times: number[] = [];
  let done = false;
  for (const event of events) {
    if (event.type === 'operation' && finished.has(event.phase)) done = true;
    if (done && (event.type === 'operation' || event.type === 'app') && times.at(-1) !== event.t)
      times.push(event.t);
  }
  const cursor = new FrameCursor(events);
  return times.some((t) => calloutFor(cursor.at(t), context) !== undefined);
}
