import type { JsonAny, KubeObject, SyncStatusCode } from '../types';
import type { Operation, SyncOperation, SyncOperationResource } from './applicationTypes';
import { clone } from '../util/clone';

/**
 * The auto-sync decision of Argo CD's application controller (appcontroller.go `autoSync`, `alreadyAttemptedSync`,
 * `selfHealRemainingBackoff`; argocd-semantics.md §5.4), as a pure function of the Application object, the
 * refresh's comparison and the time. The controller carries the decision out: it writes the operation onto the
 * Application, sets or clears the `SyncError` condition, or schedules a refresh for a self-heal back-off.
 */
export interface AutoSyncResource {
  group?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  /**
   * None for a live hook or a Skip target: neither is Synced, so self-heal names them too (appcontroller.go
   * L2619 `resource.Status != Synced`), and the sync then makes no task of a hook (§2.17).
   */
  status?: SyncStatusCode;
  requiresPruning?: boolean;
}

export type { SyncOperationResource };

export interface AutoSyncInput {
  /** The Application as stored: spec.syncPolicy, metadata.deletionTimestamp, operation, status.operationState. */
  app: KubeObject;
  /**
   * The refresh's comparison: the app's sync status, its resources (in `status.resources` order: group, kind,
   * namespace, name, as AppTracker `resources` keeps them) and the revision Git points at now.
   */
  syncStatus: SyncStatusCode;
  resources: readonly AutoSyncResource[];
  revision: string;
  nowMs: number;
  /** When the last operation finished (virtual ms), if it did. */
  lastFinishedAtMs?: number;
}

export type AutoSyncDecision =
  | { kind: 'none'; reason: string }
  | { kind: 'condition'; message: string }
  | { kind: 'wait'; retryAfterMs: number }
  | { kind: 'sync'; operation: Operation };

/** Argo CD's self-heal back-off flags: 2 s, ×3, capped at 300 s (§5.4). */
const selfHeal = { durationMs: 2000, factor: 3, capMs: 300_000 };

/** `selfHealRemainingBackoff`: the back-off of `attempts` minus the time since the last operation finished. */
export function selfHealRemainingBackoff(
  attempts: number,
  nowMs: number,
  finishedAtMs: number | undefined,
): number {
  // wait.Backoff.Step() `attempts` times: the last step's duration, 0 when there were none.
  let delay = 0;
  let duration = selfHeal.durationMs;
  for (let i = 0; i < attempts; i++) {
    delay = Math.min(duration, selfHeal.capMs);
    duration = Math.min(duration * selfHeal.factor, selfHeal.capMs);
  }
  return finishedAtMs === undefined ? delay : delay - (nowMs - finishedAtMs);
}

/** Go's `fmt.Sprintf("%s", []string{rev})`. */
const revisions = (rev: string) => `[${rev}]`;

export function isAutomatedSyncEnabled(app: KubeObject): boolean {
  const automated: JsonAny = app.spec?.syncPolicy?.automated;
  return automated != null && automated.enabled !== false;
}

export function decideAutoSync(input: AutoSyncInput): AutoSyncDecision {
  const { app, syncStatus, resources, revision } = input;
  if (!isAutomatedSyncEnabled(app)) return { kind: 'none', reason: 'auto-sync is disabled' };
  const automated: JsonAny = app.spec.syncPolicy.automated;
  if (app.operation != null) return { kind: 'none', reason: 'another operation is in progress' };
  if (app.metadata.deletionTimestamp) return { kind: 'none', reason: 'application is being deleted' };
  if (syncStatus !== 'OutOfSync') return { kind: 'none', reason: `application status is ${syncStatus}` };
  if (automated.prune !== true) {
    const pruneOnly = resources.every((r) => r.status === 'Synced' || r.requiresPruning === true);
    if (pruneOnly)
      return {
        kind: 'none',
        reason: 'need to prune extra resources only but automated prune is disabled',
      };
  }
  const selfHealOn = automated.selfHeal === true;
  const syncPolicy: JsonAny = app.spec.syncPolicy;
  const sync: SyncOperation = {
    revision,
    prune: automated.prune === true,
    ...(syncPolicy.syncOptions ? { syncOptions: [...syncPolicy.syncOptions] } : {}),
  };
  const operation: Operation = {
    initiatedBy: { automated: true },
    sync,
    retry: syncPolicy.retry ? clone(syncPolicy.retry) : { limit: 5 },
  };
  const state: JsonAny = app.status?.operationState;
  if (alreadyAttemptedSync(app, revision)) {
    if (state.phase !== 'Succeeded') {
      return {
        kind: 'condition',
        message: `Failed last sync attempt to ${revisions(revision)}: ${state.message ?? ''}`,
      };
    }
    if (!selfHealOn) return { kind: 'none', reason: `most recent sync already to ${revisions(revision)}` };
    const previous = Number(state.operation?.sync?.selfHealAttemptsCount ?? 0);
    const remaining = selfHealRemainingBackoff(previous, input.nowMs, input.lastFinishedAtMs);
    if (remaining > 0) return { kind: 'wait', retryAfterMs: remaining };
    sync.selfHealAttemptsCount = previous + 1;
    // Self-heal syncs only what is not Synced (appcontroller.go L2620): a selective sync, so no hooks (§2.17).
    // In the order of `resources`, which is status.resources' (the tracker's one sorted view).
    const selected: SyncOperationResource[] = resources
      .filter((r) => r.status !== 'Synced')
      .map((r) => ({ ...(r.group ? { group: r.group } : {}), kind: r.kind ?? '', name: r.name ?? '' }));
    sync.resources = selected;
  }
  if (automated.prune === true && automated.allowEmpty !== true) {
    if (resources.length > 0 && resources.every((r) => r.requiresPruning === true)) {
      return {
        kind: 'condition',
        message: `Skipping sync attempt to ${revisions(revision)}: auto-sync will wipe out all resources`,
      };
    }
  }
  return { kind: 'sync', operation };
}

/**
 * `alreadyAttemptedSync`: the last operation has a result for this revision and this source (a new commit or a
 * changed source is a new attempt).
 */
export function alreadyAttemptedSync(app: KubeObject, revision: string): boolean {
  const state: JsonAny = app.status?.operationState;
  if (state == null) return false;
  // A completed operation without a result most likely ended in an error: Argo CD does not auto-sync it again
  // (appcontroller.go alreadyAttemptedSync L2681-L2686, "sync does not have any results").
  if (state.syncResult == null) return ['Succeeded', 'Failed', 'Error'].includes(state.phase);
  if (state.operation?.sync == null) return false;
  if (state.syncResult.revision !== revision) return false;
  const source: JsonAny = state.syncResult.source;
  if (source === undefined) return true;
  return JSON.stringify(source) === JSON.stringify(app.spec?.source ?? null);
}
