import type { SimEvent } from '../engine';
import type { Frame } from './frame';
import { FrameFold } from './frameFold';

/**
 * A cursor over one event log (in time order): `at(t)` folds only the events between the previous cursor and
 * `t` when it moves forward, which is what playing does on every animation frame. Moving back folds the log
 * again from the start, as scrubbing back is rare and the fold is linear.
 */
export class FrameCursor {
  private fold = new FrameFold();
  /** The index of the next event to fold. */
  private next = 0;
  private last: Frame | undefined;
  /** The log's length at the last call: a log that grew since (tests build theirs) is read again. */
  private length = 0;

  constructor(private readonly events: readonly SimEvent[]) {}

  at(t: number): Frame {
    if (this.last?.t === t && this.length === this.events.length) return this.last;
    if ((this.next > 0 && this.events[this.next - 1].t > t) || this.length > this.events.length) {
      this.fold = new FrameFold();
      this.next = 0;
    }
    while (this.next < this.events.length && this.events[this.next].t <= t) {
      this.fold.apply(this.events[this.next++]);
    }
    this.length = this.events.length;
    this.last = this.fold.snapshot(t);
    return this.last;
  }
}
