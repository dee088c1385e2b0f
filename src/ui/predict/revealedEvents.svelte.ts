import type { SimEvent } from '../../engine';
import type { Frame } from '../../cursor/frameAt';

/** What the revealed events are cut from: the whole log, the sync's part of it, and the frame at the cursor. */
export interface RevealHost {
  readonly events: SimEvent[];
  readonly syncEvents: SimEvent[];
  readonly frame: Frame;
}

/**
 * In predict mode, the sync's events up to the cursor only, so the timeline and lanes never draw the future
 * (src/ui/predict). The session exposes them as `session.revealed.events`.
 */
export class RevealedEvents {
  // Set in the constructor; the derived value below reads it lazily, after construction.
  private host!: RevealHost;
  private cached: { from: SimEvent[]; count: number; events: SimEvent[] } | undefined;

  constructor(host: RevealHost) {
    this.host = host;
  }

  readonly events: SimEvent[] = $derived.by(() => {
    const { events, syncEvents, frame } = this.host;
    const count = Math.max(0, frame.count - (events.length - syncEvents.length));
    // The same array while no event is passed, so the timeline lays out again only when one is.
    const cached = this.cached;
    if (cached && cached.from === syncEvents && cached.count === count) return cached.events;
    const revealed = syncEvents.slice(0, count);
    this.cached = { from: syncEvents, count, events: revealed };
    return revealed;
  });
}
