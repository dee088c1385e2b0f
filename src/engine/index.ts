/**
 * The engine's public face: the only module the UI, the scenarios and the CLI import from (style.md §4).
 */
export { runSingleApp, type SingleAppInput, type SingleAppResult } from './simulation/singleApp';
export type { RunResult } from './simulation/runLoop';
export {
  runControlPlane,
  type ControlPlaneInput,
  type ControlPlaneResult,
  type ControlPlaneAction,
  type InterventionAction,
  type RefusedIntervention,
} from './simulation/runControlPlane';
export { parseIntervention, type Intervention } from './interventions/intervention';
export { commandWords } from './interventions/commandWords';
export {
  commandTable,
  commandRowOf,
  flagRowOf,
  type CommandRow,
  type FlagRow,
  type FlagRule,
} from './interventions/commandTable';
export { parseCommandFlags, flagOn, flagValue, type ParsedCommand } from './interventions/commandFlags';
export {
  interventionVerbOf,
  kubectlVerbWords,
  argocdVerbWords,
  type InterventionVerb,
} from './interventions/interventionVerb';
export type { RepoRevision, RepoObject, RepoFileContent } from './argocd/repository';
export { repoFileContent } from './argocd/repository';
export {
  ARGOCD_NAMESPACE,
  Priority,
  type ApplicationSetController,
  type ApplicationSetControllerFactory,
  type ControlPlaneContext,
} from './argocd/controlPlanePorts';
export type { ApplicationJson, ResourceRow } from './argocd/applicationTypes';
export type { ResourceResult as SyncResultRow } from './argocd/applicationTypes';
export type {
  Application,
  ApplicationCondition,
  ApplicationStatus,
  Operation,
  OperationState,
  RevisionHistory,
} from './argocd/applicationTypes';
export type { RetryStrategy } from './argocd/syncMachine';
export { planSync, type PlannedTask, type SyncPlan, type PlanInput } from './sync';
export { healthOf } from './health/healthOf';
export type { HealthCheck, HealthOverrides } from './health/healthOverrides';
export { applyDefaults } from './cluster/defaults';
export {
  kindInfo as knownGroupKind,
  kindNamed as knownKind,
  kindsByGroup,
  type KindInfo as KnownKind,
} from './cluster/kinds';
export { InputError, isInputError, formatInputError } from './inputError';
export type * from './events';
export type * from './types';
export { healthOrder, syncPhases } from './types';
export { EPOCH_MS, toTimestamp } from './clock';
export { limits } from './limits';
export { runDefaults } from './runDefaults';
export { escapeControl } from './util/escapeControl';
// ---- appset: the ApplicationSet controller for runControlPlane, and the maxUpdate toggle ----
export { startApplicationSetController, withMaxUpdate } from './argocd/applicationSet';
export {
  clusterAt,
  versionAt,
  wholeHistory,
  type ObjectHistory,
  type RecordedVersion,
  type RowsChangedVersion,
} from './simulation/objectHistory';
export { podDisplayState } from './controllers/podDisplayState';
export type { AutoscalerLoad, LoadPoint } from './controllers/horizontalPodAutoscaler';
export { revisionOf } from './simulation/revisionOf';
// ---- what the scenario reader, the CLI and the timeline read of the engine's rules (nothing outside src/engine
// imports a module of it but this one) ----
export type { InputPosition } from './inputError';
export { positionedFields } from './limits';
export { InputBudget, applicationSetElementCount } from './controlPlaneLimits';
export { decodingProblem, type DecodingProblem } from './cluster/decodingError';
export { groupOf } from './cluster/gvk';
export { kindRank } from './sync/kindOrder';
export { renderApplications } from './argocd/applicationSet/renderApplications';
export {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  maskTrailingDash,
} from './apimachinery/validation';
export { setOwn } from './util/setOwn';
// ---- the version facts `sim --version` and the page's footer show ----
export { about, aboutLine, argoCdCommitUrl, argoCdShortCommit } from './about';
// ---- the Argo CD rules the readers check an Application, AppProject or ApplicationSet against ----
export { ignoreDifferencesProblem } from './argocd/ignoreDifferences';
export { applicationsSyncPolicies } from './argocd/applicationSet/applicationsSyncPolicy';
export {
  clusterOfSecret,
  clustersOf,
  clustersFrom,
  resolveDestination,
  isClusterSecret,
  secretValue,
  IN_CLUSTER_NAME,
  IN_CLUSTER_SERVER,
  type ClusterInfo,
} from './argocd/clusterSecrets';
export type { ClusterRun } from './simulation/remoteClusters';
// ---- sync windows and the sync timeout (argocd-semantics.md §5.14): the input checks, `argocd app get`'s
// SyncWindow line, `argocd proj windows list` and the timeline's bands ----
export {
  readSyncWindows,
  isActive as isSyncWindowActive,
  activeSpans as syncWindowSpans,
  syncWindowSummary,
  matchingWindows,
  type CompiledWindow,
  type SyncWindow,
} from './argocd/syncWindows';
export { readCronFields } from './argocd/cron';
export { CMD_PARAMS_CM, readSyncTimeout, simulatedCmdParams, syncTimeoutOf } from './argocd/cmdParams';
