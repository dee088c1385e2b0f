import type { SimEvent } from '../engine';
import { eventTimes, momentTimes, waveTimes } from './stepTargets';

/**
 * Where the session's step buttons and keys land in the run on screen (stepTargets.ts): the event times, the
 * (phase, wave) step times and the meaningful moments. Each list is computed once per run or per view, when it is
 * first read, not per step: a page that opens reads none of them until a step, and each is a pass over the whole
 * log (many-resources' 2,150 events: up to 17 ms of a phone-class start at 4×, issue 32). With all of a platform
 * run's Applications on screen (`overview`), events and moments come from every Application, not the parent's
 * only; the waves stay the viewed Application's.
 */
export class StepTimes {
  private run: { events: readonly SimEvent[]; endT: number; overview?: readonly SimEvent[] } = {
    events: [],
    endT: 0,
  };
  private known: { events?: number[]; waves?: number[]; moments?: number[] } = {};

  get events(): number[] {
    return (this.known.events ??= eventTimes(this.run.overview ?? this.run.events, this.run.endT));
  }

  get waves(): number[] {
    return (this.known.waves ??= waveTimes(this.run.events, this.run.endT));
  }

  get moments(): number[] {
    return (this.known.moments ??= momentTimes(this.run.overview ?? this.run.events, this.run.endT));
  }

  refresh(events: readonly SimEvent[], endT: number, overview?: readonly SimEvent[]): void {
    this.run = { events, endT, overview };
    this.known = {};
  }
}
