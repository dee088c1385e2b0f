import type { KubeObject } from '../types';
import { setConditions } from './setConditions';
import { decideAutoSync } from './autoSync';
import { Priority } from './controlPlanePorts';
import type { AppContext, AppState } from './appState';
import { markDirty } from './appStatusWriter';
import { activeWindowsOf, autoSyncAllowed } from './appWindows';
import { isAutomatedSyncEnabled } from './autoSync';

/**
 * Where the application controller decides auto-sync and self-heal (appcontroller.go `autoSync`,
 * `handleObjectUpdated`; argocd-semantics.md §5.4) and carries the decision out: the decision itself is the pure
 * `decideAutoSync` (autoSync.ts); here it becomes an operation written onto the Application, the SyncError
 * condition, or a refresh after the self-heal back-off.
 */

/**
 * `recent`: a CompareWithRecent refresh (a managed object changed) compares with the revision the app last
 * compared with (`status.sync.revision`, appcontroller.go L1971), not with Git's latest.
 */
export function autoSyncDecision(ctx: AppContext, state: AppState, obj: KubeObject, recent = false) {
  const head = ctx.options.repository.head;
  const revision = recent ? (state.rendered?.revision ?? head) : head;
  return decideAutoSync({
    app: obj,
    syncStatus: state.rendered?.revision === revision ? state.tracker.sync : 'OutOfSync',
    resources: state.tracker.resources(),
    revision,
    nowMs: ctx.options.cluster.clock.now(),
    lastFinishedAtMs: state.lastFinishedAtMs,
  });
}

/** A refresh's auto-sync: nothing, the SyncError condition, a refresh after the back-off, or a sync. */
export function autoSync(ctx: AppContext, state: AppState, recent = false): void {
  const obj = ctx.object(state.name);
  // appcontroller.go autoSync: "Skipping auto-sync: application status is Unknown".
  if (!obj || state.invalid || state.comparisonError || (state.runner && !state.runner.completed)) return;
  const clock = ctx.options.cluster.clock;
  // appcontroller.go L2002-L2019: a sync window that forbids an automated sync skips autoSync altogether, with a log
  // line and no condition (SyncError is neither set nor cleared). Nothing wakes the app when the window closes: the
  // next refresh that finds it allowed syncs. Argo CD logs it at every refresh of the app; the run says so only
  // where it prevents something: a refresh whose auto-sync would have started a sync.
  if (!autoSyncAllowed(ctx.options.cluster.store, obj, clock.now())) {
    if (isAutomatedSyncEnabled(obj) && autoSyncDecision(ctx, state, obj, recent).kind === 'sync')
      state.sink.push({
        type: 'sync-window',
        app: state.name,
        automated: true,
        message: 'Sync prevented by sync window',
        ...activeWindowsOf(ctx.options.cluster.store, obj, clock.now()),
      });
    return;
  }
  const decision = autoSyncDecision(ctx, state, obj, recent);
  if (decision.kind === 'condition') {
    state.conditions = setConditions(state.conditions, 'SyncError', decision.message, clock.now());
    markDirty(ctx, state);
    return;
  }
  const cleared = setConditions(state.conditions, 'SyncError', undefined, clock.now());
  if (cleared !== state.conditions) {
    state.conditions = cleared;
    markDirty(ctx, state);
  }
  if (decision.kind === 'wait') {
    clock.schedule(
      clock.now() + decision.retryAfterMs,
      () => ctx.reconcile(state, true),
      Priority.appRefresh,
    );
  } else if (decision.kind === 'sync') {
    ctx.setOperation(state.name, decision.operation);
  }
}

/**
 * `handleObjectUpdated` (appcontroller.go L418-491): a change to a managed object (its spec, its presence or its
 * health; a status-only write that leaves health alone is skipped by `ignoreResourceUpdates`) requests a
 * CompareWithRecent refresh at once. That refresh runs auto-sync (L2004), so self-heal starts in the same
 * instant, or after `selfHealRemainingBackoff`, instead of at the next periodic refresh. `reconciledAt` is kept
 * (L2022: only CompareWithLatest and above set it). One per instant, as the refresh queue coalesces requests.
 */
export function queueRecentRefresh(ctx: AppContext, state: AppState): void {
  if (state.recentQueued || state.rendered === undefined) return;
  state.recentQueued = true;
  const clock = ctx.options.cluster.clock;
  clock.schedule(
    clock.now(),
    () => {
      state.recentQueued = false;
      if (!ctx.isCurrent(state) || state.invalid) return;
      const obj = ctx.object(state.name);
      if (!obj || obj.operation || (state.runner && !state.runner.completed)) return;
      autoSync(ctx, state, true);
    },
    Priority.appRefresh,
  );
}
