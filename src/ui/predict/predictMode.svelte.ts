import type { SimEvent } from '../../engine';
import type { RunFacts } from '../../cursor/runFacts';
import type { VisitorModel } from '../../cursor/visitorAt';
import type { PredictBeat, predictBeats } from './predictBeats';

/** What predict mode needs of the session: the run and the cursor. */
export interface PredictHost {
  readonly events: SimEvent[];
  readonly explain: { readonly runFacts: RunFacts };
  readonly endT: number;
  /** What a visitor sees, for a run with maintenance hooks (src/cursor/visitorAt.ts; the stack view's state). */
  readonly stackState?: { readonly visitorModel: VisitorModel | undefined };
  readonly t: number;
  readonly playing: boolean;
  play(): void;
  pause(): void;
  seek(t: number): void;
}

/** The steps of the axis while the end is hidden: it grows ahead of the cursor instead of ending at the run's end. */
const horizons = [30, 60, 120, 300, 600, 1200, 1800, 3600, 7200];

/**
 * Predict, then watch: the future of the run is hidden, and at each beat (predictBeats) the run stops
 * until the learner answers; the answer is judged and explained from the run, then the run goes on.
 */
export class PredictMode {
  // Set in the constructor; the derived values below read it lazily, after construction.
  private host!: PredictHost;
  on = $state.raw(false);
  /** The choice made for each beat, by id; `-1` for a beat jumped over. */
  answers = $state.raw<Record<string, number>>({});
  /** Beats whose explanation the learner has read and gone on from. */
  done = $state.raw<Record<string, true>>({});

  // The questions' code loads the first time predict mode is switched on (issue 32, "Budget": it was 2.5 kB gzip of
  // the page's first JavaScript that a page never in predict mode does not run). Until then there are no beats.
  private beatsOf = $state.raw<typeof predictBeats | undefined>(undefined);

  constructor(host: PredictHost) {
    this.host = host;
  }

  readonly beats: PredictBeat[] = $derived(
    this.beatsOf
      ? this.beatsOf(this.host.events, this.host.explain.runFacts, this.host.stackState?.visitorModel)
      : [],
  );
  /** The first beat not gone on from: the run may not pass it. */
  readonly next: PredictBeat | undefined = $derived(this.beats.find((b) => !this.done[b.id]));
  /** The question on screen: the next beat, once the cursor has reached it. */
  readonly current: PredictBeat | undefined = $derived(
    this.on && this.next && this.host.t >= this.next.t - 1e-9 ? this.next : undefined,
  );
  /** Whether the future is hidden: predict mode is on and the run has not reached its end. */
  readonly hiding: boolean = $derived(this.on && this.host.t < this.host.endT);
  /** Where the axis ends while hiding: a round time comfortably ahead of the cursor. */
  readonly horizon: number = $derived(
    horizons.find((h) => h >= this.host.t * 1.25 + 5) ?? Math.ceil(this.host.t * 1.25 + 5),
  );
  readonly score = $derived({
    right: this.beats.filter((b) => this.answers[b.id] === b.answer).length,
    answered: this.beats.filter((b) => (this.answers[b.id] ?? -1) >= 0).length,
    total: this.beats.length,
  });

  setOn(on: boolean): void {
    this.on = on;
    if (on) this.reset();
    if (on && !this.beatsOf)
      void import('./predictBeats').then((m) => {
        this.beatsOf = m.predictBeats;
      });
  }

  /** Forget the answers (a new run, or predict mode switched on again) and start from the beginning. */
  reset(): void {
    this.answers = {};
    this.done = {};
    this.host.pause();
    this.host.seek(0);
  }

  /** Keep the cursor from passing an unanswered beat (called whenever the cursor moves). */
  hold(): void {
    const next = this.next;
    if (!this.on || !next || this.host.t <= next.t + 1e-9) return;
    this.host.pause();
    this.host.seek(next.t);
  }

  answer(id: string, choice: number): void {
    if (this.answers[id] !== undefined) return;
    this.answers = { ...this.answers, [id]: choice };
  }

  /** Go on after reading an explanation: the next beat at the same moment, or play on. */
  goOn(): void {
    const beat = this.current;
    if (!beat) return;
    this.done = { ...this.done, [beat.id]: true };
    const next = this.beats.find((b) => !this.done[b.id]);
    if (!next || next.t > this.host.t + 1e-9) this.host.play();
  }

  /** Jump to the moment an explanation is about; beats on the way are counted as skipped. */
  showMoment(t: number): void {
    const answers = { ...this.answers };
    const done = { ...this.done };
    for (const beat of this.beats)
      if (beat.t < t && !done[beat.id]) {
        answers[beat.id] ??= -1;
        done[beat.id] = true;
      }
    this.answers = answers;
    this.done = done;
    this.host.pause();
    this.host.seek(t);
  }
}
