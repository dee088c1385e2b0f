import type { SimEvent } from '../engine';
import { eventTimes, momentTimes, waveTimes } from './stepTargets';

/**
 * Where the session's step buttons and keys land in the run on screen (stepTargets.ts): the event times, the
 * (phase, wave) step times and the meaningful moments. They are computed once per run or per view, not per
 * step. With all of a platform run's Applications on screen (`overview`), events and moments come from every
 * Application, not the parent's only; the waves stay the viewed Application's.
 */
export class StepTimes {
  events: number[] = [];
  waves: number[] = [];
  moments: number[] = [];

  refresh(events: readonly SimEvent[], endT: number, overview?: readonly SimEvent[]): void {
    this.events = eventTimes(overview ?? events, endT);
    this.waves = waveTimes(events, endT);
    this.moments = momentTimes(overview ?? events, endT);
  }
}
