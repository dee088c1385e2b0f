import { explainWaiting, syncFailHooksOf, type WaitingExplanation } from '../../cursor/explainWaiting';
import type { Frame } from '../../cursor/frame';
import type { InterventionContext } from '../../cursor/interventionText';
import { selfHealSyncs } from '../../cursor/selfHealSyncs';
import type { SimEvent } from '../../engine';

/** What "Why is it waiting?" reads of the session. */
export interface WaitingHost {
  readonly frame: Frame;
  readonly t: number;
  readonly events: SimEvent[];
  readonly syncEvents: SimEvent[];
  readonly explain: { previousRan(): boolean; readonly interventionContext: InterventionContext | undefined };
}

/**
 * "Why is it waiting?" ("Why did it end?" once the operation has ended) at the cursor (WhyWaiting.svelte). The
 * session holds one as `session.waiting`; it reads the run through the session, the one gateway to the engine.
 */
export class WaitingState {
  private host!: WaitingHost;

  constructor(host: WaitingHost) {
    this.host = host;
  }

  readonly explanation: WaitingExplanation = $derived.by(() =>
    explainWaiting(this.host.frame, syncFailHooksOf(this.host.syncEvents), {
      previous: this.host.explain.previousRan(),
      interventions: this.host.explain.interventionContext,
      selfHeals: selfHealSyncs(this.host.events, this.host.t),
    }),
  );
}
