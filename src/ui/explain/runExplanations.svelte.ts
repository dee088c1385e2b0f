import type { SimEvent } from '../../engine';
import type { Scenario } from '../../scenarios/scenario';
import { historyOf } from '../../text/historyOf';
import { operationAt, operationClockAt } from '../../text/operationAt';
import type { Frame } from '../../cursor/frameAt';
import { revisionText } from '../../cursor/lastSync';
import { beatTimes } from '../../cursor/beatTimes';
import type { PageRun } from '../../scenarios/pageRun';
import { runFacts } from '../../cursor/runFacts';
import { runSummary } from './runSummary';
import { storyOf } from './storyOf';
import { syncPolicyOf } from '../../cursor/interventionFacts';
import type { InterventionContext } from '../../cursor/interventionText';

/** What the explanations read of the session: the run, its settings and the cursor. */
export interface ExplanationHost {
  readonly scenario: Scenario | undefined;
  readonly result: PageRun | undefined;
  readonly events: SimEvent[];
  readonly endT: number;
  readonly frame: Frame;
  readonly t: number;
  readonly waveDelay: number;
  readonly toggles: string[];
  readonly manifests: string | undefined;
  /** The commands typed in the terminal (URL `do=`): with any, the run is not the scenario's own story. */
  readonly interventions?: { readonly list: readonly unknown[] };
}

/**
 * The study explanations: what the run did, told from its own events, so that the summary, the story,
 * the CLI's operation view and the History view hold for any toggle or edit. The session holds one as
 * `session.explain` (`session.explain.summaryText`, `session.explain.storyBeats`, …).
 */
export class RunExplanations {
  // Set in the constructor; the derived values below read it lazily, after construction.
  private host!: ExplanationHost;

  constructor(host: ExplanationHost) {
    this.host = host;
  }

  /** What the run did, read from its events (what failed, where, what was applied, how it ended). */
  readonly runFacts = $derived(runFacts(this.host.events, this.host.result?.endT));
  /** The app's sync policy as the run left it: whether anything heals what a command changed (§5.4). */
  readonly policy = $derived(syncPolicyOf(this.host.result?.application));
  /** The run's interventions for the call-out and "Why did it end?" (one object per log and policy). */
  readonly interventionContext: InterventionContext = $derived.by(() => {
    const facts = runFacts(this.host.events);
    return { interventions: facts.interventions, syncStarts: facts.syncStarts, policy: this.policy };
  });
  /** Whether an earlier sync left the app running before t 0 (read through runFacts' cache, once per log). */
  previousRan(): boolean {
    return runFacts(this.host.events).previous;
  }
  /**
   * Whether this run is the scenario's own (no toggle that adds a failure, the scenario's wave delay, no edit):
   * only then do the scenario's hand-written summary and story describe it.
   */
  readonly ownRun: boolean = $derived.by(() => {
    const scenario = this.host.scenario;
    if (!scenario || this.host.manifests !== undefined || this.host.waveDelay !== scenario.options.waveDelay)
      return false;
    // A command typed during the run changes it: the scenario's story would say what no longer holds.
    if ((this.host.interventions?.list.length ?? 0) > 0) return false;
    const added = (scenario.platformToggles ?? scenario.toggles).filter(
      (x) => this.host.toggles.includes(x.id) && (x.fail === undefined || !scenario.fail.includes(x.fail)),
    );
    return added.length === 0;
  });
  /**
   * The switches that make this run another than the scenario's own story, in words, for a platform scenario:
   * its story is told for several Applications, which the single-Application explanations cannot retell.
   */
  private platformChange(): string | undefined {
    const scenario = this.host.scenario;
    if (!scenario?.platform || this.ownRun) return undefined;
    const labels = (scenario.platformToggles ?? [])
      .filter((x) => this.host.toggles.includes(x.id))
      .map((x) => `“${x.label}”`);
    const what = labels.length > 0 ? labels.join(' and ') : 'these settings';
    return `With ${what}, this run is not the one the scenario's story tells: the Applications' lanes and “Why is it waiting?” say what it did.`;
  }
  /** The paragraph under the title: the scenario's for its own run, else computed from this run. */
  readonly summaryText: string = $derived(
    this.ownRun
      ? (this.host.scenario?.summary ?? '')
      : (this.platformChange() ?? (this.host.result ? runSummary(this.runFacts, this.policy) : '')),
  );
  /** The story beats: the scenario's for its own run, else told from this run's events. */
  readonly storyBeats = $derived(
    this.ownRun
      ? (this.host.scenario?.story ?? [])
      : this.host.scenario?.platform
        ? []
        : this.host.result
          ? storyOf(this.runFacts, this.policy)
          : [],
  );
  /**
   * When each story beat begins in this run (undefined: its event does not happen in it), for the beats told for
   * this run: the scenario's own, or the ones computed from a toggled or edited run.
   */
  readonly beatTimes: (number | undefined)[] = $derived(
    beatTimes(this.storyBeats, this.host.events, this.host.endT),
  );
  /** The revision synced, as the UI shows it: the scenario's name for it and the short SHA. */
  readonly revision: string = $derived.by(() => {
    // A platform scenario's one "revision" holds its Argo CD objects, not a Git revision: only the SHA is shown.
    const name = this.host.scenario?.platform ? undefined : this.host.scenario?.revisions.at(-1)?.name;
    return revisionText(
      name && this.host.manifests !== undefined ? `${name}, edited` : name,
      this.host.result?.application.status.sync.revision,
    );
  });
  /** What `argocd app get --show-operation` prints at the cursor. */
  readonly operationView = $derived(
    operationAt(this.host.events, this.host.frame, this.host.result?.application.status.sync.revision ?? ''),
  );
  /** The last-sync card's start and duration: `operationView`'s, without building the table on every frame. */
  readonly operationClock = $derived(operationClockAt(this.host.events, this.host.frame));
  /** Argo CD's History view at the cursor: `status.history` when the run has one, else the revisions synced. */
  readonly history = $derived(
    historyOf(
      (
        this.host.result?.application.status as {
          history?: { id: number; revision: string; deployedAt: string }[];
        }
      )?.history,
      this.host.events,
      this.host.scenario?.revisions.map((r) => r.name) ?? [],
      this.host.t,
    ),
  );
}
