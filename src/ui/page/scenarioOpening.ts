import { loadScenario, scenarioCatalog, scenarioFiles } from '../../scenarios/registry';
import type { Scenario } from '../../scenarios/scenario';
import type { PageIntervention } from '../../links/interventionLink';
import { scenarioTitle } from './sessionSettings';
import type { LoadOptions, ScenarioFile } from './sessionOptions';

// How the session opens a scenario (SimulationSession.load, openScenario, reset): which scenarios it offers, which
// of them are files rather than made in the page, and the settings a scenario opens with. Kept apart so that the
// session holds the state and the cursor, and this the rules of opening.

/** The settings a scenario opens with: its own, or those a link gives. */
export interface OpeningSettings {
  waveDelay: number;
  seed: number;
  /** Only the toggles the scenario knows: a link made for another version of it may name others. */
  toggles: string[];
  interventions: PageIntervention[];
  /** In a run of several Applications, the one whose own view is open. */
  app: string | undefined;
  /** The controller's sync timeout over the scenario's own (the compare view's knob), if set. */
  syncTimeout?: number;
}

/**
 * The settings scenario opens with given a link's `options` (none: the scenario's own, as for your own app). A
 * platform scenario's switches include more than failures (the health check, progressive syncs, maxUpdate).
 * Every run is a run of the control plane, a single app's too, so interventions apply to all.
 */
export function openingSettings(scenario: Scenario, options: LoadOptions = {}): OpeningSettings {
  const known = (scenario.platformToggles ?? scenario.toggles).map((toggle) => toggle.id);
  return {
    waveDelay: options.waveDelay ?? scenario.options.waveDelay,
    seed: options.seed ?? scenario.options.seed,
    toggles: (options.toggles ?? []).filter((toggle) => known.includes(toggle)),
    interventions: [...(options.interventions ?? [])],
    app: options.app,
    ...(options.syncTimeout !== undefined ? { syncTimeout: options.syncTimeout } : {}),
  };
}

/** The scenarios the picker offers: the files given (a test's), or the shipped catalog. */
export function catalogOf(files: readonly ScenarioFile[] | undefined): { id: string; title: string }[] {
  if (!files) return scenarioCatalog;
  return files.map((f) => ({ id: f.id, title: f.scenario?.title ?? scenarioTitle(f.text ?? '') ?? f.id }));
}

/** A shipped scenario whose data chunk is not loaded yet: it loads, then the opening goes on. */
export function awaitsItsChunk(files: readonly ScenarioFile[], id: string): boolean {
  return files === scenarioFiles && scenarioCatalog.some((s) => s.id === id);
}

/** Whether scenario `id` is one of the files (opened again by id), not one made in the page (your own app). */
export function isAmongFiles(files: readonly ScenarioFile[], id: string): boolean {
  return files.some((f) => f.id === id) || scenarioCatalog.some((s) => s.id === id);
}

/**
 * A shipped scenario being opened while its chunk loads (it loads when first opened, or when the picker is
 * hovered): `current` until it is open, so that a key pressed meanwhile acts on it rather than on the scenario it
 * replaces (keyboard.svelte.ts).
 */
export class ChunkOpening {
  current: Promise<unknown> | undefined;

  /** Load `id`'s chunk, then `open`; `current` is that opening until it is done. */
  after<T>(id: string, open: () => Promise<T>): Promise<T> {
    const opening = loadScenario(id).then(open);
    this.current = opening;
    const done = () => void (this.current === opening && (this.current = undefined));
    opening.then(done, done);
    return opening;
  }
}
