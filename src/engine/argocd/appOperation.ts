import type { ApplicationSource, Operation, OperationInitiator } from './applicationTypes';
import { withHistoryEntry } from './revisionHistory';
import { sharedResourceMessages } from './sharedResources';
import { syncOptionFailOnSharedResource } from '../annotations';
import { toTimestamp } from '../clock';
import { clone } from '../util/clone';
import type { SyncOperationResource } from './autoSync';
import { ARGOCD_NAMESPACE, Priority } from './controlPlanePorts';
import { OperationRunner } from './operationRunner';
import { projectsOf } from './projects';
import { retryStrategyOf } from './retryStrategy';
import { isDeletionConfirmed } from './deletionConfirmation';
import { invalidSpecMessages } from './invalidSpecMessages';
import { syncPermissionCheck } from './syncPermissions';
import { namespaceModifierOf } from './managedNamespaceMetadata';
import { appRef, type AppContext, type AppState } from './appState';
import { adoptPatchedHistory, markDirty } from './appStatusWriter';
import { destinationOf } from './appDestination';
import { activeWindowsOf, operationHold } from './appWindows';

/**
 * An Application's operation as the application controller runs it (appcontroller.go
 * `processRequestedAppOperation`, controller/sync.go `SyncAppState`; argocd-semantics.md §5.0, §5.4): started from
 * the object's `operation` field, carried out by one `OperationRunner`, and completed with the history entry, the
 * field cleared and a full refresh.
 */

/** §5.0: an `operation` written onto the Application starts at once. */
export function startOperation(ctx: AppContext, state: AppState): void {
  const obj = ctx.object(state.name);
  if (!obj?.operation || (state.runner && !state.runner.completed)) return;
  const { options } = ctx;
  const request: Operation = clone(obj.operation);
  // A rollback's operation names its own source and revision (the history entry's); other syncs take the
  // Application's source at Git's latest revision.
  const source: ApplicationSource = request.sync?.source ?? obj.spec?.source ?? {};
  // An auto-sync names the revision its refresh compared with (appcontroller.go autoSync: `Revision:
  // syncStatus.Revision`): a self-heal started by a CompareWithRecent refresh syncs the recent revision, even
  // when a newer commit has not been compared yet.
  const pinned = request.sync?.source || request.initiatedBy?.automated === true;
  const rendered = options.repository.renderSource(source, pinned ? request.sync?.revision : undefined);
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
  // controller/sync.go L386 WithOperationSettings: the operation's dry run and force, and hooks skipped for an
  // apply strategy (a rollback's, or `argocd app sync --strategy apply`) as for a selective sync.
  const strategy = request.sync?.syncStrategy;
  const applyStrategy = strategy?.apply !== undefined;
  const force = (applyStrategy ? strategy?.apply?.force : strategy?.hook?.force) === true;
  const dryRun = request.sync?.dryRun === true;
  const destination = obj.spec?.destination?.namespace ?? 'default';
  const initiatedBy: OperationInitiator = request.initiatedBy ?? {};
  state.sink.push({
    type: 'app-operation',
    app: state.name,
    initiator: initiatedBy.username ?? '',
    automated: initiatedBy.automated === true,
  });
  const syncOptions: string[] = request.sync?.syncOptions ?? obj.spec?.syncPolicy?.syncOptions ?? [];
  const startedAtMs = options.cluster.clock.now();
  // controller/sync.go syncWindowPreventsSync: manual = not initiated by automation (RollingSync's are automated).
  // The run says once, when the hold begins, which windows hold the operation (a `sync-window` event).
  let holding = false;
  const hold = () => {
    const current = ctx.object(state.name);
    const now = options.cluster.clock.now();
    const held = current
      ? operationHold(options.cluster.store, current, now, initiatedBy.automated === true, startedAtMs)
      : undefined;
    if (held !== undefined && !holding)
      state.sink.push({
        type: 'sync-window',
        app: state.name,
        automated: initiatedBy.automated === true,
        message: held,
        ...activeWindowsOf(options.cluster.store, current!, now),
      });
    holding = held !== undefined;
    return held;
  };
  const runner = new OperationRunner(
    {
      app: state.name,
      namespace: destination,
      cluster: state.cluster,
      log: state.sink,
      tracker: state.tracker,
      healthOverrides: options.healthOverrides,
      warnings: options.warnings,
      problems: options.problems,
      // SyncAppState checks the sync windows before it compares (controller/sync.go L191 before L206).
      precheck: () =>
        projectError(ctx, state.name) ??
        (hold() === undefined
          ? (destinationErrorOf(ctx, state.name) ??
            comparisonErrorOf(ctx, state.name) ??
            invalidSpecErrorOf(ctx, state.name))
          : undefined),
      hold,
      namespaceModifier: () => namespaceModifierOf(ctx.object(state.name)),
      checkPermission: syncPermissionCheck(options.cluster.store, () => ctx.object(state.name)),
      failCheck: () => sharedResourceFailure(state, syncOptions),
      isDeletionConfirmed: (since) => isDeletionConfirmed(ctx.object(state.name), since),
      latest: () => {
        // appcontroller.go L1626-L1631: the retry clears the operation's revision, so SyncAppState resolves the
        // source's target revision again: Git's latest, from the operation's source (or the app's, if it names
        // none and the sync was not automated).
        if (request.sync) delete request.sync.revision;
        const current = ctx.object(state.name)?.spec?.source ?? {};
        const latest = options.repository.renderSource(
          request.sync?.source ?? state.operationSource ?? current,
        );
        return { desired: latest.objects, positions: latest.positions, revision: latest.revision };
      },
      onUpdate: (record) => {
        markDirty(ctx, state);
        if (record.completed && state.runner === runner) completed(ctx, state);
      },
    },
    {
      desired: rendered.objects,
      positions: rendered.positions,
      ...(selected ? { resources: selected } : {}),
      revision: rendered.revision,
      prune: request.sync?.prune === true,
      ...(dryRun ? { dryRun } : {}),
      ...(force ? { force } : {}),
      ...(applyStrategy ? { skipHooks: true } : {}),
      syncOptions,
      retry: retryStrategyOf(request.retry),
      waveDelaySeconds: options.waveDelaySeconds,
      syncTimeoutMs: (options.syncTimeoutSeconds ?? 0) * 1000,
    },
  );
  state.runner = runner;
  state.request = request;
  state.operationSource = initiatedBy.automated === true ? clone(source) : undefined;
  state.partial = partial;
  runner.start();
  runner.begin();
  markDirty(ctx, state);
}

/**
 * `getAppProj` failing in `processRequestedAppOperation` (ctrl test `TestProcessRequestedAppOperation_FailedNoRetries`):
 * an attempt of an app whose AppProject does not exist ends `Error` with the lister's message.
 */
function projectError(ctx: AppContext, name: string): string | undefined {
  const project = ctx.object(name)?.spec?.project ?? 'default';
  if (projectsOf(ctx.options.cluster.store).has(project)) return undefined;
  return `Failed to load application project: error getting app project "${project}": appproject.argoproj.io "${project}" not found`;
}

/**
 * A destination that names no known cluster is the InvalidSpecError condition, which stops the sync as a
 * comparison error does (controller/sync.go L231-L238, `InvalidSpecError: message`).
 */
function destinationErrorOf(ctx: AppContext, name: string): string | undefined {
  const obj = ctx.object(name);
  if (!obj) return undefined;
  const resolved = destinationOf(ctx.options, obj);
  return resolved.ok ? undefined : `InvalidSpecError: ${resolved.error}`;
}

/**
 * A sync compares first, and a comparison that could not load its targets stops it (controller/sync.go L231-L238:
 * phase Error, the conditions as argo.FormatAppConditions writes them, `Type: message`).
 */
function comparisonErrorOf(ctx: AppContext, name: string): string | undefined {
  const error = ctx.options.repository.sourceError(ctx.object(name)?.spec?.source ?? {});
  return error === undefined ? undefined : `ComparisonError: ${error}`;
}

/**
 * sync.go L231-L238 for the InvalidSpecError conditions of the project's rules (invalidSpecMessages.ts): the
 * attempt ends `Error` with them as `argo.FormatAppConditions` joins them.
 */
function invalidSpecErrorOf(ctx: AppContext, name: string): string | undefined {
  const obj = ctx.object(name);
  if (!obj) return undefined;
  const messages = invalidSpecMessages(ctx.options.cluster.store, obj);
  return messages.length === 0 ? undefined : messages.map((m) => `InvalidSpecError: ${m}`).join(';');
}

/**
 * controller/sync.go L224-L229: with `FailOnSharedResource=true`, an attempt fails while one of the app's
 * resources is another app's, with the first SharedResourceWarning's message (compared afresh, as SyncAppState
 * compares before it checks).
 */
function sharedResourceFailure(state: AppState, syncOptions: readonly string[]): string | undefined {
  if (!syncOptions.includes(syncOptionFailOnSharedResource)) return undefined;
  const [first] = sharedResourceMessages(
    { name: state.name, namespace: ARGOCD_NAMESPACE },
    state.tracker.targetsLiveOfOthers(),
  );
  return first === undefined ? undefined : `Shared resource found: ${first}`;
}

/**
 * §5.0, §5.4: history for a Succeeded full sync (not a selective one, nor a dry run: controller/sync.go L483), the
 * operation field cleared, then a full refresh.
 */
function completed(ctx: AppContext, state: AppState): void {
  const clock = ctx.options.cluster.clock;
  const record = state.runner!.record;
  state.lastFinishedAtMs = clock.now();
  if (record.phase === 'Succeeded' && !state.partial && state.request?.sync?.dryRun !== true) {
    const obj = ctx.object(state.name);
    adoptPatchedHistory(state, obj);
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
      if (ctx.object(state.name)?.operation)
        ctx.options.cluster.store.setField(appRef(state.name), 'operation', undefined);
      ctx.reconcile(state, true);
    },
    Priority.appRefresh,
  );
}
