import type { AutoscalerLoad } from '../controllers/horizontalPodAutoscaler';
import { SimClock } from '../clock';
import type { Cluster } from '../cluster/cluster';
import type { WatchEvent } from '../cluster/store';
import type { HealthOverrides } from '../health/healthOverrides';
import { checkReplicaLimits, checkRunSettings, RunLimits, type RunLimitsOptions } from '../limits';
import { checkControlPlaneLimits } from '../controlPlaneLimits';
import { Rng } from '../random';
import { runDefaults } from '../runDefaults';
import type { InputProblem } from '../sync';
import type { JsonAny, KubeObject } from '../types';
import { clone } from '../util/clone';
import { ApplicationController } from '../argocd/applicationController';
import {
  ARGOCD_NAMESPACE,
  type ApplicationSetController,
  type ApplicationSetControllerFactory,
} from '../argocd/controlPlanePorts';
import { projectsOf } from '../argocd/projects';
import { CMD_PARAMS_CM, syncTimeoutOf } from '../argocd/cmdParams';
import { Repository, type RepoRevision } from '../argocd/repository';
import { applyIntervention } from '../interventions/applyIntervention';
import {
  runAction,
  type ControlPlaneAction,
  type InterventionAction,
  type RefusedIntervention,
} from './controlPlaneActions';
import { createCluster } from './createCluster';
import { RemoteClusters, type ClusterRun } from './remoteClusters';
import { clustersOf } from '../argocd/clusterSecrets';
import { EventLog } from '../eventLog';
import { ObjectHistoryRecorder } from './objectHistory';
import { PodTracker } from './podTracker';
import { RestWatch } from './settled';
import { collectLogs, runUntilRest, type RunResult } from './runLoop';
import { PAST_START_MS, playPast, type PastPhase } from './pastPhase';

export type { ControlPlaneAction, InterventionAction, RefusedIntervention } from './controlPlaneActions';

/**
 * A run of the small Argo CD control plane (contract.md §1.4, §1.5; argocd-semantics.md §5): a Git repository,
 * Argo CD's objects (Applications, AppProjects, ApplicationSets) applied into `argocd` at t 0, the application
 * controller and (when given) the ApplicationSet controller, and a script of timed actions. Applications given
 * without `automated` are synced at t 0 in the order given, as `argocd app sync NAME` would. The clock runs until
 * every operation has ended and the cluster has been at rest for a moment, or until `untilSeconds`.
 *
 * The one place where watchers are attached to the store is `attachWatchers`.
 */
export interface ControlPlaneInput {
  /** The repository's first revision (later ones come from `commit` actions). */
  repository: RepoRevision;
  /** Argo CD objects, in the order given (kubectl apply -n argocd -f …). */
  objects: readonly KubeObject[];
  healthOverrides?: HealthOverrides;
  progressiveSyncs?: boolean;
  waveDelaySeconds?: number;
  seed?: number;
  untilSeconds?: number;
  actions?: readonly ControlPlaneAction[];
  /** Workloads made to fail (contract `--fail`). */
  fail?: readonly string[];
  /** Scripted loads of the HorizontalPodAutoscalers of the destination cluster (horizontalPodAutoscaler.ts). */
  autoscalerLoad?: AutoscalerLoad;
  /** Told the virtual second reached now and then during a long run (as the single-app form's `onProgress`). */
  onProgress?: (seconds: number) => void;
  /** The ApplicationSet controller (src/engine/argocd/applicationSet/); without it sets are only stored. */
  applicationSetController?: ApplicationSetControllerFactory;
  /** `--prune` of the syncs asked by hand at t 0 (and in the past) of the Applications given without `automated`. */
  prune?: boolean;
  /** Namespaces the cluster has besides a fresh cluster's (created by Argo CD's user before the run). */
  namespaces?: readonly string[];
  /** What happened before t 0 (pastPhase.ts): `repository` is then the revision Git holds at t 0. */
  past?: PastPhase;
  /** Where a run limit points (the single-app form's files). */
  limitPositions?: RunLimitsOptions;
  /**
   * The controller's sync timeout in seconds, instead of `controller.sync.timeout.seconds` of an
   * argocd-cmd-params-cm among `objects` (the compare view's knob); 0: none.
   */
  syncTimeoutSeconds?: number;
  /** The repo server's manifest-generation time in seconds (manifestGeneration.ts); 0 or unset: at once. */
  manifestGenerationSeconds?: number;
}

/** A run of the control plane's result (runLoop.ts `RunResult`): every Application and ApplicationSet too. */
export interface ControlPlaneResult extends RunResult {
  /**
   * The first Application given (or the first generated one, by name), a copy of the object in the store: its
   * status is typed where the controller writes it (applicationStatus.ts), the rest is the object as applied.
   */
  application: JsonAny;
}

/** The namespaces a fresh cluster has (§5.2). */
const initialNamespaces = ['default', 'kube-system', 'kube-public', ARGOCD_NAMESPACE];

export function runControlPlane(input: ControlPlaneInput): ControlPlaneResult {
  checkRunSettings(input);
  checkControlPlaneLimits(input);
  checkRepositoryReplicas(input);
  const past =
    input.past && (input.past.live.length > 0 || input.past.revisions.length > 0) ? input.past : undefined;
  const clock = new SimClock(past ? PAST_START_MS : 0);
  // After a past, the workloads made to fail fail in the story only (pastPhase.ts).
  const cluster = createCluster({
    clock,
    rng: new Rng(input.seed ?? runDefaults.seed),
    failures: past ? [] : (input.fail ?? []),
    ...(input.autoscalerLoad ? { autoscalerLoad: input.autoscalerLoad } : {}),
  });
  const store = cluster.store;
  // Attached first, so the namespaces a fresh cluster has are in the history too (`kubectl get ns` at t 0).
  const objectHistory = new ObjectHistoryRecorder(() => clock.now());
  store.watch((event) => objectHistory.onWatch(event));
  const rest = RestWatch.on(store);
  for (const name of new Set([...initialNamespaces, ...(input.namespaces ?? [])]))
    store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  const log = new EventLog(() => clock.now());
  if (!past || past.record) log.start(0);
  const repository = new Repository(past?.revisions[0] ?? input.repository);
  const warnings: string[] = [];
  const problems: InputProblem[] = [];
  const cmdParams = syncTimeoutOf(input.objects);
  if (cmdParams.problem) warnings.push(`${CMD_PARAMS_CM}: ${cmdParams.problem}; no sync timeout`);
  const controller = new ApplicationController({
    syncTimeoutSeconds: input.syncTimeoutSeconds ?? cmdParams.seconds,
    manifestGenerationSeconds: input.manifestGenerationSeconds ?? 0,
    cluster,
    log,
    repository,
    healthOverrides: input.healthOverrides,
    waveDelaySeconds: input.waveDelaySeconds ?? runDefaults.waveDelaySeconds,
    seed: input.seed ?? runDefaults.seed,
    warnings,
    problems,
    clusterFor: (server): Cluster => remotes.get(server),
  });
  // The clusters of cluster Secrets that Applications are sent to (§5.13), each its own fake cluster.
  const remotes: RemoteClusters = new RemoteClusters({
    clock,
    seed: input.seed ?? runDefaults.seed,
    log,
    failures: () => cluster.failures,
    namespaces: input.namespaces ?? [],
    nameOf: (server) => clustersOf(store).find((c) => c.server === server)?.name ?? server,
    onWatch: (event, remote) => {
      limits.count(event.type, event.object);
      controller.onWatch(event, remote);
    },
    appOf: (obj): string | undefined => controller.appOf(obj),
  });
  const limits = new RunLimits(input.limitPositions);
  const extraWatchers: ((event: WatchEvent) => void)[] = [];
  attachWatchers();

  let appSets: ApplicationSetController | undefined;
  if (input.applicationSetController) {
    appSets = input.applicationSetController({
      store,
      clock,
      emit: (event) => log.push(event),
      progressiveSyncs: input.progressiveSyncs ?? false,
      projects: () => projectsOf(store),
      watch: (listener) => extraWatchers.push(listener),
      repoPaths: () => repository.paths(),
      repoFile: (path) => repository.fileContent(path),
    });
  } else if (input.objects.some((o) => o.kind === 'ApplicationSet')) {
    warnings.push('ApplicationSets are stored but not reconciled: no ApplicationSet controller in this run');
  }

  const applyArgoObjects = () => {
    for (const obj of input.objects)
      store.apply({ ...clone(obj), metadata: { ...clone(obj.metadata), namespace: ARGOCD_NAMESPACE } });
  };
  // Apps given without auto-sync are synced at t 0, in the order given (`argocd app sync NAME`).
  const byHand = input.objects
    .filter((o) => o.kind === 'Application' && !o.spec?.syncPolicy?.automated)
    .map((o) => o.metadata.name ?? '');
  const syncByHand = () => {
    for (const name of byHand) controller.requestSync(name, input.prune ?? false);
  };
  const applied =
    past !== undefined &&
    playPast(past, { clock, store, log, limits, rest, repository, controller, applyArgoObjects, syncByHand });
  if (past) clock.schedule(0, () => startStory(past));
  if (!applied) applyArgoObjects();
  // A sync asked by hand can be refused (a sync window, §5.14): the run says so.
  for (const name of byHand)
    clock.schedule(
      0,
      () => {
        const refused = controller.requestSync(name, input.prune ?? false);
        if (refused) warnings.push(`sync ${name}: ${refused}`);
      },
      1,
    );
  let pendingActions = 0;
  const refused: RefusedIntervention[] = [];
  for (const [index, action] of (input.actions ?? []).entries()) {
    pendingActions++;
    clock.schedule(action.at * 1000, () => {
      pendingActions--;
      if (action.type === 'intervention') intervene(action, index);
      else runAction({ store, repository, controller, log, warnings }, action);
    });
  }

  const until = (input.untilSeconds ?? 3600) * 1000;
  const rested = runUntilRest({
    clock,
    log,
    limits,
    untilMs: until,
    onProgress: input.onProgress,
    atRest: () =>
      pendingActions === 0 &&
      !(appSets?.busy() ?? false) &&
      controller.atRest() &&
      clusterAtRest() &&
      remotes.atRest() &&
      // An autoscaler with a load acts every sync period for ever, as on a real cluster: the run ends at its limit.
      input.autoscalerLoad === undefined,
  });
  if (!rested && clock.now() < until) clock.advanceTo(until);

  const applications = store
    .list({ kind: 'Application', namespace: ARGOCD_NAMESPACE })
    .map(view)
    .sort(byName);
  const firstGiven = input.objects.find((o) => o.kind === 'Application')?.metadata.name;
  const application = applications.find((a) => a.metadata.name === firstGiven) ?? applications[0] ?? null;
  return {
    application,
    applications,
    applicationSets: store
      .list({ kind: 'ApplicationSet', namespace: ARGOCD_NAMESPACE })
      .map(view)
      .sort(byName),
    events: log.events,
    live: store.all(),
    ...collectLogs(cluster, log),
    endT: log.seconds(clock.now()),
    warnings,
    problems,
    refused,
    objects: objectHistory.result((ms) => log.seconds(ms)),
    ...withClusters(remotes.result((ms) => log.seconds(ms))),
  };

  /**
   * t 0 after a past: the log starts (unless it recorded the past), and Git's current revision is committed (the
   * one the story syncs).
   */
  function startStory(played: PastPhase): void {
    cluster.failures = input.fail ?? [];
    if (!played.record) log.start(0);
    // The story's first lines (recorded past or not) are each app's resources as they are: what the page shows at
    // t 0, and the rows the sync starts from.
    controller.emitBaselines();
    if (played.revisions.length > 0)
      log.push({ type: 'commit', revision: repository.commit(input.repository) });
  }

  /** An intervention, logged with what it printed (interventions/applyIntervention.ts). */
  function intervene(action: InterventionAction, index: number): void {
    const outcome = applyIntervention({ store, clock, repository, controller }, action);
    if ('error' in outcome) {
      refused.push({ index, at: action.at, command: action.command, error: outcome.error });
      log.push({ type: 'intervention', command: action.command, output: outcome.error, refused: true });
      return;
    }
    log.push({ type: 'intervention', command: action.command, output: outcome.output });
    if (outcome.commit) log.push({ type: 'commit', revision: outcome.commit });
  }

  /** Every watcher of the run, in one place: limits, the application controller, pods, then the others. */
  function attachWatchers(): void {
    const pods = new PodTracker({ store, log, appOf: (obj) => controller.appOf(obj) });
    store.watch((event) => {
      limits.count(event.type, event.object);
      controller.onWatch(event);
      pods.onWatch(event);
      for (const watcher of extraWatchers) watcher(event);
    });
  }

  /** No pod starting or terminating (as the single-app form's `isSettled`), from watch-fed counts. */
  function clusterAtRest(): boolean {
    return rest.podsAtRest();
  }
}

/** The other clusters' part of the result, only when there are some (a run on one cluster is as before). */
function withClusters(clusters: ClusterRun[]): { clusters?: ClusterRun[] } {
  return clusters.length > 0 ? { clusters } : {};
}

/** An object as `kubectl get -o json` shows it (a copy). */
function view(obj: KubeObject): JsonAny {
  return clone(obj);
}

function byName(a: JsonAny, b: JsonAny): number {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The replicas limit (limits.ts) for every workload the run may apply: each revision of the repository (the first
 * and every commit) and every `kubectl-apply`, refused before the clock starts at the field's own position. Without
 * it a repository's Deployment of 100,000 replicas ran for half a minute before the pod limit stopped it.
 */
function checkRepositoryReplicas(input: ControlPlaneInput): void {
  const revisions = [
    input.repository,
    ...(input.actions ?? []).flatMap((a) =>
      a.type === 'commit' ? [a.revision] : a.type === 'intervention' && a.revision ? [a.revision] : [],
    ),
  ];
  for (const revision of revisions)
    for (const items of Object.values(revision.files))
      checkReplicaLimits(
        items.map((item) => item.object),
        items.map((item) => item.position),
      );
  for (const action of input.actions ?? [])
    if (action.type === 'kubectl-apply') checkReplicaLimits(action.objects, action.positions);
    else if (action.type === 'intervention' && action.objects) checkReplicaLimits(action.objects);
}
