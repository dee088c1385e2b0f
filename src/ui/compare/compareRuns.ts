import type { SimEvent } from '../../engine';
import { formatSeconds } from '../../timeline/ticks';
import {
  createdAfter,
  degradedWord,
  healthyWord,
  milestonesOf,
  type RunMilestones,
  type Subject,
} from './milestones';

/**
 * Two or more runs compared on one time axis ("Compare"): the shared axis, the first moment they
 * differ, and the differences in words, all derived from the runs' events (never written by hand). Pure.
 */

/** One run of the comparison: its label (the scenario and the knob changed) and its event log. */
export interface ComparedRun {
  label: string;
  events: readonly SimEvent[];
  /** The end of the run's own axis (the page's endT); the shared axis runs to the longest. */
  endT: number;
}

/** The moment the runs first differ, and what each did then. */
export interface Divergence {
  t: number;
  /** Per run (in the runs' order): what happened to the diverging subjects at `t`, or what happened instead. */
  perRun: string[];
  /** One sentence: "At 5 s: three-tier creates Job database-migration; progressive-sync creates …". */
  text: string;
}

/** One difference between the runs, in words, with the time it first shows (the list is ordered by it). */
export interface Difference {
  /** What it is about: a subject's key (`Deployment/backend-api`) or `end` for the operation's end. */
  about: string;
  t: number;
  text: string;
}

export interface Comparison {
  /** The shared axis: 0 to the longest run's end. */
  domain: [number, number];
  milestones: RunMilestones[];
  /** Undefined when the runs do not differ in any milestone. */
  divergence?: Divergence;
  differences: Difference[];
}

/** Times closer than this are the same moment (the engine's clock ticks in milliseconds). */
const same = 0.05;

/** Compare runs: align them, find where they first differ, and list how. */
export function compareRuns(runs: readonly ComparedRun[]): Comparison {
  const milestones = runs.map((run) => milestonesOf(run.events));
  const labels = runs.map((run) => run.label);
  const domain: [number, number] = [0, Math.max(1, ...runs.map((run) => run.endT))];
  return {
    domain,
    milestones,
    divergence: firstDivergence(labels, milestones),
    differences: differencesOf(labels, milestones),
  };
}

/** One milestone of a run: a subject created, Healthy or Degraded, or the operation's end. */
interface Moment {
  key: string;
  t: number;
  /** How it reads in a sentence about the run: "creates Deployment/backend-api". */
  says: string;
}

function momentsOf(run: RunMilestones): Moment[] {
  const moments: Moment[] = [];
  for (const s of run.subjects) {
    const name = nameOf(s);
    if (s.createdAt !== undefined)
      moments.push({ key: `${s.key}:created`, t: s.createdAt, says: `${name} is created` });
    if (s.healthyAt !== undefined)
      moments.push({ key: `${s.key}:healthy`, t: s.healthyAt, says: `${name} ${becomes(healthyWord(s))}` });
    if (s.degradedAt !== undefined)
      moments.push({
        key: `${s.key}:degraded`,
        t: s.degradedAt,
        says: `${name} ${becomes(degradedWord(s))}`,
      });
  }
  if (run.end) moments.push({ key: 'end:', t: run.end.t, says: `the operation ends ${run.end.phase}` });
  return moments.sort((a, b) => a.t - b.t);
}

/** "Healthy" → "becomes Healthy", "completed" → "completes", "failed" → "fails". */
function becomes(word: string): string {
  if (word === 'completed') return 'completes';
  if (word === 'failed') return 'fails';
  return `becomes ${word}`;
}

/**
 * The first moment at which the runs differ: the earliest milestone of a subject that several runs have (the
 * same tiers deployed in different ways) which does not happen at the same time in all of them, or happens in
 * some of them only, and the operations' ends. A subject only one run has is not a divergence: that the
 * ApplicationSet creates its Applications at 0 s is not the point where three tiers in waves and three tiers as
 * Applications part (those are listed among the differences instead). What each run did then is told; a run
 * where nothing diverging happened at that moment is told what it does next, or that it has no such subject.
 */
export function firstDivergence(
  labels: readonly string[],
  runs: readonly RunMilestones[],
): Divergence | undefined {
  const moments = runs.map(momentsOf);
  const holders = new Map<string, number[]>();
  runs.forEach((run, i) => {
    for (const s of run.subjects) holders.set(s.key, [...(holders.get(s.key) ?? []), i]);
  });
  const times = new Map<string, (number | undefined)[]>();
  moments.forEach((list, i) => {
    for (const m of list) {
      const row = times.get(m.key) ?? runs.map(() => undefined);
      row[i] = m.t;
      times.set(m.key, row);
    }
  });
  const diverging = new Set<string>();
  let t = Infinity;
  // The operations' ends count only when no subject tells the runs apart: an end is the consequence of what
  // happened to the subjects (a failed step ends one run early), not the point where they part.
  const subjectsDiffer = [...times.keys()].some((key) => !key.startsWith('end:') && differs(key));
  for (const [key, row] of times) {
    if (key.startsWith('end:') && subjectsDiffer) continue;
    if (!differs(key)) continue;
    const present = row.filter((x): x is number => x !== undefined);
    diverging.add(key);
    t = Math.min(t, ...present);
  }
  function differs(key: string): boolean {
    const row = times.get(key)!;
    const subject = key.slice(0, key.lastIndexOf(':'));
    // The end is every run's; a subject's milestones are compared between the runs that have the subject.
    const among = key.startsWith('end:') ? runs.map((_, i) => i) : (holders.get(subject) ?? []);
    if (among.length < 2) return false;
    const present = among.map((i) => row[i]).filter((x): x is number => x !== undefined);
    return !(present.length === among.length && Math.max(...present) - Math.min(...present) <= same);
  }
  if (!Number.isFinite(t)) return undefined;
  const perRun = moments.map((list) => {
    const now = list.filter((m) => diverging.has(m.key) && Math.abs(m.t - t) <= same);
    if (now.length > 0) return joinWords(now.map((m) => m.says));
    const next = list.find((m) => diverging.has(m.key) && m.t > t);
    return next ? `not yet (${next.says} at ${seconds(next.t)})` : 'nothing of the kind';
  });
  const text = `At ${seconds(t)}: ${perRun.map((what, i) => `${labels[i]}: ${what}`).join('; ')}.`;
  return { t, perRun, text };
}

/**
 * The differences in words, one per subject whose creation or health differs between the runs (or that only
 * some runs have), and one for the operations' ends, ordered by when each first shows.
 */
export function differencesOf(labels: readonly string[], runs: readonly RunMilestones[]): Difference[] {
  const keys = [...new Set(runs.flatMap((run) => run.subjects.map((s) => s.key)))];
  const out: Difference[] = [];
  const only = runs.map((): Subject[] => []);
  for (const key of keys) {
    const found = runs.map((run) => run.subjects.find((s) => s.key === key));
    const inRuns = found.flatMap((s, i) => (s ? [i] : []));
    if (inRuns.length === 1 && runs.length > 1) {
      only[inRuns[0]].push(found[inRuns[0]]!);
      continue;
    }
    const any = found[inRuns[0]]!;
    // The same times wherever it is: the runs that lack it say so in their own lines ("Only in …") or not at all.
    if (inRuns.every((i) => sameTimes(found[i]!, any))) continue;
    const told = inRuns.map((i) => `${labels[i]}: ${lifeOf(found[i]!, runs[i])}`);
    const first = Math.min(...inRuns.map((i) => found[i]!.createdAt ?? Infinity));
    out.push({ about: key, t: first, text: `${nameOf(any)}: ${told.join(' vs ')}.` });
  }
  only.forEach((subjects, i) => {
    if (subjects.length === 0) return;
    const list = subjects.map((s) => `${nameOf(s)} (${briefLife(s)})`);
    out.push({
      about: `only:${labels[i]}`,
      t: Math.min(...subjects.map((s) => s.createdAt ?? Infinity)),
      text: `Only in ${labels[i]}: ${joinWords(list)}.`,
    });
  });
  const ends = runs.map((run) => endOf(run));
  if (new Set(ends).size > 1 || !sameEnds(runs)) {
    const t = Math.min(...runs.map((run) => run.end?.t ?? Infinity));
    out.push({
      about: 'end',
      t: Number.isFinite(t) ? t : 0,
      text: `${ends.map((text, i) => `${labels[i]}: ${text}`).join(' vs ')}.`,
    });
  }
  return out.sort((a, b) => a.t - b.t);
}

/** "created 5 s, completed 11.6 s": a subject only one run has, in short. */
function briefLife(s: Subject): string {
  const parts = [s.createdAt === undefined ? 'never created' : `created ${seconds(s.createdAt)}`];
  if (s.degradedAt !== undefined) parts.push(`${degradedWord(s)} ${seconds(s.degradedAt)}`);
  if (s.healthyAt !== undefined) parts.push(`${healthyWord(s)} ${seconds(s.healthyAt)}`);
  return parts.join(', ');
}

/** "created at 31.5 s, after StatefulSet/postgres Healthy at 29.3 s; Healthy at 36.3 s". */
function lifeOf(s: Subject, run: RunMilestones): string {
  const parts: string[] = [];
  if (s.createdAt !== undefined) {
    const after = createdAfter(s, run);
    parts.push(
      after
        ? `created at ${seconds(s.createdAt)}, after ${nameOf(after)} ${healthyWord(after)} at ${seconds(after.healthyAt!)}`
        : `created at ${seconds(s.createdAt)}, before anything was Healthy`,
    );
  }
  if (s.degradedAt !== undefined) parts.push(`${degradedWord(s)} at ${seconds(s.degradedAt)}`);
  if (s.healthyAt !== undefined) parts.push(`${healthyWord(s)} at ${seconds(s.healthyAt)}`);
  else if (s.degradedAt === undefined) parts.push(`never ${healthyWord(s)}`);
  return parts.join('; ');
}

/** How the run's operation(s) ended: "the operation Succeeded at 46.5 s", or several Applications' last. */
function endOf(run: RunMilestones): string {
  const end = run.end;
  if (!end) return run.running ? 'the operation is still Running when the run stops' : 'no operation ran';
  const which =
    end.apps < end.ofApps
      ? `${end.apps} of ${end.ofApps} Applications ran an operation; the last`
      : end.apps > 1
        ? `the last of ${end.apps} Applications' operations`
        : 'the operation';
  if (end.phase === 'Succeeded') return `${which} Succeeded at ${seconds(end.t)}`;
  const failed = end.unsuccessful.length > 0 && end.apps > 1 ? ` (${end.unsuccessful.join(', ')})` : '';
  return `${which} ended at ${seconds(end.t)}, ${end.phase}${failed}: ${end.message}`;
}

function sameEnds(runs: readonly RunMilestones[]): boolean {
  const first = runs[0]?.end;
  return runs.every(
    (run) =>
      run.end?.phase === first?.phase &&
      (run.end === undefined || first === undefined || Math.abs(run.end.t - first.t) <= same),
  );
}

function sameTimes(a: Subject, b: Subject): boolean {
  const close = (x: number | undefined, y: number | undefined) =>
    x === undefined || y === undefined ? x === y : Math.abs(x - y) <= same;
  return (
    close(a.createdAt, b.createdAt) && close(a.healthyAt, b.healthyAt) && close(a.degradedAt, b.degradedAt)
  );
}

/** A subject as the sentences name it: `Deployment backend-api`, `hook Job database-migration`. */
function nameOf(s: Pick<Subject, 'kind' | 'name' | 'hook'>): string {
  return `${s.hook ? 'hook ' : ''}${s.kind} ${s.name}`;
}

function seconds(t: number): string {
  return formatSeconds(t).replace(/s$/, ' s');
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
