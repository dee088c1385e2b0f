// The imports name their extension, as vite.config.ts's do: this file is loaded with Vite's config (the build's
// preload plugin), and Vite's native config loader needs them.
import { defaultScenarioId } from '../scenarios/defaultScenario.ts';
import { linkParam } from './linkParam.ts';

/** A scenario id as a link may name it: a file stem of scenarios/, never a path. */
export const scenarioIdPattern = /^[\w.-]+$/;

/**
 * The link table's `scenario=` row (linkTable.ts), in a file of its own because the build's preload
 * (preloadScript.ts, run by vite.config.ts) reads it, and must not pull the engine into Vite's config.
 */
export const scenarioParam = linkParam({
  key: 'scenario',
  field: 'scenario',
  value: 'a file stem of `scenarios/`',
  default: `\`${defaultScenarioId}\` (also for a scenario the sandbox does not have)`,
  oneRun: false,
  meaning: 'the scenario to open',
  examples: ['failing-migration', 'three-tier'],
  read: (text) => (scenarioIdPattern.test(text) ? text : undefined),
  write: (id) => id || undefined,
});
