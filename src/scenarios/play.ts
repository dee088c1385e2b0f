import type { KubeObject, SourcePosition } from '../engine/types';
import { InputError } from '../engine/inputError';
import { runSimulation, type SimulationResult } from '../engine';
import { parseManifests, type ParsedObject } from './manifests';
import type { Scenario, ScenarioRevision } from './scenario';

export interface PlayOptions {
  seed?: number;
  waveDelaySeconds?: number;
  /** Workloads made to fail, on top of the scenario's own `fail` list. */
  fail?: string[];
  /** The edited text of the last revision's manifests, replacing the scenario's. */
  manifests?: string;
  untilSeconds?: number;
  terminateAtSeconds?: number;
  /** Also record the history before t = 0, so a page can show what ran before the sync (the old version). */
  recordHistory?: boolean;
}

export type PlayResult = SimulationResult;

/**
 * Play a scenario: sync every revision but the last before t = 0 (the history), then sync the last one and
 * record everything. Manifest errors throw an InputError located in the scenario file (or in the edited text).
 */
export function playScenario(scenario: Scenario, options: PlayOptions = {}): PlayResult {
  const revisions = scenario.revisions;
  const last = revisions[revisions.length - 1];
  const history = revisions.slice(0, -1).map((r) => revisionObjects(scenario, r).map((p) => p.object));
  const parsed =
    options.manifests !== undefined ? parseManifests(options.manifests, `${scenario.id} (edited)`) : revisionObjects(scenario, last);
  return runSimulation({
    desired: parsed.map((p) => p.object),
    positions: parsed.map((p) => p.position),
    history,
    app: scenario.app.name,
    namespace: scenario.app.namespace,
    prune: scenario.options.prune,
    syncOptions: scenario.options.syncOptions,
    waveDelaySeconds: options.waveDelaySeconds ?? scenario.options.waveDelay,
    fail: [...scenario.fail, ...(options.fail ?? [])],
    seed: options.seed ?? scenario.options.seed,
    untilSeconds: options.untilSeconds,
    terminateAtSeconds: options.terminateAtSeconds,
    recordHistory: options.recordHistory,
  });
}

/** Parse one revision's manifests, with positions mapped back to the scenario file. */
export function revisionObjects(scenario: Scenario, revision: ScenarioRevision): ParsedObject[] {
  try {
    return parseManifests(revision.manifests, scenario.file).map((p) => ({ ...p, position: mapPosition(p.position, revision) }));
  } catch (error) {
    if (error instanceof InputError) {
      const pos = mapPosition({ file: scenario.file, line: error.line, column: error.column }, revision);
      throw new InputError(error.detail, pos);
    }
    throw error;
  }
}

function mapPosition(position: SourcePosition, revision: ScenarioRevision): SourcePosition {
  return { file: position.file, line: position.line + revision.line - 1, column: position.column + revision.indent };
}

export type { KubeObject };
