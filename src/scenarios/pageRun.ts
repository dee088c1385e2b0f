import type { KubeObject } from '../engine';
import { healthOverridesFor, needsLua } from '../lua/loadLua';
import { luaLimitError } from '../lua/luaLimitError';
import { playScenario, type PlayOptions, type PlayResult } from './play';
import type { Scenario } from './scenario';
import type { RunOptions } from './pageSettings';

/**
 * What the page keeps of a run: everything but the final live objects, which nothing on the page shows and which
 * are the larger half of a run (many-resources: 37 of 59 kB gzip). Leaving them out keeps the precomputed runs
 * in the scenario chunks small and the worker's answer quick to copy.
 */
export type PageRun = Omit<PlayResult, 'live'>;

/** The settings and options of a run live apart (pageSettings.ts), so the page can build them without the engine. */
export type { RunOptions } from './pageSettings';
export { defaultSettings, pageRunOptions, type PageSettings } from './pageSettings';

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
  const run = playForPage(scenario, options, { healthOverrides, onProgress });
  // A health Lua stopped by a limit gives the run no verdict: the page shows the input error instead.
  const stopped = luaLimitError(healthOverrides);
  if (stopped) throw stopped;
  return run;
}
