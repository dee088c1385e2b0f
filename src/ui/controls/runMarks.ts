import type { SimEvent } from '../../engine';

/** What a mark on the play bar's track stands for. */
export type RunMarkKind = 'wave' | 'hook-start' | 'hook-result' | 'health' | 'verdict';

/** One moment of the run painted on the play bar, which a click (or Enter on it) seeks to. */
export interface RunMark {
  /** Unique within the run, for keyed lists. */
  key: string;
  kind: RunMarkKind;
  /** Virtual seconds since the operation started. */
  t: number;
  /** What happened, in Argo CD's words: "PreSync wave 0 starts", "hook Job/migrate Failed", "Sync Failed". */
  label: string;
  /** The status word it shows (a hook's phase, the health, the operation's phase), for its colour; none for waves. */
  status?: string;
}

/**
 * The shape of a run, for the play bar's track (argo-cd #19700 asks for such a summary; Raft's visualisation
 * paints its log the same way): where each (phase, wave) step starts, where each hook starts and ends, where the
 * Application's health flips, and the operation's verdict. A speaker jumps by eye; a learner sees the story
 * before pressing Play. Only the sync itself (t ≥ 0) is marked, in the order of the log.
 *
 * @example
 * runMarks(events).map((m) => `${m.t} ${m.label}`);
 * // ['0 PreSync wave 0 starts', '0 hook Job/migrate starts', '26.7 hook Job/migrate Failed', …, '36.7 Sync Failed']
 */
export function runMarks(events: readonly SimEvent[]): RunMark[] {
  const marks: RunMark[] = [];
  let health: string | undefined;
  let verdict: RunMark | undefined;
  let lastWave: string | undefined;
  const add = (mark: Omit<RunMark, 'key'>) => marks.push({ ...mark, key: `${marks.length}` });
  for (const e of events) {
    if (e.t < 0) {
      // The history before the sync sets the health the sync starts from: a flip is a change from it.
      if (e.type === 'app') health = e.health;
      continue;
    }
    if (e.type === 'step') {
      // A step the controller starts again (it waits for a hook, then goes on) is the same wave.
      const label = `${e.phase} wave ${e.wave} starts`;
      if (lastWave !== label) add({ kind: 'wave', t: e.t, label });
      lastWave = label;
    } else if (e.type === 'apply' && e.hook && e.result !== 'failed')
      add({ kind: 'hook-start', t: e.t, label: `hook ${e.kind}/${e.name} starts`, status: 'Running' });
    else if (e.type === 'result' && e.hookType && isFinished(e.hookPhase))
      add({
        kind: 'hook-result',
        t: e.t,
        label: `hook ${e.kind}/${e.name} ${e.hookPhase}`,
        status: e.hookPhase,
      });
    else if (e.type === 'app' && e.health !== health) {
      // The first health the sync shows is where it starts, not a flip.
      if (health !== undefined)
        add({ kind: 'health', t: e.t, label: `health ${e.health}`, status: e.health });
      health = e.health;
    } else if (e.type === 'operation' && e.phase !== 'Running' && e.phase !== 'Terminating')
      verdict = { key: 'verdict', kind: 'verdict', t: e.t, label: `Sync ${e.phase}`, status: e.phase };
  }
  // The last phase the operation ended in is the run's verdict (a retried operation ends more than once).
  if (verdict) marks.push(verdict);
  return marks;
}

function isFinished(phase: string): boolean {
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Error';
}

/**
 * The marks a viewer may see: all of them, or, when the page hides the future (predict mode, "reveal as you
 * go"; revealedTime.ts), those the cursor has passed, so the bar does not tell the ending.
 */
export function shownMarks(marks: readonly RunMark[], until: number | undefined): RunMark[] {
  return until === undefined ? [...marks] : marks.filter((m) => m.t <= until);
}

/** The marks at one moment, drawn as one button: the most telling kind colours it, every label names it. */
export interface MarkStop {
  key: string;
  t: number;
  kind: RunMarkKind;
  status?: string;
  labels: string[];
}

const weight: Record<RunMarkKind, number> = {
  wave: 0,
  'hook-start': 1,
  health: 2,
  'hook-result': 3,
  verdict: 4,
};

/**
 * The marks grouped by moment, in time order: several things often happen in one instant (a hook fails and the
 * SyncFail phase starts), and two buttons on one spot would hide one under the other. A failure outweighs a
 * success of the same kind, so a red mark is never hidden under a green one.
 */
export function markStops(marks: readonly RunMark[]): MarkStop[] {
  const stops = new Map<number, MarkStop>();
  const rank = (m: { kind: RunMarkKind; status?: string }) =>
    weight[m.kind] * 2 + (m.status === 'Failed' || m.status === 'Error' || m.status === 'Degraded' ? 1 : 0);
  for (const mark of marks) {
    const stop = stops.get(mark.t);
    if (!stop) {
      stops.set(mark.t, {
        key: `t${mark.t}`,
        t: mark.t,
        kind: mark.kind,
        status: mark.status,
        labels: [mark.label],
      });
      continue;
    }
    stop.labels.push(mark.label);
    if (rank(mark) > rank(stop)) Object.assign(stop, { kind: mark.kind, status: mark.status });
  }
  return [...stops.values()].sort((a, b) => a.t - b.t);
}

/** Where a mark stands along a track of `max` seconds, as a fraction from 0 to 1. */
export function markOffset(t: number, max: number): number {
  return max > 0 ? Math.min(1, Math.max(0, t / max)) : 0;
}
