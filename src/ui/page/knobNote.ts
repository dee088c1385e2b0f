import type { SimEvent } from '../../engine';

/** A knob of the page that re-runs the scenario: the wave delay, or one of its switches (by label). */
export type Knob = { kind: 'wave-delay'; from: number; to: number } | { kind: 'toggle'; label: string };

/**
 * What a run did, for telling whether a knob changed anything: every event but the wave-delay sleeps (which
 * carry the delay itself, and so always differ when it does).
 */
function courseOf(events: readonly SimEvent[]): string {
  return JSON.stringify(events.filter((e) => e.type !== 'wave-delay'));
}

/**
 * "Why nothing changed" (changing the wave delay from 2 to 0 changed nothing and nothing said why).
 * Returns the note to show when the run after the knob did exactly what the run before it did, else undefined.
 */
export function knobNote(
  knob: Knob,
  before: readonly SimEvent[] | undefined,
  after: readonly SimEvent[],
): string | undefined {
  if (!before || courseOf(before) !== courseOf(after)) return undefined;
  if (knob.kind === 'wave-delay')
    // argocd-semantics.md §2.1 (4): a running operation is looked at again when a managed resource changes, after
    // the 5 s batching delay (appOperationRequeueDelay), and at least every 30 s; the wave delay is slept inside
    // that tick (§2.11). Each wave here waits for the one before to turn Healthy, so the next look at it comes
    // 5 s after that change whatever the delay, as long as the delay is shorter.
    return (
      `Nothing changed with a wave delay of ${knob.to} s instead of ${knob.from} s: each wave waits for the one ` +
      'before it to turn Healthy, and Argo CD looks at a running operation again only 5 s after a resource ' +
      'changes (appOperationRequeueDelay). A delay shorter than that ends inside the wait, so Argo CD behaves ' +
      'the same.'
    );
  return `Nothing changed with "${knob.label}": the run never reaches what it changes.`;
}
