import {
  runControlPlane,
  runSingleApp,
  type ControlPlaneAction,
  type HealthOverrides,
  type InterventionAction,
  type Json,
  type KubeObject,
  type RunResult,
  startApplicationSetController,
  withMaxUpdate,
} from '../engine';
import type { ParsedObject } from './manifests';
import type { PlatformSpec } from './platformScenario';
import type { Scenario } from './scenario';
import { applyToggleAnnotations, type ToggleAnnotations } from './toggleAnnotations';

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
  /** A platform scenario only: `--progressive-syncs`, overriding the scenario's own. */
  progressiveSyncs?: boolean;
  /** A platform scenario only: every RollingSync step's `maxUpdate` (the page's maxUpdate toggle). */
  maxUpdate?: number | string;
  /** A platform scenario only: every automated Application's `selfHeal` (the page's self-heal toggle). */
  selfHeal?: boolean;
  /** A platform scenario only: entries of the scenario's `fail:` list left out (the page's repair toggle). */
  repaired?: string[];
  /** A platform scenario only: the controller's sync timeout in seconds (a toggle, the compare view's knob). */
  syncTimeoutSeconds?: number;
  /** A platform scenario only: every AppProject sync window's `manualSync` (a toggle). */
  manualSync?: boolean;
  /** A platform scenario only: every Application's `spec.ignoreDifferences` (a toggle). */
  ignoreDifferences?: Json[];
  /** A platform scenario only: sync options added to every Application's `syncPolicy.syncOptions` (a toggle). */
  appSyncOptions?: string[];
  /**
   * Interventions typed on the page or given as `--then` commands, played after the scenario's own actions;
   * `namespace` is the terminal's (the first Application's destination).
   */
  interventions?: readonly Omit<InterventionAction, 'type'>[];
  /** A single-Application scenario's switched-on toggles that change annotations of the synced revision. */
  annotate?: readonly ToggleAnnotations[];
}

/**
 * What a play returns: a run's result (the engine's `RunResult`), for a platform scenario with every Application
 * and ApplicationSet too (contract.md §1.4); `application` is then the first Application given.
 */
export type PlayResult = RunResult;

/**
 * Play a scenario: sync every revision but the last before t = 0 (the history), then sync the last one and
 * record everything. The scenario arrives parsed (parseScenario, or compiled at build time for the page), so
 * playing needs no YAML parser.
 */
export function playScenario(scenario: Scenario, options: PlayOptions = {}): PlayResult {
  if (scenario.platform) return playPlatform(scenario, scenario.platform, options);
  const revisions = scenario.revisions;
  const history = revisions.slice(0, -1).map((r) => r.objects.map((p) => p.object));
  const parsed = applyToggleAnnotations(
    options.edited ?? revisions[revisions.length - 1].objects,
    options.annotate ?? [],
  );
  return runSingleApp({
    revisionNames: revisions.map((r) => r.name),
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
    actions: (options.interventions ?? []).map((i) => ({ ...i, type: 'intervention' as const })),
    healthOverrides: options.healthOverrides,
    onProgress: options.onProgress,
  });
}

/** An Application with `automated.selfHeal` set to `on`, when it has `automated` (a copy). */
function withSelfHeal(app: KubeObject, on: boolean): KubeObject {
  const automated = app.spec?.syncPolicy?.automated;
  if (!automated) return app;
  return {
    ...app,
    spec: { ...app.spec, syncPolicy: { ...app.spec.syncPolicy, automated: { ...automated, selfHeal: on } } },
  };
}

/**
 * An Application with the toggled `spec.ignoreDifferences` and extra `syncPolicy.syncOptions` (a copy): what a user
 * would write into the Application to try the documented fix (argocd-semantics.md §5.8).
 */
function withAppSpec(app: KubeObject, ignoreDifferences?: Json[], syncOptions?: string[]): KubeObject {
  if (ignoreDifferences === undefined && syncOptions === undefined) return app;
  const policy = app.spec?.syncPolicy ?? {};
  const options: string[] = [...(policy.syncOptions ?? [])];
  for (const o of syncOptions ?? []) if (!options.includes(o)) options.push(o);
  return {
    ...app,
    spec: {
      ...app.spec,
      ...(ignoreDifferences !== undefined ? { ignoreDifferences } : {}),
      ...(syncOptions !== undefined ? { syncPolicy: { ...policy, syncOptions: options } } : {}),
    },
  };
}

/** An AppProject with every sync window's `manualSync` set to `on` (a copy). */
function withManualSync(project: KubeObject, on: boolean): KubeObject {
  const windows = project.spec?.syncWindows;
  if (!Array.isArray(windows)) return project;
  return {
    ...project,
    spec: { ...project.spec, syncWindows: windows.map((w) => ({ ...w, manualSync: on })) },
  };
}

/**
 * A platform scenario: its repository, its Argo CD objects and its actions, run by the control plane
 * (runControlPlane). The health Lua comes from the caller (`options.healthOverrides`), who built it from the
 * scenario's `argocdCm` (or left it out for a "without the health check" run).
 */
function playPlatform(scenario: Scenario, platform: PlatformSpec, options: PlayOptions): PlayResult {
  const byName = new Map(platform.revisions.map((r) => [r.name, r]));
  const actions: ControlPlaneAction[] = platform.actions.map((a): ControlPlaneAction => {
    if (a.type === 'commit') return { at: a.at, type: 'commit', revision: byName.get(a.revision)! };
    if (a.type === 'kubectl-apply')
      return { at: a.at, type: 'kubectl-apply', objects: a.objects.map((p) => p.object) };
    if (a.type === 'intervention')
      return {
        at: a.at,
        type: 'intervention',
        command: a.command,
        ...(a.revision ? { revision: byName.get(a.revision)! } : {}),
      };
    return a;
  });
  for (const i of options.interventions ?? []) actions.push({ ...i, type: 'intervention' });
  return runControlPlane({
    repository: platform.revisions[0],
    objects: platform.argocd.map((p) =>
      options.maxUpdate !== undefined && p.object.kind === 'ApplicationSet'
        ? withMaxUpdate(p.object, options.maxUpdate)
        : p.object.kind === 'Application'
          ? withAppSpec(
              options.selfHeal !== undefined ? withSelfHeal(p.object, options.selfHeal) : p.object,
              options.ignoreDifferences,
              options.appSyncOptions,
            )
          : options.manualSync !== undefined && p.object.kind === 'AppProject'
            ? withManualSync(p.object, options.manualSync)
            : p.object,
    ),
    ...(options.syncTimeoutSeconds !== undefined ? { syncTimeoutSeconds: options.syncTimeoutSeconds } : {}),
    applicationSetController: startApplicationSetController,
    healthOverrides: options.healthOverrides,
    progressiveSyncs: options.progressiveSyncs ?? platform.progressiveSyncs,
    waveDelaySeconds: options.waveDelaySeconds ?? scenario.options.waveDelay,
    seed: options.seed ?? scenario.options.seed,
    untilSeconds: options.untilSeconds ?? scenario.options.until,
    actions,
    fail: [...scenario.fail.filter((f) => !options.repaired?.includes(f)), ...(options.fail ?? [])],
    ...(platform.load ? { autoscalerLoad: platform.load } : {}),
    ...(platform.manifestGenerationSeconds
      ? { manifestGenerationSeconds: platform.manifestGenerationSeconds }
      : {}),
    onProgress: options.onProgress,
  });
}
