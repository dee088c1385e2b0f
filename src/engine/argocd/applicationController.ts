import type {
  ApplicationCondition,
  ApplicationSource,
  Operation,
  OperationInitiator,
  RevisionHistory,
} from './applicationTypes';
import { withHistoryEntry } from './revisionHistory';
import { historyPatchedOnObject } from './patchedHistory';
import { orphanedResourcesMessage } from './orphanedResources';
import { resourcesByLabel } from './resourcesByLabel';
import { rollbackOperation } from './rollbackOperation';
import { setConditions } from './setConditions';
import { setSharedResourceConditions, sharedResourceMessages } from './sharedResources';
import { repeatedResourceMessages, setRepeatedResourceConditions } from './repeatedResources';
import { syncOptionFailOnSharedResource } from '../annotations';
import { syncOperation, type SyncRequestOptions } from './syncOperation';
import type { Cluster } from '../cluster/cluster';
import type { WatchEvent } from '../cluster/store';
import { keyOf, refOf } from '../cluster/gvk';
import type { HealthOverrides } from '../health/healthOverrides';
import type { InputProblem } from '../sync';
import type { KubeObject } from '../types';
import { AppTracker } from './appTracker';
import { TRACKING_ANNOTATION } from './tracking';
import { AppEventSink, type EventSink } from '../eventLog';
import { Rng } from '../random';
import { toTimestamp } from '../clock';
import { clone } from '../util/clone';
import { finalizeApplicationDeletion } from './applicationDeletion';
import { withDeleteHookFinalizers } from './deleteHooks';
import { applicationStatus } from './applicationStatus';
import { automatedSyncEnabled } from './automatedSyncEnabled';
import { decideAutoSync, isAutomatedSyncEnabled, type SyncOperationResource } from './autoSync';
import { ARGOCD_NAMESPACE, Priority } from './controlPlanePorts';
import { OperationRunner } from './operationRunner';
import { projectsOf } from './projects';
import type { RenderedSource, Repository } from './repository';
import { retryStrategyOf } from './retryStrategy';

/**
 * Argo CD's application controller over the fake cluster's store (argocd-semantics.md §5.0, §5.2-§5.4). It
 * watches `Application` objects in `argocd`; per Application it keeps an `AppTracker` (sync status and health of
 * each managed resource, events stamped with `app`), runs the operation written in the object's `operation`
 * field (one `OperationRunner`, one xstate actor, per operation) and writes the status back onto the object, where
 * a parent's health Lua, the ApplicationSet controller, the page and the CLI read it.
 *
 * When it acts (§5.0): a new Application is refreshed at once; an `operation` starts at once; a change to a
 * managed object re-queues the running operation (5 s batching); a completed operation is followed by a full
 * refresh, which runs auto-sync; every app is refreshed every 120 s after a seeded jitter in [0, 60) s, fully
 * when its `reconciledAt` is unset or older than 120 s.
 */
export interface ApplicationControllerOptions {
  cluster: Cluster;
  log: EventSink;
  repository: Repository;
  healthOverrides?: HealthOverrides;
  waveDelaySeconds: number;
  seed: number;
  warnings: string[];
  problems: InputProblem[];
}

interface AppState {
  name: string;
  sink: AppEventSink;
  tracker: AppTracker;
  runner?: OperationRunner;
  /** The operation request the runner carries out, and whether it is a self-heal (partial) sync. */
  request?: Operation;
  /**
   * The source an auto-sync's operation syncs: the app's at the time it was triggered (appcontroller.go autoSync
   * writes it into `operation.sync.source`), which its retries and its history entry keep even if the app's
   * source changes meanwhile (e2e TestAutoSyncRetryAndRefreshEnabledChangedSource).
   */
  operationSource?: ApplicationSource;
  partial: boolean;
  history: RevisionHistory[];
  /** `history` as last written into the object's status (JSON), to notice a patch of it (patchedHistory.ts). */
  writtenHistory?: string;
  conditions: ApplicationCondition[];
  reconciledAtMs?: number;
  rendered?: RenderedSource;
  invalid?: string;
  /**
   * The repository server could not render the source (its path is outside the repository or not in it): the
   * ComparisonError condition's message. The app compares with no targets, its sync status is Unknown and it
   * does not auto-sync (controller/state.go `failedToLoadObjs`, appcontroller.go autoSync).
   */
  comparisonError?: string;
  dirty: boolean;
  /** A CompareWithRecent refresh is queued for this instant (handleObjectUpdated, selfHeal.ts). */
  recentQueued?: boolean;
  lastFinishedAtMs?: number;
  jitterMs: number;
  /** The object has a deletionTimestamp: each change to its resources runs another deletion pass. */
  deleting?: boolean;
  finalizeQueued?: boolean;
}

const RESYNC_MS = 120_000;

export class ApplicationController {
  private readonly apps = new Map<string, AppState>();
  private readonly jitter: Rng;

  constructor(private readonly options: ApplicationControllerOptions) {
    // Its own generator, so adding an Application never changes the cluster's pod names.
    this.jitter = new Rng((options.seed ^ 0x5eed) >>> 0);
  }

  /** Every Application's state, by name. */
  names(): string[] {
    return [...this.apps.keys()].sort();
  }

  /** Feed every watch event of the store (the runner's single watch). */
  onWatch(event: WatchEvent): void {
    const ref = refOf(event.object);
    const key = keyOf(ref);
    const trackingChanged = trackingOf(event.old) !== trackingOf(event.object);
    for (const state of this.apps.values()) {
      if (state.tracker.onWatch(event, ref, key)) {
        state.runner?.noteChange();
        this.markDirty(state);
        if (state.deleting) this.queueFinalize(state);
        else this.queueRecentRefresh(state);
      } else if (trackingChanged && state.tracker.isTarget(key)) this.markDirty(state);
    }
    const obj = event.object;
    if (obj.kind === 'Application' && obj.metadata.namespace === ARGOCD_NAMESPACE) this.onApplication(event);
  }

  /**
   * `argocd app sync NAME [--prune] [--info NAME=VALUE …] [--label KEY=VALUE …]` from the CLI or the page: the
   * operation written onto the object (initiator admin), its infos kept in `operation.info` (e2e TestSyncWithInfos),
   * its labels narrowing it to a selective sync of the resources carrying them (resourcesByLabel.ts). Returns why
   * it was not started, if it was not.
   */
  requestSync(name: string, prune = false, options: SyncRequestOptions = {}): string | undefined {
    const obj = this.object(name);
    const state = this.apps.get(name);
    if (!obj || !state) return `applications.argoproj.io "${name}" not found`;
    if (obj.operation) return 'another operation is already in progress';
    let resources: SyncOperationResource[] | undefined;
    if (options.labels && options.labels.length > 0) {
      const manifests = this.options.repository.renderSource(obj.spec?.source ?? {}).objects;
      const picked = resourcesByLabel(manifests, state.tracker.resources(), options.labels);
      if ('refused' in picked) return picked.refused;
      resources = picked.resources;
    }
    const head = this.options.repository.head;
    this.setOperation(name, syncOperation(obj, head, prune, { info: options.info, resources }));
    return undefined;
  }

  /**
   * `argocd app sync --project P …`: the Applications of those projects, in name order as the API server lists them,
   * each synced as `requestSync` does; none is refused with the CLI's words (cmd/argocd/commands/app.go).
   */
  requestProjectSync(projects: readonly string[], prune = false): string[] {
    const names = this.names().filter((name) =>
      projects.includes(this.object(name)?.spec?.project ?? 'default'),
    );
    if (names.length === 0) return [`No matching apps found for filter: projects [${projects.join(' ')}]`];
    return names.flatMap((name) => {
      const refused = this.requestSync(name, prune);
      return refused ? [`${name}: ${refused}`] : [];
    });
  }

  /**
   * `argocd app rollback NAME ID [--prune]` (rollbackOperation.ts). Returns the API server's refusal, if any.
   */
  requestRollback(name: string, id: number, prune = false): string | undefined {
    const obj = this.object(name);
    const state = this.apps.get(name);
    if (!obj || !state) return `applications.argoproj.io "${name}" not found`;
    this.adoptPatchedHistory(state, obj);
    const rollback = rollbackOperation(obj, state.history, id, prune);
    if ('refused' in rollback) return rollback.refused;
    if (obj.operation) return 'another operation is already in progress';
    this.setOperation(name, rollback.operation);
    return undefined;
  }

  /** `argocd app terminate-op NAME`. */
  terminate(name: string): void {
    this.apps.get(name)?.runner?.terminate();
  }

  /** `argocd app get NAME --refresh`: a full refresh at once. */
  refresh(name: string): void {
    const state = this.apps.get(name);
    if (state) this.reconcile(state, true);
  }

  /** Each app's resources and status as the log starts, for a run whose past is not logged (pastPhase.ts). */
  emitBaselines(): void {
    for (const state of this.apps.values()) state.tracker.emitBaseline();
  }

  /** Whether nothing is left to do: no operation runs or waits, and no refresh would start one. */
  atRest(): boolean {
    for (const state of this.apps.values()) {
      const obj = this.object(state.name);
      if (!obj) continue;
      if (obj.operation || (state.runner && !state.runner.completed)) return false;
      if (obj.metadata.deletionTimestamp && (obj.metadata.finalizers ?? []).length > 0) return false;
      if (state.tracker.health.status === 'Progressing' && !state.invalid) return false;
      const projectOk = projectsOf(this.options.cluster.store).has(obj.spec?.project ?? 'default');
      if (state.invalid && projectOk) return false;
      if (state.comparisonError) continue;
      if (!state.invalid && state.rendered?.revision !== this.options.repository.head) return false;
      if (!state.invalid && isAutomatedSyncEnabled(obj)) {
        const kind = this.autoSyncDecision(state, obj).kind;
        if (kind === 'sync' || kind === 'wait') return false;
      }
    }
    return true;
  }

  /** The app each object belongs to, from its tracking annotation, when that app is known. */
  appOf(obj: KubeObject): string | undefined {
    const id = obj.metadata.annotations?.['argocd.argoproj.io/tracking-id'];
    if (!id) return undefined;
    const app = id.slice(0, id.indexOf(':'));
    return this.apps.has(app) ? app : undefined;
  }

  private onApplication(event: WatchEvent): void {
    const obj = event.object;
    const name = obj.metadata.name ?? '';
    const clock = this.options.cluster.clock;
    if (event.type === 'DELETED') {
      this.apps.get(name)?.runner?.terminate();
      this.apps.delete(name);
      return;
    }
    let state = this.apps.get(name);
    if (state && obj.metadata.deletionTimestamp) {
      state.deleting = true;
      this.queueFinalize(state);
    }
    if (!state) {
      state = this.create(obj);
      const created = state;
      clock.schedule(clock.now(), () => this.reconcile(created, true), Priority.appRefresh);
    } else if (event.old && JSON.stringify(event.old.spec) !== JSON.stringify(obj.spec)) {
      const changed = state;
      // Turning auto-sync or self-heal on asks for a CompareWithLatest refresh, which runs auto-sync (L2929).
      const full = automatedSyncEnabled(event.old, obj);
      clock.schedule(clock.now(), () => this.reconcile(changed, full), Priority.appRefresh);
    }
    if (obj.operation && !event.old?.operation) {
      const target = state;
      clock.schedule(clock.now(), () => this.startOperation(target), Priority.appRefresh);
    }
  }

  /** One `finalizeApplicationDeletion` pass per instant (applicationDeletion.ts, §5.5). */
  private queueFinalize(state: AppState): void {
    if (state.finalizeQueued) return;
    state.finalizeQueued = true;
    const clock = this.options.cluster.clock;
    clock.schedule(
      clock.now(),
      () => {
        state.finalizeQueued = false;
        if (this.apps.get(state.name) !== state) return;
        const obj = this.object(state.name);
        if (!obj) return;
        const result = finalizeApplicationDeletion({
          store: this.options.cluster.store,
          appRef: appRef(state.name),
          app: state.name,
          namespace: obj.spec?.destination?.namespace ?? 'default',
          targets: this.options.repository.renderSource(obj.spec?.source ?? {}).objects,
          live: state.tracker.liveObjects(),
          healthOverrides: this.options.healthOverrides,
        });
        // A failed step is the DeletionError condition (processAppOperationQueueItem); the next pass retries it.
        if (typeof result === 'object') {
          state.conditions = setConditions(state.conditions, 'DeletionError', result.error, clock.now());
          this.markDirty(state);
        }
      },
      Priority.appRefresh,
    );
  }

  private create(obj: KubeObject): AppState {
    const name = obj.metadata.name ?? '';
    const sink = new AppEventSink(this.options.log, name);
    const state: AppState = {
      name,
      sink,
      tracker: undefined as unknown as AppTracker,
      partial: false,
      history: [],
      conditions: [],
      dirty: false,
      jitterMs: this.jitter.int(60_000),
    };
    state.tracker = new AppTracker({
      app: name,
      namespace: obj.spec?.destination?.namespace ?? 'default',
      store: this.options.cluster.store,
      clock: this.options.cluster.clock,
      log: sink,
      healthOverrides: this.options.healthOverrides,
      onFold: () => this.markDirty(state),
    });
    this.apps.set(name, state);
    this.schedulePeriodic(state);
    return state;
  }

  private object(name: string): KubeObject | undefined {
    return this.options.cluster.store.get(appRef(name));
  }

  private setOperation(name: string, operation: Operation): void {
    this.options.cluster.store.patch(appRef(name), (draft) => {
      draft.operation = operation;
    });
  }

  /** §5.0: the informer resyncs every 120 s from t 0; each app is refreshed after its own jitter. */
  private schedulePeriodic(state: AppState): void {
    const clock = this.options.cluster.clock;
    const now = clock.now();
    const next = (Math.floor(now / RESYNC_MS) + 1) * RESYNC_MS + state.jitterMs;
    clock.schedule(
      next,
      () => {
        if (this.apps.get(state.name) !== state) return;
        const at = clock.now();
        const expired = state.reconciledAtMs === undefined || at - state.reconciledAtMs >= RESYNC_MS;
        if (expired) this.reconcile(state, true);
        this.schedulePeriodic(state);
      },
      Priority.appRefresh,
    );
  }

  /**
   * `handleObjectUpdated` (appcontroller.go L418-491): a change to a managed object (its spec, its presence or its
   * health; a status-only write that leaves health alone is skipped by `ignoreResourceUpdates`) requests a
   * CompareWithRecent refresh at once. That refresh runs auto-sync (L2004), so self-heal starts in the same
   * instant, or after `selfHealRemainingBackoff`, instead of at the next periodic refresh. `reconciledAt` is kept
   * (L2022: only CompareWithLatest and above set it). One per instant, as the refresh queue coalesces requests.
   */
  private queueRecentRefresh(state: AppState): void {
    if (state.recentQueued || state.rendered === undefined) return;
    state.recentQueued = true;
    const clock = this.options.cluster.clock;
    clock.schedule(
      clock.now(),
      () => {
        state.recentQueued = false;
        if (this.apps.get(state.name) !== state || state.invalid) return;
        const obj = this.object(state.name);
        if (!obj || obj.operation || (state.runner && !state.runner.completed)) return;
        this.autoSync(state, true);
      },
      Priority.appRefresh,
    );
  }

  /** A refresh: the project check, the comparison with Git's current revision, and (full) auto-sync. */
  private reconcile(state: AppState, full: boolean): void {
    const obj = this.object(state.name);
    if (!obj || this.apps.get(state.name) !== state) return;
    const clock = this.options.cluster.clock;
    const project = obj.spec?.project ?? 'default';
    if (!projectsOf(this.options.cluster.store).has(project)) {
      // §5.2, case 125 (ctrl L2976): sync and health Unknown, no auto-sync, reconciledAt left unset.
      const message = `Application referencing project ${project} which does not exist`;
      if (state.invalid !== message) {
        state.invalid = message;
        state.conditions = setConditions(state.conditions, 'InvalidSpecError', message, clock.now());
        state.sink.push({ type: 'app', sync: 'Unknown', health: 'Unknown', message });
      }
      this.markDirty(state);
      return;
    }
    if (state.invalid) {
      state.invalid = undefined;
      state.conditions = setConditions(state.conditions, 'InvalidSpecError', undefined, clock.now());
    }
    if (this.compareFailed(state, obj, full)) return;
    const rendered = this.options.repository.renderSource(obj.spec?.source ?? {});
    // The first comparison also finds what is already live with the app's tracking (objects applied before the
    // Application was created, `sim run --live`): Argo CD's cluster cache holds every object, not only those
    // that changed since (controller/cache). Later ones follow the watch.
    const first = state.rendered === undefined && state.reconciledAtMs === undefined;
    state.rendered = rendered;
    state.tracker.setDesired(rendered.objects, true, first);
    state.conditions = setRepeatedResourceConditions(
      state.conditions,
      repeatedResourceMessages(rendered.objects, obj.spec?.destination?.namespace ?? 'default'),
      clock.now(),
    );
    this.syncDeleteHookFinalizers(obj, rendered.objects);
    this.checkOrphans(state, obj, project);
    if (full) state.reconciledAtMs = clock.now();
    this.markDirty(state);
    if (full) this.autoSync(state);
  }

  /**
   * A source the repository server cannot render (state.go L746-L763): no targets, the ComparisonError condition,
   * sync Unknown, health from the live resources, no auto-sync; a commit that removes the app's folder reports the
   * missing path rather than pruning everything (TestDeclarativeInvalidPath). Returns whether it failed; a source
   * that renders again clears the condition. The repo-error grace period (state.go L750, which keeps the previous
   * comparison for a few minutes on a plain refresh) is not modelled: the condition is set at once, as on the
   * forced refresh of a new or changed source.
   */
  private compareFailed(state: AppState, obj: KubeObject, full: boolean): boolean {
    const clock = this.options.cluster.clock;
    const error = this.options.repository.sourceError(obj.spec?.source ?? {});
    if (error === undefined) {
      if (state.comparisonError !== undefined) {
        state.comparisonError = undefined;
        state.conditions = setConditions(state.conditions, 'ComparisonError', undefined, clock.now());
      }
      return false;
    }
    const first = state.comparisonError !== error;
    state.comparisonError = error;
    state.conditions = setConditions(state.conditions, 'ComparisonError', error, clock.now());
    state.rendered = undefined;
    state.tracker.setDesired([], true, false);
    if (first)
      state.sink.push({ type: 'app', sync: 'Unknown', health: state.tracker.health.status, message: error });
    this.checkOrphans(state, obj, obj.spec?.project ?? 'default');
    if (full) state.reconciledAtMs = clock.now();
    this.markDirty(state);
    return true;
  }

  /**
   * An Application whose manifests hold PreDelete or PostDelete hooks carries their finalizers, and loses them when
   * the hooks leave Git, while it is not being deleted (processAppRefreshQueueItem, "process_finalizers").
   */
  private syncDeleteHookFinalizers(obj: KubeObject, targets: readonly KubeObject[]): void {
    if (obj.metadata.deletionTimestamp) return;
    const current = obj.metadata.finalizers ?? [];
    const next = withDeleteHookFinalizers(current, targets);
    if (next === current) return;
    this.options.cluster.store.patch(refOf(obj), (draft) => {
      if (next.length > 0) draft.metadata.finalizers = [...next];
      else delete draft.metadata.finalizers;
    });
  }

  /** The project's orphaned-resources monitoring (orphanedResources.ts): the condition set, changed or cleared. */
  private checkOrphans(state: AppState, obj: KubeObject, project: string): void {
    const { store, clock } = this.options.cluster;
    const message = orphanedResourcesMessage({
      store,
      project: store.get({
        group: 'argoproj.io',
        kind: 'AppProject',
        namespace: ARGOCD_NAMESPACE,
        name: project,
      }),
      namespace: obj.spec?.destination?.namespace ?? 'default',
      managed: state.tracker.resources(),
      appExists: (name) => this.apps.has(name),
    });
    state.conditions = setConditions(state.conditions, 'OrphanedResourceWarning', message, clock.now());
  }

  /**
   * `recent`: a CompareWithRecent refresh (a managed object changed) compares with the revision the app last
   * compared with (`status.sync.revision`, appcontroller.go L1971), not with Git's latest.
   */
  private autoSyncDecision(state: AppState, obj: KubeObject, recent = false) {
    const head = this.options.repository.head;
    const revision = recent ? (state.rendered?.revision ?? head) : head;
    return decideAutoSync({
      app: obj,
      syncStatus: state.rendered?.revision === revision ? state.tracker.sync : 'OutOfSync',
      resources: state.tracker.resources(),
      revision,
      nowMs: this.options.cluster.clock.now(),
      lastFinishedAtMs: state.lastFinishedAtMs,
    });
  }

  private autoSync(state: AppState, recent = false): void {
    const obj = this.object(state.name);
    // appcontroller.go autoSync: "Skipping auto-sync: application status is Unknown".
    if (!obj || state.invalid || state.comparisonError || (state.runner && !state.runner.completed)) return;
    const decision = this.autoSyncDecision(state, obj, recent);
    const clock = this.options.cluster.clock;
    if (decision.kind === 'condition') {
      state.conditions = setConditions(state.conditions, 'SyncError', decision.message, clock.now());
      this.markDirty(state);
      return;
    }
    const cleared = setConditions(state.conditions, 'SyncError', undefined, clock.now());
    if (cleared !== state.conditions) {
      state.conditions = cleared;
      this.markDirty(state);
    }
    if (decision.kind === 'wait') {
      clock.schedule(
        clock.now() + decision.retryAfterMs,
        () => this.reconcile(state, true),
        Priority.appRefresh,
      );
    } else if (decision.kind === 'sync') {
      this.setOperation(state.name, decision.operation);
    }
  }

  /** §5.0: an `operation` written onto the Application starts at once. */
  private startOperation(state: AppState): void {
    const obj = this.object(state.name);
    if (!obj?.operation || (state.runner && !state.runner.completed)) return;
    const request: Operation = clone(obj.operation);
    // A rollback's operation names its own source and revision (the history entry's); other syncs take the
    // Application's source at Git's latest revision.
    const source: ApplicationSource = request.sync?.source ?? obj.spec?.source ?? {};
    // An auto-sync names the revision its refresh compared with (appcontroller.go autoSync: `Revision:
    // syncStatus.Revision`): a self-heal started by a CompareWithRecent refresh syncs the recent revision, even
    // when a newer commit has not been compared yet.
    const pinned = request.sync?.source || request.initiatedBy?.automated === true;
    const rendered = this.options.repository.renderSource(
      source,
      pinned ? request.sync?.revision : undefined,
    );
    if (state.rendered?.revision !== rendered.revision) {
      // A sync compares with Git's latest revision first (`argocd app sync` refreshes the app).
      state.rendered = rendered;
      state.tracker.setDesired(rendered.objects, true, false);
    }
    // A selective sync (self-heal's list of what is not Synced, §5.4): the engine syncs only those, no hooks.
    const selected: SyncOperationResource[] | undefined =
      Array.isArray(request.sync?.resources) && request.sync.resources.length > 0
        ? request.sync.resources
        : undefined;
    const partial = selected !== undefined;
    const destination = obj.spec?.destination?.namespace ?? 'default';
    const initiatedBy: OperationInitiator = request.initiatedBy ?? {};
    state.sink.push({
      type: 'app-operation',
      app: state.name,
      initiator: initiatedBy.username ?? '',
      automated: initiatedBy.automated === true,
    });
    const syncOptions: string[] = request.sync?.syncOptions ?? obj.spec?.syncPolicy?.syncOptions ?? [];
    const runner = new OperationRunner(
      {
        app: state.name,
        namespace: destination,
        cluster: this.options.cluster,
        log: state.sink,
        tracker: state.tracker,
        healthOverrides: this.options.healthOverrides,
        warnings: this.options.warnings,
        problems: this.options.problems,
        precheck: () => this.projectError(state.name) ?? this.comparisonErrorOf(state.name),
        failCheck: () => this.sharedResourceFailure(state, syncOptions),
        latest: () => {
          // appcontroller.go L1626-L1631: the retry clears the operation's revision, so SyncAppState resolves the
          // source's target revision again: Git's latest, from the operation's source (or the app's, if it names
          // none and the sync was not automated).
          if (request.sync) delete request.sync.revision;
          const current = this.object(state.name)?.spec?.source ?? {};
          const latest = this.options.repository.renderSource(
            request.sync?.source ?? state.operationSource ?? current,
          );
          return { desired: latest.objects, positions: latest.positions, revision: latest.revision };
        },
        onUpdate: (record) => {
          this.markDirty(state);
          if (record.completed && state.runner === runner) this.completed(state);
        },
      },
      {
        desired: rendered.objects,
        positions: rendered.positions,
        ...(selected ? { resources: selected } : {}),
        revision: rendered.revision,
        prune: request.sync?.prune === true,
        syncOptions,
        retry: retryStrategyOf(request.retry),
        waveDelaySeconds: this.options.waveDelaySeconds,
      },
    );
    state.runner = runner;
    state.request = request;
    state.operationSource = initiatedBy.automated === true ? clone(source) : undefined;
    state.partial = partial;
    runner.start();
    runner.begin();
    this.markDirty(state);
  }

  /**
   * `getAppProj` failing in `processRequestedAppOperation` (ctrl test `TestProcessRequestedAppOperation_FailedNoRetries`):
   * an attempt of an app whose AppProject does not exist ends `Error` with the lister's message.
   */
  private projectError(name: string): string | undefined {
    const project = this.object(name)?.spec?.project ?? 'default';
    if (projectsOf(this.options.cluster.store).has(project)) return undefined;
    return `Failed to load application project: error getting app project "${project}": appproject.argoproj.io "${project}" not found`;
  }

  /**
   * A sync compares first, and a comparison that could not load its targets stops it (controller/sync.go L231-L238:
   * phase Error, the conditions as argo.FormatAppConditions writes them, `Type: message`).
   */
  private comparisonErrorOf(name: string): string | undefined {
    const error = this.options.repository.sourceError(this.object(name)?.spec?.source ?? {});
    return error === undefined ? undefined : `ComparisonError: ${error}`;
  }

  /** §5.0, §5.4: history for a Succeeded full sync, the operation field cleared, then a full refresh. */
  private completed(state: AppState): void {
    const clock = this.options.cluster.clock;
    const record = state.runner!.record;
    state.lastFinishedAtMs = clock.now();
    if (record.phase === 'Succeeded' && !state.partial) {
      const obj = this.object(state.name);
      this.adoptPatchedHistory(state, obj);
      state.history = withHistoryEntry(
        state.history,
        {
          id: (state.history.at(-1)?.id ?? -1) + 1,
          revision: record.revision,
          deployStartedAt: toTimestamp(record.startedAtMs),
          deployedAt: toTimestamp(clock.now()),
          // The source the operation synced: a rollback's own (controller/state.go persistRevisionHistory).
          source: clone(state.request?.sync?.source ?? state.operationSource ?? obj?.spec?.source ?? {}),
          initiatedBy: clone(state.request?.initiatedBy ?? {}),
        },
        obj,
      );
    }
    clock.schedule(
      clock.now(),
      () => {
        if (this.object(state.name)?.operation)
          this.options.cluster.store.patch(appRef(state.name), (draft) => {
            delete draft.operation;
          });
        this.reconcile(state, true);
      },
      Priority.appRefresh,
    );
  }

  /**
   * controller/sync.go L224-L229: with `FailOnSharedResource=true`, an attempt fails while one of the app's
   * resources is another app's, with the first SharedResourceWarning's message (compared afresh, as SyncAppState
   * compares before it checks).
   */
  private sharedResourceFailure(state: AppState, syncOptions: readonly string[]): string | undefined {
    if (!syncOptions.includes(syncOptionFailOnSharedResource)) return undefined;
    const [first] = sharedResourceMessages(
      { name: state.name, namespace: ARGOCD_NAMESPACE },
      state.tracker.targetsLiveOfOthers(),
    );
    return first === undefined ? undefined : `Shared resource found: ${first}`;
  }

  /** Write the app's status back to its object once per instant, however many things changed in it. */
  private markDirty(state: AppState): void {
    if (state.dirty) return;
    state.dirty = true;
    const clock = this.options.cluster.clock;
    clock.schedule(clock.now(), () => this.writeStatus(state), Priority.appRefresh);
  }

  /** A patch of the object's status.history is the history from then on, as in Argo CD (patchedHistory.ts). */
  private adoptPatchedHistory(state: AppState, obj: KubeObject | undefined): void {
    const patched = historyPatchedOnObject(obj, state.writtenHistory);
    if (patched) state.history = patched;
  }

  private writeStatus(state: AppState): void {
    state.dirty = false;
    const obj = this.object(state.name);
    if (!obj || this.apps.get(state.name) !== state) return;
    this.adoptPatchedHistory(state, obj);
    state.writtenHistory = JSON.stringify(state.history);
    const invalid = state.invalid !== undefined;
    // state.go L855-L864: each comparison warns of the app's resources another app's tracking annotation names.
    state.conditions = setSharedResourceConditions(
      state.conditions,
      invalid
        ? []
        : sharedResourceMessages(
            { name: state.name, namespace: ARGOCD_NAMESPACE },
            state.tracker.targetsLiveOfOthers(),
          ),
      this.options.cluster.clock.now(),
    );
    // state.go L1070, L1093: nothing can be said of the sync status of an app or its resources without targets.
    const unknown = state.comparisonError !== undefined;
    const status = applicationStatus({
      sync: invalid || unknown ? 'Unknown' : state.tracker.sync,
      health: invalid ? { status: 'Unknown', message: '' } : state.tracker.health,
      revision: state.rendered?.revision ?? this.options.repository.head,
      source: obj.spec?.source ?? {},
      destination: obj.spec?.destination ?? {},
      reconciledAtMs: state.reconciledAtMs,
      operation:
        state.runner && state.request
          ? { request: state.request, record: state.runner.record, partial: state.partial }
          : undefined,
      history: state.history,
      resources: invalid
        ? []
        : unknown
          ? state.tracker.sortedResources().map((row) => ({ ...row, status: 'Unknown' as const }))
          : state.tracker.sortedResources(),
      conditions: state.conditions,
    });
    this.options.cluster.store.setStatus(appRef(state.name), status);
  }
}

function trackingOf(obj: KubeObject | undefined): string | undefined {
  return obj?.metadata.annotations?.[TRACKING_ANNOTATION];
}

function appRef(name: string) {
  return { group: 'argoproj.io', kind: 'Application', namespace: ARGOCD_NAMESPACE, name };
}
