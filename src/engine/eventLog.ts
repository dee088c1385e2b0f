import type { SimEvent } from './events';

/** An event as a producer writes it: the log stamps the time. */
export type UnstampedEvent = SimEvent extends infer E ? (E extends SimEvent ? Omit<E, 't'> : never) : never;

/** Where producers write events: the log itself, or a view of it that stamps every event with its app. */
export interface EventSink {
  push(event: UnstampedEvent): void;
  hold(): void;
  release(first?: UnstampedEvent[]): void;
}

/**
 * The events of one Application in a run of several (contract.md §1.4): every event is written to the shared
 * log with `app` set, right after `t`.
 */
export class AppEventSink implements EventSink {
  constructor(
    private readonly log: EventSink,
    readonly app: string,
  ) {}

  push(event: UnstampedEvent): void {
    this.log.push({ app: this.app, ...event } as UnstampedEvent);
  }

  hold(): void {
    this.log.hold();
  }

  release(first: UnstampedEvent[] = []): void {
    this.log.release(first.map((e) => ({ app: this.app, ...e }) as UnstampedEvent));
  }
}

/**
 * The append-only event log of one simulation (contract.md §1.2). Times are virtual seconds since the operation
 * started, rounded to the millisecond so the JSON is stable byte for byte.
 */
export class EventLog implements EventSink {
  readonly events: SimEvent[] = [];
  private originMs = 0;
  private recording = false;

  constructor(private readonly now: () => number) {}

  /** Start recording, with t = 0 at the current virtual time. Events before this are not kept. */
  start(originMs = this.now()): void {
    this.originMs = originMs;
    this.recording = true;
  }

  get origin(): number {
    return this.originMs;
  }

  /** Seconds since the operation started, for a virtual time in ms. */
  seconds(ms: number): number {
    return Math.round(ms - this.originMs) / 1000;
  }

  push(event: UnstampedEvent): void {
    if (!this.recording) return;
    const stamped = { t: this.seconds(this.now()), ...event } as SimEvent;
    if (this.held) this.held.push(stamped);
    else this.events.push(stamped);
  }

  private held: SimEvent[] | null = null;

  /**
   * Hold the events that watchers write while the sync engine acts, so the engine's own events (the step, the
   * apply) come first in the log and the reactions it caused (a health change) after them, at the same `t`.
   */
  hold(): void {
    this.held ??= [];
  }

  /** Write `first` (the engine's events), then everything held since `hold()`. */
  release(first: UnstampedEvent[] = []): void {
    const held = this.held ?? [];
    this.held = null;
    for (const e of first) this.push(e);
    for (const e of held) this.events.push(e);
  }
}
