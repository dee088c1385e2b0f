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

  /**
   * Self-heal's syncs so far change only when the cursor passes an event, not with every frame's new `t`: counted
   * up to the frame's last event (the log is in time order), a frame that passes none counts nothing again.
   */
  private readonly passed = $derived(this.host.frame.count);
  private readonly selfHeals = $derived.by(() => {
    const events = this.host.events;
    return this.passed > 0 ? selfHealSyncs(events, events[this.passed - 1]!.t) : 0;
  });

  readonly explanation: WaitingExplanation = $derived.by(() =>
    explainWaiting(this.host.frame, syncFailHooksOf(this.host.syncEvents), {
      previous: this.host.explain.previousRan(),
      interventions: this.host.explain.interventionContext,
      selfHeals: this.selfHeals,
    }),
  );
}
