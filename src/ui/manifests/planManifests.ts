import {
  EPOCH_MS,
  isInputError,
  planSync,
  type InputError,
  type KubeObject,
  type SyncPlan,
} from '../../engine';
import type { ParsedObject } from '../../scenarios/manifests';
import type { Scenario } from '../../scenarios/scenario';
import { findLive, liveBefore, type LiveBefore, type PlanOptions } from './liveBefore';

/** The order table's input: the plan of a manifest text, or why there is none. */
export type ManifestPlan =
  | { ok: true; plan: SyncPlan; generated: GeneratedNames; yamlWarnings: readonly string[] }
  | { ok: false; error: InputError };

/** Hook tasks whose name the sync generates from `generateName` (§2.14): task name → the generateName. */
export type GeneratedNames = ReadonlyMap<string, string>;

const historyCache = new WeakMap<Scenario, LiveBefore>();

/**
 * What a dry run of the synced revision's manifests (as edited, already parsed by the session's reader, or the
 * InputError that reading them gave) would do (argocd-semantics.md §2.2–§2.5, §2.7); the live side is the
 * scenario's history replayed on paper (see liveBefore).
 */
export function planManifests(
  parsed: readonly ParsedObject[] | InputError,
  scenario: Scenario,
  /** What reading the text tolerated (a duplicate key: `line:column: …`), shown with the plan's notes. */
  yamlWarnings: readonly string[] = [],
): ManifestPlan {
  if (isInputError(parsed)) return { ok: false, error: parsed };
  const desired: KubeObject[] = parsed.map((p) => p.object);
  const options = planOptions(scenario);
  const live = historyOf(scenario, options);
  const plan = planSync({
    desired,
    live: live.managed,
    options,
    ports: { getLive: (ref) => findLive(live.all, ref) },
  });
  return { ok: true, plan, generated: generatedNames(desired, plan), yamlWarnings };
}

/** The operation the scenario runs: its app's namespace, prune and sync options, started at t = 0. */
function planOptions(scenario: Scenario): PlanOptions {
  return {
    namespace: scenario.app.namespace,
    revision: scenario.revisions.at(-1)?.name ?? '',
    startedAt: EPOCH_MS / 1000,
    prune: scenario.options.prune,
    dryRun: false,
    syncOptions: scenario.options.syncOptions,
    pruneConfirmed: false,
  };
}

/** The live state before the sync depends only on the scenario, so it is worked out once per scenario. */
function historyOf(scenario: Scenario, options: PlanOptions): LiveBefore {
  const cached = historyCache.get(scenario);
  if (cached) return cached;
  const history = scenario.revisions.slice(0, -1).map((revision) => revision.objects.map((p) => p.object));
  const live = liveBefore(history, options);
  historyCache.set(scenario, live);
  return live;
}

/**
 * Hooks without a name get one at sync time from their generateName, the revision and the start time, so
 * the name in the plan is not the one the run will show: the table says so instead of pretending.
 */
function generatedNames(desired: readonly KubeObject[], plan: SyncPlan): GeneratedNames {
  const prefixes = desired.flatMap((obj) =>
    !obj.metadata?.name && obj.metadata?.generateName
      ? [{ kind: obj.kind, prefix: obj.metadata.generateName }]
      : [],
  );
  const names = new Map<string, string>();
  for (const task of plan.tasks) {
    if (!task.isHook || desired.some((obj) => obj.kind === task.kind && obj.metadata?.name === task.name))
      continue;
    const match = prefixes.find((p) => p.kind === task.kind && task.name.startsWith(p.prefix));
    if (match) names.set(task.name, match.prefix);
  }
  return names;
}
