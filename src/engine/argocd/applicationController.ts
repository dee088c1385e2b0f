import type { Operation } from './applicationTypes';
import { resourcesByLabel } from './resourcesByLabel';
import { filterAppResources, resourceWords } from './selectedResources';
import { rollbackOperation } from './rollbackOperation';
import { setConditions } from './setConditions';
import { annotationDeletionApproved } from '../annotations';
import { syncOperation, type SyncRequestOptions } from './syncOperation';
import type { WatchEvent } from '../cluster/store';
import { keyOf, refOf } from '../cluster/gvk';
import type { KubeObject } from '../types';
import { AppTracker } from './appTracker';
import { TRACKING_ANNOTATION } from './tracking';
import { AppEventSink } from '../eventLog';
import { Rng } from '../random';
import { finalizeApplicationDeletion } from './applicationDeletion';
import { automatedSyncEnabled } from './automatedSyncEnabled';
import { comparedSpecDiffers } from './comparedSpecDiffers';
import { isAutomatedSyncEnabled, type SyncOperationResource } from './autoSync';
import { ARGOCD_NAMESPACE, Priority } from './controlPlanePorts';
import { invalidSpecMessages } from './invalidSpecMessages';
import { appRef, type AppContext, type AppState, type ApplicationControllerOptions } from './appState';
import { adoptPatchedHistory, markDirty } from './appStatusWriter';
import { autoSyncDecision, queueRecentRefresh } from './appAutoSync';
import { startOperation } from './appOperation';
import type { Cluster } from '../cluster/cluster';
import { destinationOf, initialClusterOf } from './appDestination';
import { activeWindowsOf, manualSyncRefusal } from './appWindows';
import { ManifestGeneration } from './manifestGeneration';
import { refreshApp, schedulePeriodicRefresh } from './appRefresh';

export type { ApplicationControllerOptions } from './appState';

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
 *
 * Its parts, one file each: the comparison (appComparison.ts), auto-sync and self-heal (appAutoSync.ts, deciding
 * with autoSync.ts), the operation (appOperation.ts), the status writer (appStatusWriter.ts) and the refresh,
 * periodic or waiting for the repo server's manifests (appRefresh.ts). This file routes watch events and requests
 * to them.
 */
export class ApplicationController {
  private readonly apps = new Map<string, AppState>();
  /** Each Application's store key, made once per name (`object` is read at every task of every tick). */
  private readonly appKeys = new Map<string, string>();
  private readonly jitter: Rng;
  /** What the controller's parts share (appState.ts). */
  private readonly ctx: AppContext;
  /** The repo server's manifest generation and its cache (manifestGeneration.ts). */
  private readonly generation: ManifestGeneration;

  constructor(private readonly options: ApplicationControllerOptions) {
    this.generation = new ManifestGeneration(options.manifestGenerationSeconds ?? 0);
    // Its own generator, so adding an Application never changes the cluster's pod names.
    this.jitter = new Rng((options.seed ^ 0x5eed) >>> 0);
    this.ctx = {
      options,
      object: (name) => this.object(name),
      isCurrent: (state) => this.apps.get(state.name) === state,
      has: (name) => this.apps.has(name),
      setOperation: (name, operation) => this.setOperation(name, operation),
      reconcile: (state, full) => this.reconcile(state, full),
      rebind: (state, cluster) => this.rebind(state, cluster),
    };
  }

  /** Every Application's state, by name. */
  names(): string[] {
    return [...this.apps.keys()].sort();
  }

  /**
   * Feed every watch event of the store (the runner's single watch), and of every other cluster's store with
   * `from` that cluster (§5.13): an app follows only the objects of its destination's cluster.
   */
  onWatch(event: WatchEvent, from: Cluster = this.options.cluster): void {
    const ref = refOf(event.object);
    const key = keyOf(ref);
    const trackingChanged = trackingOf(event.old) !== trackingOf(event.object);
    for (const state of this.apps.values()) {
      if (state.cluster !== from) continue;
      if (state.tracker.onWatch(event, ref, key)) {
        state.runner?.noteChange();
        markDirty(this.ctx, state);
        if (state.deleting) this.queueFinalize(state);
        else queueRecentRefresh(this.ctx, state);
      } else if (trackingChanged && state.tracker.isTarget(key)) markDirty(this.ctx, state);
    }
    const obj = event.object;
    if (from !== this.options.cluster) return;
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
    // server/application/application.go L2091-L2097: the windows are checked before anything else of the request.
    const blocked = manualSyncRefusal(this.options.cluster.store, obj, this.options.cluster.clock.now());
    if (blocked) {
      const now = this.options.cluster.clock.now();
      const active = activeWindowsOf(this.options.cluster.store, obj, now);
      state.sink.push({ type: 'sync-window', app: name, automated: false, message: blocked, ...active });
      return blocked;
    }
    // server/application/application.go Sync (L2111): an Application being deleted takes no sync.
    if (obj.metadata.deletionTimestamp) return 'application is deleting';
    if (obj.operation) return 'another operation is already in progress';
    let resources: SyncOperationResource[] | undefined;
    const selected = [...(options.resources ?? [])];
    if (options.labels && options.labels.length > 0) {
      const manifests = this.options.repository.renderSource(obj.spec?.source ?? {}).objects;
      const picked = resourcesByLabel(manifests, state.tracker.resources(), options.labels);
      if ('refused' in picked) return picked.refused;
      if (selected.length === 0) resources = picked.resources;
      else
        selected.push(
          ...picked.resources.map((r) => ({
            group: r.group ?? '',
            kind: r.kind,
            name: r.name,
            namespace: '',
            exclude: false,
          })),
        );
    }
    if (options.resources && options.resources.length > 0) {
      // cmd/argocd/commands/app.go filterAppResources: the app's resources the selection includes, or the CLI's refusal.
      resources = filterAppResources(state.tracker.resources(), selected);
      if (resources.length === 0)
        return `No matching app resources found for resource filter: ${selected.map(resourceWords).join(', ')}`;
    }
    const head = this.options.repository.head;
    const { labels: _labels, resources: _resources, ...rest } = options;
    this.setOperation(name, syncOperation(obj, head, prune, { ...rest, resources }));
    return undefined;
  }

  /**
   * `argocd app sync --project P …`: the Applications of those projects, in name order as the API server lists them,
   * each synced as `requestSync` does; none is refused with the CLI's words (cmd/argocd/commands/app.go).
   */
  requestProjectSync(projects: readonly string[], prune = false, options: SyncRequestOptions = {}): string[] {
    const names = this.names().filter((name) =>
      projects.includes(this.object(name)?.spec?.project ?? 'default'),
    );
    if (names.length === 0) return [`No matching apps found for filter: projects [${projects.join(' ')}]`];
    return names.flatMap((name) => {
      const refused = this.requestSync(name, prune, options);
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
    adoptPatchedHistory(state, obj);
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
      if (state.generating) return false;
      if (obj.metadata.deletionTimestamp && (obj.metadata.finalizers ?? []).length > 0) return false;
      if (state.tracker.health.status === 'Progressing' && !state.invalid) return false;
      // An InvalidSpecError that the next refresh would clear (the project was created or changed, the cluster
      // registered) is work to do.
      if (
        state.invalid &&
        invalidSpecMessages(this.options.cluster.store, obj).length === 0 &&
        destinationOf(this.options, obj).ok
      )
        return false;
      if (state.comparisonError) continue;
      if (!state.invalid && state.rendered?.revision !== this.options.repository.head) return false;
      if (!state.invalid && isAutomatedSyncEnabled(obj)) {
        const kind = autoSyncDecision(this.ctx, state, obj).kind;
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
      const gone = this.apps.get(name);
      gone?.runner?.terminate();
      gone?.sink.push({ type: 'app-deletion', app: name, phase: 'Deleted', message: '' });
      this.apps.delete(name);
      return;
    }
    let state = this.apps.get(name);
    if (state && obj.metadata.deletionTimestamp) {
      if (!state.deleting)
        state.sink.push({ type: 'app-deletion', app: name, phase: 'Deleting', message: '' });
      state.deleting = true;
      this.queueFinalize(state);
    }
    if (!state) {
      state = this.create(obj);
      const created = state;
      clock.schedule(clock.now(), () => this.reconcile(created, true), Priority.appRefresh);
    } else if (
      event.old &&
      // A status write shares the spec object (ObjectStore.setStatus): the same object, the same spec, without
      // printing it twice at each of a big sync's hundreds of status writes.
      event.old.spec !== obj.spec &&
      JSON.stringify(event.old.spec) !== JSON.stringify(obj.spec)
    ) {
      const changed = state;
      // Turning auto-sync or self-heal on asks for a CompareWithLatest refresh, which runs auto-sync (L2929); a
      // source or destination that differs from the last comparison is a full refresh too (needRefreshAppStatus).
      const full = automatedSyncEnabled(event.old, obj) || comparedSpecDiffers(obj) !== undefined;
      clock.schedule(clock.now(), () => this.reconcile(changed, full), Priority.appRefresh);
    }
    // `argocd app confirm-deletion` changes only an annotation: the running operation looks again (sync.go L407).
    if (event.old && deletionApproval(event.old) !== deletionApproval(obj)) state.runner?.noteChange();
    if (obj.operation && !event.old?.operation) {
      const target = state;
      clock.schedule(clock.now(), () => startOperation(this.ctx, target), Priority.appRefresh);
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
          store: state.cluster.store,
          appStore: this.options.cluster.store,
          appRef: appRef(state.name),
          app: state.name,
          namespace: obj.spec?.destination?.namespace ?? 'default',
          targets: this.options.repository.renderSource(obj.spec?.source ?? {}).objects,
          live: state.tracker.liveObjects(),
          healthOverrides: this.options.healthOverrides,
        });
        // A failed step is the DeletionError condition (processAppOperationQueueItem); the next pass retries it.
        if (typeof result === 'object') {
          if (state.deletionError !== result.error)
            state.sink.push({
              type: 'app-deletion',
              app: state.name,
              phase: 'Deleting',
              message: result.error,
            });
          state.deletionError = result.error;
          state.conditions = setConditions(state.conditions, 'DeletionError', result.error, clock.now());
          markDirty(this.ctx, state);
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
      cluster: initialClusterOf(this.options, obj),
      tracker: undefined as unknown as AppTracker,
      partial: false,
      history: [],
      conditions: [],
      liveScanned: false,
      dirty: false,
      jitterMs: this.jitter.int(60_000),
    };
    state.tracker = this.trackerFor(state, obj);
    this.apps.set(name, state);
    schedulePeriodicRefresh(this.ctx, state);
    return state;
  }

  /** The tracker of `state`'s resources, in its destination's cluster. */
  private trackerFor(state: AppState, obj: KubeObject): AppTracker {
    return new AppTracker({
      app: state.name,
      namespace: obj.spec?.destination?.namespace ?? 'default',
      store: state.cluster.store,
      clock: this.options.cluster.clock,
      log: state.sink,
      healthOverrides: this.options.healthOverrides,
      onFold: () => markDirty(this.ctx, state),
    });
  }

  /**
   * The app's destination now resolves to another cluster: what it tracked there is not its any more, and a fresh
   * tracker looks through the new cluster for what carries its tracking (as Argo CD's cache of that cluster holds).
   */
  private rebind(state: AppState, cluster: Cluster): void {
    const obj = this.object(state.name);
    if (!obj) return;
    state.cluster = cluster;
    state.tracker = this.trackerFor(state, obj);
    state.liveScanned = false;
    state.rendered = undefined;
  }

  private object(name: string): KubeObject | undefined {
    let key = this.appKeys.get(name);
    if (key === undefined) this.appKeys.set(name, (key = keyOf(appRef(name))));
    return this.options.cluster.store.getByKey(key);
  }

  private setOperation(name: string, operation: Operation): void {
    this.options.cluster.store.setField(appRef(name), 'operation', operation);
  }

  /** A refresh, which may first wait for the repo server's manifests (appRefresh.ts). */
  private reconcile(state: AppState, full: boolean): void {
    refreshApp(this.ctx, this.generation, state, full);
  }
}

function trackingOf(obj: KubeObject | undefined): string | undefined {
  return obj?.metadata.annotations?.[TRACKING_ANNOTATION];
}

/** The deletion-approval annotation (`argocd app confirm-deletion`), read at every write of an Application. */
function deletionApproval(o: KubeObject): string | undefined {
  return o.metadata.annotations?.[annotationDeletionApproved];
}
