import type { SimEvent } from '../../engine';
import type { PageIntervention } from '../../links/interventionLink';
import type { RunEnd } from './sessionOptions';
import type { Scenario } from '../../scenarios/scenario';

/** What the interventions read of the session: the scenario, the log of the run, and a re-run. */
export interface InterventionHost {
  readonly scenario: Scenario | undefined;
  readonly events: SimEvent[];
  rerun(): Promise<RunEnd>;
}

/**
 * Commands typed in the page's terminal at a virtual second (a run of several Applications only): each one is a
 * new run with it as one more action. The session holds one as `session.interventions`.
 */
export class InterventionRuns {
  /** Interventions typed in the terminal, in the order typed (URL `do=`). */
  list = $state.raw<PageIntervention[]>([]);

  constructor(private readonly host: InterventionHost) {}

  /**
   * Run `command` at virtual second `at`: the run is played again with it as one more action, so the
   * run up to `at` is the same (the engine is deterministic) and goes on from the intervention. Resolves with
   * what the command printed in the new run, or undefined when there is no scenario to run; a refused command is
   * printed and not kept.
   */
  async intervene(
    command: string,
    at: number,
    namespace?: string,
  ): Promise<{ output: string; refused: boolean } | undefined> {
    if (!this.host.scenario) return undefined;
    const added: PageIntervention = { at, command, ...(namespace ? { namespace } : {}) };
    const before = this.list;
    this.list = [...before, added];
    await this.host.rerun();
    const printed = [...this.host.events]
      .reverse()
      .find((e) => e.type === 'intervention' && e.command === command && Math.abs(e.t - at) < 1e-6);
    if (!printed || printed.type !== 'intervention') return { output: '', refused: false };
    // A refused command changed nothing; it is not kept (nor put in the link).
    if (printed.refused) this.list = before;
    return { output: printed.output, refused: printed.refused === true };
  }

  /** Take back the last intervention and run again without it. Returns it, if there was one. */
  async undo(): Promise<PageIntervention | undefined> {
    const last = this.list.at(-1);
    if (!last) return undefined;
    this.list = this.list.slice(0, -1);
    await this.host.rerun();
    return last;
  }
}
