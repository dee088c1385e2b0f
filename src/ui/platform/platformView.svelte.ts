import type { SimEvent } from '../../engine';
import type { AppHistory } from '../../browser/appHistory';
import type { PageRun } from '../../scenarios/pageRun';
import { appNamesOf, isPlatform } from './appLog';
import { appTreeAt } from './appTreeAt';
import { groupByCluster } from './clusterGroups';
import { explainPlatform } from './explainPlatform';

/** What the view of several Applications reads of the session: the run and the cursor. */
export interface PlatformHost {
  readonly result: PageRun | undefined;
  readonly t: number;
  readonly endT: number;
  /** The cursor's stops depend on which Application is open: the session recomputes them after `open`. */
  appChanged(): void;
}

/**
 * A run of several Applications (contract.md §1.4): whether the run has them, which one's own view is
 * open (URL `app=NAME`), and what the overview draws (the lanes, the tree, the platform's "why is it waiting?").
 * The session holds one as `session.apps` (`session.apps.platform`, `session.apps.open(name)`, …).
 */
export class PlatformView {
  // Set in the constructor; the derived values below read it lazily, after construction.
  private host!: PlatformHost;

  constructor(host: PlatformHost) {
    this.host = host;
  }

  /** The Application whose own view is open, in a run of several (URL `app=NAME`); undefined: all of them. */
  selected = $state.raw<string | undefined>(undefined);
  /** Every Application's events: what the Applications' lanes and tree draw. */
  readonly allEvents: SimEvent[] = $derived(this.host.result?.events ?? []);
  /** Whether the run has several Applications, so the page shows them all; a single-app run looks as before. */
  readonly platform: boolean = $derived(isPlatform(this.allEvents));
  readonly waiting = $derived(
    this.platform ? explainPlatform(this.allEvents, this.host.t, this.host.endT) : undefined,
  );
  /** The open Application, when it is one of the run's; undefined while all of them are shown. */
  readonly openedApp: string | undefined = $derived(
    this.platform && this.selected && appNamesOf(this.allEvents).includes(this.selected)
      ? this.selected
      : undefined,
  );
  /** All Applications on screen: the lanes, the tree and the platform's "why is it waiting?". */
  readonly overview: boolean = $derived(this.platform && this.openedApp === undefined);
  readonly appTree = $derived(
    this.platform ? groupByCluster(appTreeAt(this.allEvents, this.host.t), this.host.result) : [],
  );

  /**
   * The events stepping goes through: with all Applications on screen, every Application's, not the parent's
   * only; undefined when one Application's own view is open or the run has one Application.
   */
  stepEvents(): SimEvent[] | undefined {
    return this.platform && this.selected === undefined ? this.allEvents : undefined;
  }

  /**
   * The browser's history for opening an Application (browser/appHistory.ts), so Back leaves a child app as
   * "← All Applications" does; unset in tests and the CLI, where opening only changes the view.
   */
  history: AppHistory | undefined;

  /**
   * Open one Application's own view (its resource timeline, stack and result table), or all of them. Opening one
   * adds a history entry; `fromHistory` is set when the browser's Back or Forward is what opened it.
   */
  open(name: string | undefined, fromHistory = false): void {
    if (name === this.selected) return;
    this.selected = name;
    this.host.appChanged();
    if (!fromHistory && name !== undefined) this.history?.opened(name);
  }

  /** Back from an Application's own view to all of them: through history when opening it added an entry. */
  leave(): void {
    if (this.openedApp === undefined) return;
    if (this.history?.back()) return;
    this.open(undefined);
  }
}
