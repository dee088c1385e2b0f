import type { SimEvent } from '../../engine';
import type { Frame } from '../../cursor/frameAt';
import type { ParsedObject } from '../../scenarios/manifests';
import type { Scenario } from '../../scenarios/scenario';
import { stackAt } from '../../cursor/stackAt';
import { stackLayout } from '../../cursor/stackLayout';
import { tierHintsOf } from '../../cursor/tierHintsOf';
import { visitorAt, visitorModelOf } from '../../cursor/visitorAt';

/** What the stack view reads of the session. */
export interface StackHost {
  readonly events: SimEvent[];
  readonly frame: Frame;
  readonly scenario: Scenario | undefined;
  /** The synced revision's objects as the editor changed them, undefined when it did not. */
  readonly editedObjects: ParsedObject[] | undefined;
}

/**
 * The stack view's state (StackView.svelte): the run's columns of tiers, what each holds at the cursor, and for a
 * run with maintenance hooks what a visitor sees (src/cursor's stackLayout, stackAt and visitorAt).
 */
export class StackState {
  // Set in the constructor; the derived values below read it lazily, after construction.
  private host!: StackHost;

  constructor(host: StackHost) {
    this.host = host;
  }

  readonly columns = $derived(stackLayout(this.host.events, this.tierHints()));
  readonly stack = $derived(stackAt(this.columns, this.host.frame));
  /** For a run with maintenance hooks: the route's switches, and what a visitor sees at the cursor (visitorAt.ts). */
  readonly visitorModel = $derived(visitorModelOf(this.host.events, this.columns, this.syncedObjects()));
  readonly visitor = $derived(this.visitorModel ? visitorAt(this.visitorModel, this.host.frame) : undefined);

  /** Tiers named in the manifests of every revision, the synced (or edited) one last so that it wins. */
  private tierHints(): Map<string, string> {
    const revisions = this.host.scenario?.revisions.map((revision) => revision.objects) ?? [];
    if (this.host.editedObjects) revisions.splice(-1, 1, this.host.editedObjects);
    return tierHintsOf(revisions.flat().map((parsed) => parsed.object));
  }

  /** The objects of the synced (or edited) revision. */
  private syncedObjects() {
    const synced = this.host.editedObjects ?? this.host.scenario?.revisions.at(-1)?.objects;
    return (synced ?? []).map((parsed) => parsed.object);
  }
}
