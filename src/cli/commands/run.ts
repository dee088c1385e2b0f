import { stringify } from 'yaml';
import {
  escapeControl,
  InputError,
  isInputError,
  InputBudget,
  runDefaults,
  runSingleApp,
  type KubeObject,
  type InterventionAction,
  type RunResult,
  type SingleAppResult,
} from '../../engine';
import { parseManifests, type ParsedObject } from '../../scenarios/manifests';
import { playScenario } from '../../scenarios/play';
import { renderFirst } from '../../scenarios/renderFirst';
import { looksLikeScenario, parseScenario, type Scenario } from '../../scenarios/scenario';
import { toggleAnnotationsOf } from '../../scenarios/pageSettings';
import { platformRunSettings } from '../../scenarios/platformToggles';
import { scenarioQuestions } from '../../scenarios/scenarioQuestions';
import { exitUsage, readFailure, type CommandIo } from '../command';
import { parseWarned } from '../parseWarned';
import { safeJson } from '../safeJson';
import { appGetText } from '../../text/appGetText';
import { appListText } from '../../text/appListText';
import { readRepository, runRepo } from './runRepo';
import { thenIntervention } from './thenIntervention';
import { refuseUnusedRunFlags } from './unusedRunFlags';
import { argocdCmOverrides, refusingLuaLimits } from './argocdCm';
import { parseRunOptions, type RunOptions } from './runOptions';
import { isThenCommand, thenCommandTools, thenHelp } from './thenActions';
import { ArgumentError } from '../argumentError';

/**
 * `sim run <file.yaml>… [options]` (contract.md §1.1): sync the files' objects as one Application on a fresh
 * fake cluster and print the result, as JSON (§1.2) or as `argocd app get --show-operation` would. A scenario
 * file plays that scenario, with the options overriding its own.
 */
export function run(args: string[], io: CommandIo): number {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(help);
    return 0;
  }
  let result: RunResult;
  let options: RunOptions;
  // Whether the run is of several Applications (`--repo`, a platform scenario): it prints them all (§1.4).
  let several: boolean;
  try {
    options = parseRunOptions(args);
    // A single app takes commands as `--then` actions (kubectl, argocd, git); the named actions need --repo.
    const named = options.repo ? undefined : options.then.find((t) => !isThenCommand(t.action));
    if (named)
      throw new ArgumentError(
        `works with --repo (several Applications) only; a single app takes commands (${thenCommandTools.join(', ')})`,
        `--then ${named.at}:${named.action}`,
      );
    if (options.repo) refuseUnusedRunFlags(options, 'repo');
    // A health Lua stopped by a limit makes the run bad input (exit 2 at its argocd-cm entry).
    ({ result, several } = refusingLuaLimits(() =>
      options.repo
        ? { result: runRepo(options, io, cmOverrides(options, io)), several: true }
        : simulate(options, io),
    ));
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`sim run: ${escapeControl(error.message)}\n`);
      return exitUsage;
    }
    if (error instanceof ReadError) {
      io.stderr(`sim run: ${escapeControl(error.message)}\n`);
      return exitUsage;
    }
    throw error;
  }
  for (const w of result.warnings) io.stderr(`warning: ${escapeControl(w)}\n`);
  for (const p of result.problems) io.stderr(`warning: ${escapeControl(p.message)}\n`);
  if (options.json) {
    // A run of several Applications adds every Application and ApplicationSet (contract.md §1.4).
    const all = several ? { applications: result.applications, applicationSets: result.applicationSets } : {};
    // Several clusters (§1.4): each other cluster's name, server and live objects, as `live` is Argo CD's own.
    const clusters = result.clusters
      ? { clusters: result.clusters.map(({ name, server, live }) => ({ name, server, live })) }
      : {};
    io.stdout(
      safeJson(
        { application: result.application, ...all, events: result.events, live: result.live, ...clusters },
        2,
      ) + '\n',
    );
  } else if (several) {
    io.stdout(appListText(result.applications, result.applicationSets));
  } else {
    io.stdout(appGetText(result.application));
  }
  // An intervention the cluster or Argo CD refused changed nothing; the run is shown, and the command is bad input.
  for (const r of result.refused)
    io.stderr(
      `sim run: --then #${r.index + 1} (${r.at}:${escapeControl(r.command)}): ${escapeControl(r.error)}\n`,
    );
  return result.refused.length > 0 ? exitUsage : 0;
}

class ReadError extends Error {}

function read(io: CommandIo, path: string): string {
  try {
    return io.readFile(path);
  } catch (error) {
    // Text that is not UTF-8 is refused at its file:line:column (readCapped), as any other bad input is.
    if (isInputError(error)) throw error;
    throw new ReadError(`cannot read ${path}: ${readFailure(error)}`);
  }
}

/**
 * A file's text; a folder named as a file (`sim run charts/web`) that is a Helm chart or a Kustomize folder says
 * what to run instead (renderFirst.ts), any other unreadable path says why it cannot be read.
 */
function readOrRenderFirst(io: CommandIo, path: string): string {
  try {
    return read(io, path);
  } catch (error) {
    let listed: string[] | undefined;
    try {
      listed = io.listFiles?.(path, () => {});
    } catch {
      // Not a folder either: the read's own error says what is wrong.
    }
    const folder = path.replace(/\/+$/, '');
    const unrendered =
      listed &&
      renderFirst(
        listed.map((file) => ({ path: `${folder}/${file}` })),
        'cli',
      );
    throw unrendered || error;
  }
}

function cmOverrides(options: RunOptions, io: CommandIo) {
  return options.argocdCm
    ? argocdCmOverrides(read(io, options.argocdCm), options.argocdCm)
    : argocdCmOverrides();
}

/** A run of files or of a scenario: one Application, or several for a platform scenario. */
function simulate(options: RunOptions, io: CommandIo): { result: SingleAppResult; several: boolean } {
  const healthOverrides = cmOverrides(options, io);
  // A Helm chart or a Kustomize folder is rendered before Argo CD syncs it: say so, with the command (renderFirst.ts).
  const named = renderFirst(
    options.files.map((path) => ({ path })),
    'cli',
  );
  if (named) throw named;
  const texts = options.files.map((file) => ({ file, text: readOrRenderFirst(io, file) }));
  const unrendered = renderFirst(
    texts.filter((t) => !looksLikeScenario(t.text)).map((t) => ({ path: t.file, text: t.text })),
    'cli',
  );
  if (unrendered) throw unrendered;
  const scenarios = texts.filter((t) => looksLikeScenario(t.text));
  if (scenarios.length > 0) {
    if (texts.length > 1) {
      throw new InputError('a scenario file must be run alone', {
        file: scenarios[0].file,
        line: 1,
        column: 1,
      });
    }
    const scenario = parseScenario(scenarios[0].text, scenarios[0].file);
    for (const w of scenario.warnings) io.stderr(`warning: ${escapeControl(w)}\n`);
    const switched = scenarioToggles(scenario, options.toggles);
    refuseUnusedRunFlags(options, scenario.platform ? 'platform' : 'scenario');
    if (scenario.platform) {
      // A platform scenario's argocd-cm is its own, unless --argocd-cm gives another.
      const cm = options.argocdCm ? healthOverrides : toggledArgocdCm(scenario, options.toggles);
      const result = playScenario(scenario, {
        seed: options.seed,
        waveDelaySeconds: options.waveDelay,
        fail: [...options.fail, ...switched.fail],
        untilSeconds: options.until,
        healthOverrides: cm,
        ...platformSwitches(scenario, options.toggles, options.argocdCm !== undefined),
        ...(options.progressiveSyncs ? { progressiveSyncs: true } : {}),
        interventions: thenActions(options, io),
      });
      return { result, several: true };
    }
    if (options.app) scenario.app.name = options.app;
    if (options.namespace) scenario.app.namespace = options.namespace;
    if (options.prune) scenario.options.prune = true;
    scenario.options.syncOptions.push(...options.syncOptions);
    const result = playScenario(scenario, {
      seed: options.seed,
      waveDelaySeconds: options.waveDelay,
      fail: [...options.fail, ...switched.fail],
      ...toggleAnnotationsOf(scenario, options.toggles),
      untilSeconds: options.until,
      terminateAtSeconds: options.terminateAt,
      healthOverrides,
      interventions: thenActions(options, io),
    });
    return { result, several: false };
  }
  refuseUnusedRunFlags(options, 'manifests');
  // Problems Argo CD tolerates (a duplicate key) are reported on stderr, and the run goes on.
  const warnings: string[] = [];
  const parsed: ParsedObject[] = texts.flatMap((t) => parseManifests(t.text, t.file, { warnings }));
  const live: KubeObject[] = options.live
    ? parseManifests(read(io, options.live), options.live, { warnings }).map((p) => p.object)
    : [];
  for (const w of warnings) io.stderr(`warning: ${escapeControl(w)}\n`);
  const result = runSingleApp({
    actions: thenActions(options, io),
    desired: parsed.map((p) => p.object),
    positions: parsed.map((p) => p.position),
    live,
    app: options.app ?? 'app',
    namespace: options.namespace ?? 'default',
    prune: options.prune,
    // Left out, the engine's defaults apply (runDefaults).
    waveDelaySeconds: options.waveDelay,
    fail: options.fail,
    syncOptions: options.syncOptions,
    seed: options.seed,
    untilSeconds: options.until,
    ...(options.retryLimit !== undefined
      ? { retry: { limit: options.retryLimit, durationMs: 5000, factor: 2, maxDurationMs: 180_000 } }
      : {}),
    terminateAtSeconds: options.terminateAt,
    healthOverrides,
  });
  return { result, several: false };
}

/** A single app's `--then` commands (contract.md §1.5), as the control plane's intervention actions. */
function thenActions(options: RunOptions, io: CommandIo): InterventionAction[] {
  return options.then.map((then, i) =>
    thenIntervention(
      then,
      i + 1,
      (path) => parseWarned(io, read(io, path), path),
      (dir) => readRepository(io, dir, dir, new InputBudget()),
    ),
  );
}

const help = `usage: sim run <file.yaml> [<file.yaml> ...] [options]

Sync the objects of the files as one Application on a fresh simulated cluster. A scenario file
(scenarios/*.yaml) plays that scenario.

options:
  --live FILE            objects already in the cluster, managed by the app (for updates and prunes)
  --prune                the operation may prune
  --wave-delay SECONDS   ARGOCD_SYNC_WAVE_DELAY (default ${runDefaults.waveDelaySeconds})
  --fail KIND/NAME       make that workload fail (repeatable)
  --toggle ID            switch on a scenario's toggle, as the page's "What if…" does (repeatable)
  --sync-option OPT      an operation sync option, e.g. PruneLast=true (repeatable)
  --namespace NS         the destination namespace (default "default")
  --app NAME             the Application's name (default "app")
  --seed N               seed for every random choice, 0 to 4294967295 (default ${runDefaults.seed})
  --until SECONDS        stop at this virtual time (default 3600, at most 86400)
  --retry-limit N        retry a failed operation N times (5 s × 2^n back-off, -1 = unlimited)
  --terminate-at SECONDS terminate the operation at this virtual time
  --argocd-cm FILE       an argocd-cm ConfigMap: its resource.customizations.health.* Lua applies
  --json                 print the result object as JSON

several Applications (contract §1.4): sim run --repo DIR <argo.yaml>… [options]
  --repo DIR             the Git repository the Applications' sources point at (plain YAML)
  --progressive-syncs    enable the ApplicationSet controller's progressive syncs
  --then SECONDS:ACTION  at that virtual second, one of (repeatable):
${thenHelp('                           ')}
                         or a command, as typed in a terminal:
                           kubectl delete|scale|edit|patch|apply -f|set image|annotate|label|rollout restart …
                           (kubectl edit takes its change as -p PATCH: the sandbox has no editor)
                           argocd app sync|get --refresh|terminate-op|rollback|confirm-deletion|set APP …
                             (set: --sync-policy automated|none, --self-heal, --auto-prune, --allow-empty)
                           git commit -m MESSAGE DIR   (the folder DIR becomes the repository's new revision)
                         a command the cluster or Argo CD refuses changes nothing: its error (the tool's own
                         words) and position are printed after the run, and sim exits 2

scenarios, by the question you arrive with:
${scenarioIndex()}`;

/**
 * The failures of a scenario's switched-on toggles (`--toggle ID`, the page's "What if…" switches); an id the
 * scenario does not have is refused with the ones it has.
 */
function scenarioToggles(scenario: Scenario, ids: readonly string[]): { fail: string[] } {
  const all = scenario.platformToggles ?? scenario.toggles;
  for (const id of ids)
    if (!all.some((t) => t.id === id))
      throw new ArgumentError(
        all.length > 0
          ? `${scenario.file} has no toggle ${JSON.stringify(id)}; its toggles: ${all.map((t) => t.id).join(', ')}`
          : `${scenario.file} has no toggles`,
        `--toggle ${id}`,
      );
  return { fail: all.filter((t) => ids.includes(t.id) && t.fail !== undefined).map((t) => t.fail!) };
}

/**
 * A platform scenario's switched-on toggles as play options: progressive syncs, maxUpdate and self-heal. A toggle
 * of the health check changes argocd-cm instead (toggledArgocdCm), so it is refused beside `--argocd-cm FILE`,
 * which gives the whole ConfigMap.
 */
function platformSwitches(scenario: Scenario, ids: readonly string[], ownCm: boolean) {
  const health = (scenario.platformToggles ?? []).find(
    (t) => ids.includes(t.id) && (t.healthCheck !== undefined || t.amendedHealthCheck),
  );
  if (health && ownCm)
    throw new ArgumentError(
      'switches the Application health check in argocd-cm, which --argocd-cm FILE gives whole: use one of them',
      `--toggle ${health.id}`,
    );
  const { progressiveSyncs, maxUpdate, selfHeal, ignoreDifferences, appSyncOptions } = platformRunSettings(
    scenario,
    ids,
  );
  return {
    ...(progressiveSyncs !== undefined ? { progressiveSyncs } : {}),
    ...(maxUpdate !== undefined ? { maxUpdate } : {}),
    ...(selfHeal !== undefined ? { selfHeal } : {}),
    ...(ignoreDifferences !== undefined ? { ignoreDifferences } : {}),
    ...(appSyncOptions !== undefined ? { appSyncOptions } : {}),
  };
}

/**
 * The health overrides of a platform scenario's argocd-cm as its switched-on toggles leave it (platformToggles.ts),
 * as the page runs it: the scenario's own ConfigMap when no toggle changes it, else one written from the toggled
 * data, named after the scenario file.
 */
function toggledArgocdCm(scenario: Scenario, ids: readonly string[]) {
  const platform = scenario.platform!;
  const toggled = ids.some((id) => {
    const toggle = scenario.platformToggles?.find((t) => t.id === id);
    return toggle?.healthCheck !== undefined || toggle?.amendedHealthCheck === true;
  });
  if (!toggled) return argocdCmOverrides(platform.argocdCm, scenario.file);
  const data = platformRunSettings(scenario, ids).argocdCmData ?? {};
  const text = stringify({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'argocd-cm', namespace: 'argocd' },
    data,
  });
  return argocdCmOverrides(text, `${scenario.file} (argocd-cm with --toggle ${ids.join(',')})`);
}

/** The shipped scenarios under their questions (scenarioQuestions.ts), as the picker lists them. */
function scenarioIndex(): string {
  return scenarioQuestions
    .filter((q) => q.scenarios.length > 0)
    .map((q) => `  ${q.text}\n${q.scenarios.map((id) => `    scenarios/${id}.yaml`).join('\n')}\n`)
    .join('');
}
