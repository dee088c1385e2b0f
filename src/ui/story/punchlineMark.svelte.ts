import type { SimEvent } from '../../engine';
import type { Callout } from '../../cursor/calloutFor';
import { beatTimes } from '../../cursor/beatTimes';
import type { Scenario } from '../../scenarios/scenario';

/** What the punchline reads of the session. */
export interface PunchlineHost {
  readonly scenario: Scenario | undefined;
  readonly events: SimEvent[];
  readonly endT: number;
  readonly t: number;
  /** Whether the run on screen is the scenario's own (no added failure, no edit): the caption tells of that run. */
  readonly explain: { readonly ownRun: boolean };
  seek(t: number): void;
  pause(): void;
}

/** The title the call-out box gives the punchline's caption. */
export const punchlineTitle = 'The punchline';

/**
 * A scenario's punchline on the page (issue 30): the moment its `punchline:` names in this run, and the
 * caption, shown in the call-out box while the cursor is there. A link with `punchline=1` and the picker's
 * "Jump to the punchline" both call `jump()`; only then is the caption shown (and its slot kept), so a page
 * opened any other way looks as before. The session holds one as `session.punchline`.
 */
export class PunchlineMark {
  /**
   * The scenario whose punchline was asked for: the call-out box keeps a slot for its caption from then on, until
   * another scenario opens.
   */
  private askedFor = $state.raw<string | undefined>(undefined);
  /** How many jumps there were: the page brings the caption on screen after each (PunchlineButton.svelte). */
  jumps = $state.raw(0);
  private host!: PunchlineHost;

  constructor(host: PunchlineHost) {
    this.host = host;
  }

  /**
   * The punchline's moment in the run on screen. Undefined while no run is there, for a scenario without one
   * (your own app), and for a run that is not the scenario's own: a toggle or an edit changes what happens,
   * and the caption, written for the scenario's run, would say what no longer holds.
   */
  readonly time: number | undefined = $derived.by(() => {
    const punchline = this.host.scenario?.punchline;
    if (!punchline || !this.host.explain.ownRun || this.host.events.length === 0) return undefined;
    return beatTimes([{ title: '', text: '', at: punchline.at }], this.host.events, this.host.endT)[0];
  });

  /** Why the jump is not offered, in one sentence, or undefined when it is. */
  readonly unavailable: string | undefined = $derived.by(() => {
    if (!this.host.scenario?.punchline) return 'This scenario has no punchline.';
    if (!this.host.explain.ownRun)
      return "The punchline is told of the scenario's own run: turn the added toggles and edits off to jump there.";
    return this.time === undefined ? 'The run is not there yet.' : undefined;
  });

  /** The caption as a call-out, once asked for. */
  readonly callout: Callout | undefined = $derived.by(() => {
    const caption = this.host.scenario?.punchline?.caption;
    return this.askedFor === this.host.scenario?.id && caption !== undefined && this.time !== undefined
      ? { title: punchlineTitle, text: caption }
      : undefined;
  });

  /** The caption while the cursor is at the punchline's moment (to the millisecond, as links write t). */
  readonly shown: Callout | undefined = $derived(
    this.time !== undefined && Math.abs(this.host.t - this.time) < 5e-4 ? this.callout : undefined,
  );

  /** Move the cursor to the punchline and show its caption; does nothing when unavailable says why not. */
  jump(): void {
    if (this.time === undefined) return;
    this.askedFor = this.host.scenario?.id;
    this.host.pause();
    this.host.seek(this.time);
    this.jumps++;
  }
}
