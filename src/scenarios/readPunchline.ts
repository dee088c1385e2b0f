import { readBeatAt, type BeatAnchor } from './storyBeat';

/**
 * The moment a scenario is about (issue 30): where sync and health diverge, or where the run waits, with one
 * sentence saying so. A link with `punchline=1` opens the scenario there (docs/contract.md §2), and the
 * picker's "Jump to the punchline" seeks there. Its `at:` takes the forms a story beat's does (storyBeat.ts),
 * so a toggle or an edit that moves the event moves the punchline with it.
 */
export interface Punchline {
  at: number | BeatAnchor;
  caption: string;
}

const keys = ['at', 'caption'];

/**
 * Read a scenario's `punchline:`; a problem is returned as a message (without the `punchline.` prefix's
 * position) and the key it is about, so the caller can point at its line and column.
 */
export function readPunchline(value: unknown): Punchline | undefined | { error: string; key?: string } {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    return { error: 'punchline must be a mapping with at and caption' };
  const data = value as Record<string, unknown>;
  const unknown = Object.keys(data).find((key) => !keys.includes(key));
  if (unknown !== undefined)
    return { error: `punchline.${unknown} is not a punchline setting (one of: at, caption)`, key: unknown };
  if (data.at === undefined || data.at === null)
    return { error: 'punchline.at is required: seconds, or an event like { operation: Failed }' };
  const at = readBeatAt(data.at);
  if (at === undefined) return { error: 'punchline.at is required', key: 'at' };
  if (typeof at === 'object' && 'error' in at) return { error: `punchline.${at.error}`, key: 'at' };
  if (typeof data.caption !== 'string' || data.caption.trim() === '')
    return { error: 'punchline.caption must be one sentence of text', key: 'caption' };
  return { at, caption: data.caption.trim() };
}
