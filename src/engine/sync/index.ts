/**
 * # The sync engine
 *
 * A TypeScript rendering of gitops-engine's `pkg/sync` (argocd-semantics.md §1–§2), in the shape of its
 * `doc.go`. The sandbox runs it against its fake cluster; the tests run it against an in-memory fake.
 *
 * ## Basic syncing
 *
 * A sync applies the desired objects of one revision to the cluster and, with prune on, deletes the live
 * objects of the app that are no longer desired. It is driven by {@link syncTick}: one call per controller
 * tick, until the operation phase is no longer `Running`. A tick keeps no memory except the persisted
 * per-resource results it is given, so the current step is re-derived each time from desired, live and
 * results. Side effects go through {@link SyncPorts}.
 *
 * ## Phases and hooks
 *
 * There are four phases: `PreSync`, `Sync`, `PostSync` and `SyncFail`. Plain resources (and prunes) belong to
 * `Sync`. Objects annotated `argocd.argoproj.io/hook: <Phase>` are hooks: they run in that phase, are never
 * compared or pruned, get the hook finalizer while they run, and are deleted according to
 * `argocd.argoproj.io/hook-delete-policy` (default `BeforeHookCreation`; `HookSucceeded` and `HookFailed` are
 * judged on the whole operation). `SyncFail` hooks run only when the operation fails. `Skip` objects are never
 * applied. Helm's `helm.sh/hook` annotations are mapped onto the same model.
 *
 * ## Waves
 *
 * `argocd.argoproj.io/sync-wave` (else `helm.sh/hook-weight`, else 0) orders tasks within a phase. Prunes run
 * in reverse wave order, and `PruneLast=true` moves them after the last Sync wave. When the sync has more than
 * one (phase, wave) step, each step waits until its resources are healthy and its hooks complete before the
 * next starts, and the controller sleeps `ARGOCD_SYNC_WAVE_DELAY` between steps (the caller's job: see
 * {@link StepRun}).
 *
 * ## How it works together
 *
 * Tasks are ordered by phase, then wave, then kind (a fixed list: Namespaces first, custom resources last),
 * then name; Namespaces and CRDs are then pulled ahead of the first task that needs them. Each tick refreshes
 * running tasks from health, waits while anything it must wait for still runs, fails the operation when
 * anything failed (starting the SyncFail hooks), succeeds when nothing is left, and otherwise runs the next
 * step: prunes first, then `BeforeHookCreation` deletions, then applies. {@link planSync} shows the same order
 * without running anything, and {@link terminateTick} ends an operation the user terminated.
 */
export { syncTick, isMultiStep } from './tick';
export { terminateTick, type TerminateInput } from './terminate';
export { planSync, type PlanInput, type PlannedAction, type PlannedTask, type SyncPlan } from './planSync';
export type { ApplyOptions, ApplyResult, ApplyVerb, DeleteResult, FinalizerResult, SyncPorts } from './ports';
export type {
  InputProblem,
  StepRun,
  SyncEvent,
  SyncOperationOptions,
  SyncTickInput,
  TickOutcome,
} from './syncInput';
export type { SyncResultRow } from './results';
export { hookTypes, isHook, isIgnored, isSkip, deleteHookTypes, type EngineHookType } from './hookTypes';
export { syncPhasesOf, syncPhaseOrder } from './syncPhases';
export { deletePolicies } from './deletePolicy';
export { waveOf, type WaveOf } from './waves';
export { kindOrder, kindRank } from './kindOrder';
export { sortTasks } from './compareTasks';
export { operationSettings, pruneSettingOf, hasSyncOption, type OperationSettings } from './syncOptions';
export { waitingMessage, pruneConfirmationMessage, failureMessage } from './messages';
export { generatedHookName } from './tasks';
export { reconcile } from './reconcile';
