import type { SimEvent } from '../../src/engine/events';

/**
 * Questions the tests ask of an event log (contract.md §1.2): when did each step start, what did it apply,
 * what did a resource's health say at some moment. Positions in the log (not only `t`) order events, because
 * one tick writes several events at the same virtual time.
 */
export type EventOf<T extends SimEvent['type']> = Extract<SimEvent, { type: T }>;

/** The events of one type, in log order. */
export function eventsOf<T extends SimEvent['type']>(events: readonly SimEvent[], type: T): EventOf<T>[] {
  return events.filter((e): e is EventOf<T> => e.type === type);
}

/** `Kind/name`, how the tests and scenario `expect:` blocks name objects. */
export function keyOf(e: { kind: string; name: string }): string {
  return `${e.kind}/${e.name}`;
}

export interface StepStart {
  phase: string;
  wave: number;
  /** Position of the step's first `step` event in the log. */
  index: number;
  t: number;
}

/**
 * The steps in the order they started. A step started again right after itself counts once: one that returned
 * "pending" (a BeforeHookCreation deletion) runs again on a later tick, and so does a prune wave whose
 * remaining prunes are re-reversed once the first ones are gone (§2.4, tasks are re-derived every tick).
 */
export function stepStarts(events: readonly SimEvent[]): StepStart[] {
  const out: StepStart[] = [];
  events.forEach((e, index) => {
    if (e.type !== 'step') return;
    const last = out.at(-1);
    if (last && last.phase === e.phase && last.wave === e.wave) return;
    out.push({ phase: e.phase, wave: e.wave, index, t: e.t });
  });
  return out;
}

/** The apply events of a step (the same phase and wave). */
export function appliesOf(
  events: readonly SimEvent[],
  step: { phase: string; wave: number },
): EventOf<'apply'>[] {
  return eventsOf(events, 'apply').filter((e) => e.phase === step.phase && e.wave === step.wave);
}

/** The last event before position `index` that matches, if any. */
export function lastBefore<T extends SimEvent>(
  events: readonly SimEvent[],
  index: number,
  match: (e: SimEvent) => e is T,
): T | undefined {
  for (let i = Math.min(index, events.length) - 1; i >= 0; i--) {
    const e = events[i];
    if (match(e)) return e;
  }
  return undefined;
}

/** The health an object had just before position `index`, from its last `health` event. */
export function healthBefore(events: readonly SimEvent[], index: number, key: string): string | undefined {
  return lastBefore(events, index, (e): e is EventOf<'health'> => e.type === 'health' && keyOf(e) === key)
    ?.status;
}

/** Position of the first event that matches, or -1. */
export function indexOf(events: readonly SimEvent[], match: (e: SimEvent) => boolean): number {
  return events.findIndex(match);
}
