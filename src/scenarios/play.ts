import { runSimulation, type HealthOverrides, type SimulationResult } from '../engine';
import type { ParsedObject } from './manifests';
import type { Scenario } from './scenario';

export interface PlayOptions {
  seed?: number;
  waveDelaySeconds?: number;
  /** Workloads made to fail, on top of the scenario's own `fail` list. */
  fail?: string[];
  /** The objects of the edited last revision, replacing the scenario's (parsed by the caller). */
  edited?: readonly ParsedObject[];
  untilSeconds?: number;
  terminateAtSeconds?: number;
  /** Also record the history before t = 0, so a page can show what ran before the sync (the old version). */
  recordHistory?: boolean;
  /** argocd-cm health customizations (Lua), when the caller has a Lua VM (argocd-semantics.md §3.0 rule 2). */
  healthOverrides?: HealthOverrides;
  /** Told the virtual second reached now and then during a long run (the page's worker shows it). */
  onProgress?: (seconds: number) => void;
}

export type PlayResult = SimulationResult;

/**
 * Play a scenario: sync every revision but the last before t = 0 (the history), then sync the last one and
 * record everything. The scenario arrives parsed (parseScenario, or compiled at build time for the page), so
 * playing needs no YAML parser.
 */
export function playScenario(scenario: Scenario, options: PlayOptions = {}): PlayResult {
  const revisions = scenario.revisions;
  const history = revisions.slice(0, -1).map((r) => r.objects.map((p) => p.object));
  const parsed = options.edited ?? revisions[revisions.length - 1].objects;
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
    untilSeconds: options.untilSeconds ?? scenario.options.until,
    terminateAtSeconds: options.terminateAtSeconds,
    recordHistory: options.recordHistory,
    healthOverrides: options.healthOverrides,
    onProgress: options.onProgress,
  });
}
