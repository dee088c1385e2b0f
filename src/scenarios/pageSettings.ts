import type { PlayOptions } from './play';
import { platformRunSettings } from './platformToggles';
import type { Scenario } from './scenario';

/*
 * A page run's settings and options, apart from the code that plays them (pageRun.ts): the session needs these
 * at once, and the engine only in the worker, so importing this module must not bring the engine along.
 */

/** The options of a page run: plain data (structured-clone safe), so a request can cross to the worker. */
export type RunOptions = Omit<PlayOptions, 'healthOverrides' | 'onProgress'> & {
  /** A platform scenario's argocd-cm `data` (its health Lua), as its toggles leave it (platformToggles.ts). */
  argocdCmData?: Record<string, string>;
};

/** The page's settings of a run (the session's state), as play options. */
export interface PageSettings {
  waveDelay: number;
  seed: number;
  /** Ids of the scenario's failure toggles that are on. */
  toggles: readonly string[];
  /** The objects of the edited synced revision, if edited. */
  edited?: RunOptions['edited'];
  /** Interventions typed in the terminal, played as actions of a platform scenario's run. */
  interventions?: RunOptions['interventions'];
  /**
   * `controller.sync.timeout.seconds` of argocd-cmd-params-cm for this run (0: none), over the scenario's own and
   * any toggle's: the compare view's `syncTimeout=SECONDS` knob (a platform scenario's run only).
   */
  syncTimeout?: number;
}

/**
 * The play options of the page's run of `scenario` with `settings`; the history before t = 0 is recorded too,
 * since the page shows the pods that ran before the sync (argocd-semantics §2.18).
 */
export function pageRunOptions(scenario: Scenario, settings: PageSettings): RunOptions {
  return {
    edited: settings.edited,
    waveDelaySeconds: settings.waveDelay,
    fail: scenario.toggles
      .filter((toggle) => settings.toggles.includes(toggle.id))
      .map((toggle) => toggle.fail),
    seed: settings.seed,
    recordHistory: true,
    ...(settings.interventions && settings.interventions.length > 0
      ? { interventions: settings.interventions }
      : {}),
    // A platform scenario's switches: the health check for Applications, progressive syncs, maxUpdate.
    ...platformRunSettings(scenario, settings.toggles),
    ...toggleAnnotationsOf(scenario, settings.toggles),
    ...(settings.syncTimeout !== undefined ? { syncTimeoutSeconds: settings.syncTimeout } : {}),
  };
}

/** The annotation changes of the switched-on toggles (toggleAnnotations.ts), as play options. */
export function toggleAnnotationsOf(scenario: Scenario, on: readonly string[]): Pick<RunOptions, 'annotate'> {
  const annotate = (scenario.platformToggles ?? [])
    .filter((toggle) => on.includes(toggle.id) && toggle.annotate !== undefined)
    .map((toggle) => toggle.annotate!);
  return annotate.length > 0 ? { annotate } : {};
}

/** The scenario's own settings: what a visitor sees first, and what the build precomputes. */
export function defaultSettings(scenario: Scenario): PageSettings {
  return { waveDelay: scenario.options.waveDelay, seed: scenario.options.seed, toggles: [] };
}
