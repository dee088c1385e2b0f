import { calloutFor, type Callout } from '../../cursor/calloutFor';
import { calloutsOf } from '../../cursor/calloutCanAppear';
import type { Frame } from '../../cursor/frame';
import type { InterventionContext } from '../../cursor/interventionText';
import type { SimEvent } from '../../engine';

/** What the call-outs read of the session. */
export interface CalloutHost {
  readonly frame: Frame;
  readonly events: SimEvent[];
  readonly explain: { previousRan(): boolean; readonly interventionContext: InterventionContext | undefined };
}

/**
 * The call-out box's state (CalloutBox.svelte): the call-out at the cursor, when the statuses seem to disagree, and
 * every call-out the run shows at some moment, so the box's slot is kept only for a run that has one, as tall as
 * they need. The session holds one as `session.callouts`; it reads the run through the session, the one gateway to
 * the engine.
 */
export class Callouts {
  private host!: CalloutHost;

  constructor(host: CalloutHost) {
    this.host = host;
  }

  /** The call-out at the cursor, if the statuses seem to disagree there. */
  readonly now: Callout | undefined = $derived.by(() =>
    calloutFor(this.host.frame, {
      previous: this.host.explain.previousRan(),
      interventions: this.host.explain.interventionContext,
    }),
  );

  /** Every call-out the run shows at some moment. */
  readonly possible: Callout[] = $derived.by(() =>
    calloutsOf(this.host.events, {
      previous: this.host.explain.previousRan(),
      interventions: this.host.explain.interventionContext,
    }),
  );
}
