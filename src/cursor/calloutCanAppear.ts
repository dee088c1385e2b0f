import type { SimEvent } from '../engine';
import { calloutFor, type Callout, type CalloutContext } from './calloutFor';
import { FrameCursor } from './frameCursor';

const finished = new Set(['Failed', 'Error', 'Succeeded']);

/**
 * The call-outs (calloutFor) this run shows, each once, in the order they first show, so the page reserves their
 * slot only for a run that has one, as tall as the longest of them: a reserved slot keeps the timeline
 * in place when the call-out comes and goes while playing, but an empty one under the status cards of a run that
 * never has one is a hole in the page.
 *
 * Every call-out needs a finished operation phase (Failed, Error or Succeeded), so it can begin only at the
 * moment the operation finishes or at a later change of the app's health or sync status (an `app` event) or an
 * intervention:
 * those are the only moments looked at, in one forward pass of a frame cursor.
 */
export function calloutsOf(events: readonly SimEvent[], context: CalloutContext): Callout[] {
  const times: number[] = [];
  let done = false;
  for (const event of events) {
    if (event.type === 'operation' && finished.has(event.phase)) done = true;
    // An intervention changes what the call-out says of the cluster (calloutFor's interventions), app event or not.
    const moment = event.type === 'operation' || event.type === 'app' || event.type === 'intervention';
    if (done && moment && times.at(-1) !== event.t) times.push(event.t);
  }
  const cursor = new FrameCursor(events);
  const found = new Map<string, Callout>();
  for (const t of times) {
    const callout = calloutFor(cursor.at(t), context);
    if (callout) found.set(`${callout.title}\n${callout.text}`, callout);
  }
  return [...found.values()];
}

/** Whether the call-out shows at some moment of this run (calloutsOf). */
export function calloutCanAppear(events: readonly SimEvent[], context: CalloutContext): boolean {
  return calloutsOf(events, context).length > 0;
}
