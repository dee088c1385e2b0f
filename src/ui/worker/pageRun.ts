import type { KubeObject } from '../../engine';
import { healthOverridesFor, needsLua } from '../../lua/loadLua';
import { playScenario, type PlayOptions, type PlayResult } from '../../scenarios/play';
import { platformRunSettings } from '../../scenarios/platformToggles';
import type { Scenario } from '../../scenarios/scenario';

/**
 * What the page keeps of a run: everything but the final live objects, which nothing on the page shows and which
 * are the larger half of a run (many-resources: 37 of 59 kB gzip). Leaving them out keeps the precomputed runs
 * in the scenario chunks small and the worker's answer quick to copy.
 */
export type PageRun = Omit<PlayResult, 'live'>;

/** The options of a page run: plain data (structured-clone safe), so a request can cross to the worker. */
export type RunOptions = Omit<PlayOptions, 'healthOverrides' | 'onProgress'> & {
  /** A platform scenario's argocd-cm `data` (its health Lua), as its toggles leave it (platformToggles.ts). */
  argocdCmData?: Record<string, string>;
};

/** The objects whose kinds decide whether the run needs the Lua VM: every revision's, and the edited ones. */
function objectsOf(scenario: Scenario, options: RunOptions): KubeObject[] {
  const revisions = scenario.revisions.map((revision) => revision.objects);
  if (options.edited) revisions.push([...options.edited]);
  return revisions.flat().map((parsed) => parsed.object);
}

/** Whether this run needs the Lua VM (a kind Argo CD checks with built-in Lua, such as Rollout). */
export function runNeedsLua(scenario: Scenario, options: RunOptions): boolean {
  return needsLua(options.argocdCmData, objectsOf(scenario, options));
}

/** Play a run that needs no Lua, synchronously (the in-thread mode of tests, and the build's precomputation). */
export function playForPage(
  scenario: Scenario,
  options: RunOptions,
  extra: Pick<PlayOptions, 'healthOverrides' | 'onProgress'> = {},
): PageRun {
  // The argocd-cm data only says which Lua to load (playForPageWithLua); the play gets the checks themselves.
  const { argocdCmData: _data, ...play } = options;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped on purpose (see PageRun)
  const { live, ...run } = playScenario(scenario, { ...play, ...extra });
  return run;
}

/** Play a run, loading the Lua VM first when the scenario needs it (the worker, the build). */
export async function playForPageWithLua(
  scenario: Scenario,
  options: RunOptions,
  onProgress?: (seconds: number) => void,
): Promise<PageRun> {
  const healthOverrides = runNeedsLua(scenario, options)
    ? await healthOverridesFor(options.argocdCmData, objectsOf(scenario, options))
    : undefined;
  return playForPage(scenario, options, { healthOverrides, onProgress });
}

/** The page's settings of a run (the session's state), as play options. */
export interface PageSettings {
  waveDelay: number;
  seed: number;
  /** Ids of the scenario's failure toggles that are on. */
  toggles: readonly string[];
  /** The objects of the edited synced revision, if edited. */
  edited?: RunOptions['edited'];
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
    // A platform scenario's switches: the health check for Applications, progressive syncs, maxUpdate.
    ...platformRunSettings(scenario, settings.toggles),
  };
}

/** The scenario's own settings: what a visitor sees first, and what the build precomputes. */
export function defaultSettings(scenario: Scenario): PageSettings {
  return { waveDelay: scenario.options.waveDelay, seed: scenario.options.seed, toggles: [] };
}
