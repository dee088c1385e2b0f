import type { SimEvent } from '../../engine';

/** The longest message of each card that keeps room for one: App Health's and Last Sync's. */
export interface LongestMessages {
  /** The Application's health message ("Caused by apps/Deployment:three-tier/backend-api"). */
  health: string;
  /** The operation's message. */
  operation: string;
}

/**
 * The longest messages of a run, the ones the status cards keep room for on a phone: a card is as tall as its
 * longest message at the card's width, whichever message the cursor shows, so the cards keep their height while
 * playing (layout shift) without empty lines under a short message or a cut one under a long message. Each
 * message is read whole. The longest in characters is the tallest but for where its words break.
 */
export function longestMessage(events: readonly SimEvent[]): LongestMessages {
  const longest: LongestMessages = { health: '', operation: '' };
  for (const event of events) {
    if (event.type === 'operation' && event.message.length > longest.operation.length)
      longest.operation = event.message;
    if (event.type === 'app' && event.message.length > longest.health.length) longest.health = event.message;
  }
  return longest;
}
