import { PlayLoop } from '../../browser/playLoop';
import type { KeyAction } from '../page/keyAction';
import { SimulationSession } from '../page/session.svelte';
import { compareRuns, type Comparison, type ComparedRun } from './compareRuns';
import { formatItem, type CompareItem } from './compareLink';
import { runOfMoment } from './runOfMoment';

/**
 * The compare view's state: one SimulationSession per run (each its own precomputed run or its own
 * worker, exactly as the one-run page would play it), and one cursor over all of them, so playing moves the
 * same virtual time across every run. The comparison itself is pure (compareRuns.ts).
 */
export class CompareState {
  readonly items: CompareItem[];
  readonly sessions: SimulationSession[];
  readonly labels: string[];
  /** Problems with the link's runs (an unknown scenario or toggle), said on the page. */
  problems = $state.raw<string[]>([]);
  t = $state.raw(0);
  playing = $state.raw(false);
  /** The run the last step key landed in (runOfMoment.ts), for the view to scroll it into sight; with its step. */
  steppedTo = $state.raw<{ run: number; step: number } | undefined>(undefined);
  /** The one-run page's loop (playLoop.ts), moving this cursor over every run. */
  private readonly loop = new PlayLoop(this);

  constructor(items: CompareItem[], options: { runTimeLimitMs?: number } = {}) {
    this.items = items;
    this.labels = items.map(formatItem);
    this.sessions = items.map(() => new SimulationSession({ runTimeLimitMs: options.runTimeLimitMs }));
  }

  /** Load every run; unknown scenarios and toggles are said, not thrown. */
  async load(): Promise<void> {
    const problems: string[] = [];
    await Promise.all(
      this.items.map(async (item, i) => {
        const session = this.sessions[i];
        if (!session.catalog.some((s) => s.id === item.scenario)) {
          problems.push(
            `${this.labels[i]}: no scenario "${item.scenario}"; known: ${session.catalog.map((s) => s.id).join(', ')}`,
          );
          return;
        }
        const end = await session.load(item.scenario, {
          waveDelay: item.waveDelay,
          seed: item.seed,
          toggles: item.toggles,
          ...(item.syncTimeout !== undefined ? { syncTimeout: item.syncTimeout } : {}),
        });
        // The sync timeout is the control plane's setting, read by a scenario that gives Argo CD objects.
        if (item.syncTimeout !== undefined && !session.scenario?.platform)
          problems.push(
            `${this.labels[i]}: syncTimeout= sets argocd-cmd-params-cm for a scenario with Argo CD objects; ${item.scenario} has none, so its run is the scenario's own`,
          );
        const unknown = item.toggles.filter((toggle) => !session.toggles.includes(toggle));
        if (unknown.length > 0) {
          const known = (session.scenario?.platformToggles ?? session.scenario?.toggles ?? []).map(
            (x) => x.id,
          );
          problems.push(
            `${this.labels[i]}: ${unknown.map((u) => `"${u}"`).join(', ')} is not a toggle of ${item.scenario} (its toggles: ${known.join(', ') || 'none'})`,
          );
        }
        if (end !== 'finished' && end !== 'superseded')
          problems.push(
            `${this.labels[i]}: ${session.error?.message ?? session.failure ?? 'the run did not finish'}`,
          );
      }),
    );
    this.problems = problems;
  }

  /** The runs that are there, in the link's order (a run that failed to load is left out, and said). */
  // Read through methods: the fields these read are set in the constructor, after the field initialisers.
  readonly runs: ComparedRun[] = $derived.by(() => this.loadedRuns());
  readonly ready = $derived(this.runs.length === this.wanted() && this.runs.length >= 2);
  readonly comparison: Comparison | undefined = $derived(this.ready ? compareRuns(this.runs) : undefined);
  readonly endT = $derived(this.comparison?.domain[1] ?? 0);
  /** The moments the step keys go to: every milestone of every run, the divergence and the ends. */
  readonly moments: number[] = $derived.by(() => {
    const c = this.comparison;
    if (!c) return [];
    const times = c.milestones.flatMap((run) => [
      ...run.subjects.flatMap((s) => [s.createdAt, s.healthyAt, s.degradedAt]),
      run.end?.t,
    ]);
    if (c.divergence) times.push(c.divergence.t);
    const rounded = times.filter((t): t is number => t !== undefined).map((t) => Math.round(t * 1000) / 1000);
    return rounded.sort((a, b) => a - b).filter((t, i, all) => i === 0 || t !== all[i - 1]);
  });

  private loadedRuns(): ComparedRun[] {
    return this.sessions.flatMap((session, i) =>
      session.result ? [{ label: this.labels[i], events: session.result.events, endT: session.endT }] : [],
    );
  }

  private wanted(): number {
    return this.items.length;
  }

  play(): void {
    if (!this.comparison) return;
    if (this.t >= this.endT) this.t = 0;
    this.playing = true;
    this.loop.start();
  }

  pause(): void {
    this.playing = false;
    this.loop.stop();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  seek(t: number): void {
    this.t = Math.min(Math.max(0, t), this.endT);
  }

  /** To the next (+1) or previous (-1) moment of any run. */
  step(direction: 1 | -1): void {
    this.pause();
    const next =
      direction > 0
        ? this.moments.find((m) => m > this.t + 1e-6)
        : [...this.moments].reverse().find((m) => m < this.t - 1e-6);
    this.seek(next ?? (direction > 0 ? this.endT : 0));
    const run = this.comparison ? runOfMoment(this.comparison.milestones, this.t) : undefined;
    if (run !== undefined) this.steppedTo = { run, step: (this.steppedTo?.step ?? 0) + 1 };
  }

  /** Virtual seconds per real second: a long comparison (a retry after minutes) plays in about 20 s. */
  get speed(): number {
    return Math.max(1, Math.round(this.endT / 20));
  }

  /**
   * What one of the page's keys (keyAction.ts) does here: the same keys as on the one-run page, with every
   * step key going to the next or previous moment of any run (the comparison has no waves of its own).
   * Returns false for a key that means nothing here.
   */
  runKey(action: KeyAction): boolean {
    switch (action) {
      case 'toggle-play':
        this.toggle();
        return true;
      case 'step-forward':
      case 'wave-forward':
      case 'moment-forward':
        this.step(1);
        return true;
      case 'step-back':
      case 'wave-back':
      case 'moment-back':
        this.step(-1);
        return true;
      case 'start':
        this.seek(0);
        return true;
      case 'end':
        this.seek(this.endT);
        return true;
      default:
        return false;
    }
  }
}
