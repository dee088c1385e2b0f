import type { SyncResultRow } from '../sync/syncResultRow';
import type { HealthStatusCode, OperationPhase, SyncStatusCode } from '../types';

/*
 * The shapes of Argo CD's objects where the engine writes them, following Argo CD's own types
 * (pkg/apis/application/v1alpha1/types.go at the commit argocd-semantics.md follows), reduced to the fields the
 * sandbox fills. Field names and nesting are Argo CD's, so `argocd app get -o json` reads the same.
 */

/** `ApplicationSource`: a plain directory of the sandbox's repository. */
export interface ApplicationSource {
  repoURL?: string;
  path?: string;
  targetRevision?: string;
  directory?: { recurse?: boolean };
}

/** `ApplicationDestination`. */
export interface ApplicationDestination {
  server?: string;
  name?: string;
  namespace?: string;
}

/** `SyncOperationResource`: one resource of a selective sync. */
export interface SyncOperationResource {
  group?: string;
  kind: string;
  name: string;
  namespace?: string;
}

/** `RetryStrategy` (`syncPolicy.retry`, `operation.retry`): durations as Go duration strings. */
export interface RetryStrategy {
  limit?: number;
  backoff?: { duration?: string; factor?: number; maxDuration?: string };
}

/** `SyncOperation`. */
export interface SyncOperation {
  revision?: string;
  prune?: boolean;
  /** `--dry-run`: every task runs as a dry run, and no history is written (controller/sync.go L483). */
  dryRun?: boolean;
  syncOptions?: string[];
  resources?: SyncOperationResource[];
  /** A rollback's own source (the history entry's). */
  source?: ApplicationSource;
  /** `SyncStrategy`; a rollback writes `{ apply: {} }`. */
  syncStrategy?: { apply?: { force?: boolean }; hook?: { force?: boolean } };
  /** How many self-heal syncs in a row this is (`SelfHealAttemptsCount`, the self-heal back-off). */
  selfHealAttemptsCount?: number;
}

/** `OperationInitiator`. */
export interface OperationInitiator {
  username?: string;
  automated?: boolean;
}

/** `Info`: one `--info NAME=VALUE`. */
export interface Info {
  name: string;
  value: string;
}

/** `Operation`: what the Application's `operation` field asks for. */
export interface Operation {
  sync?: SyncOperation;
  initiatedBy?: OperationInitiator;
  info?: Info[];
  retry?: RetryStrategy;
}

/** `ResourceResult`: one row of `syncResult.resources`. */
export type ResourceResult = Omit<SyncResultRow, 'order'>;

/** `SyncOperationResult`. */
export interface SyncOperationResult {
  resources: ResourceResult[];
  revision: string;
  source?: ApplicationSource;
}

/** `OperationState`: `status.operationState`. */
export interface OperationState {
  operation: Operation;
  phase: OperationPhase;
  message: string;
  /** Written by the engine always (Argo CD leaves it out until the first sync step). */
  syncResult: SyncOperationResult;
  startedAt: string;
  finishedAt?: string;
  retryCount?: number;
}

/** `HealthStatus` of the app or of one resource. */
export interface HealthStatus {
  status: HealthStatusCode;
  /** Written by the engine always, `''` when there is nothing to say. */
  message: string;
}

/** `ComparedTo`. */
export interface ComparedTo {
  source: ApplicationSource;
  destination: ApplicationDestination;
}

/** `SyncStatus`. */
export interface SyncStatus {
  status: SyncStatusCode;
  comparedTo?: ComparedTo;
  revision?: string;
}

/**
 * `ResourceStatus`: one row of `status.resources`, a resource of the app as the app sees it. Live hooks and
 * `hook: Skip` targets are rows too, with no sync status and no health (controller/state.go `CompareAppState`
 * L1040: "For resource hooks, skipped resources … don't store sync status"; controller/health.go skips them).
 */
export interface ResourceStatus {
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
  status?: SyncStatusCode;
  health?: HealthStatus;
  /** A live hook (state.go L1008 `Hook: isHook(obj)`). */
  hook?: boolean;
  /** The target's wave, or for a live hook the wave of the Git hook of its name (state.go L1011-L1019); 0 omitted. */
  syncWave?: number;
  requiresPruning?: boolean;
  /** `Delete=confirm` or `Prune=confirm` on the resource or the app (state.go `isObjRequiresDeletionConfirmation`). */
  requiresDeletionConfirmation?: boolean;
}

/** `RevisionHistory`: one entry of `status.history`. */
export interface RevisionHistory {
  id: number;
  revision: string;
  deployStartedAt?: string;
  deployedAt: string;
  source?: ApplicationSource;
  initiatedBy?: OperationInitiator;
}

/** `ApplicationCondition`. */
export interface ApplicationCondition {
  type: string;
  message: string;
  lastTransitionTime?: string;
}

/** `ApplicationStatus`. */
export interface ApplicationStatus {
  sync: SyncStatus;
  health: HealthStatus;
  sourceType?: string;
  reconciledAt?: string;
  operationState?: OperationState;
  history?: RevisionHistory[];
  resources?: ResourceStatus[];
  conditions?: ApplicationCondition[];
}

/** `Application`, as `argocd app get -o json` prints it. */
export interface Application {
  apiVersion: string;
  kind: 'Application';
  metadata: { name: string; namespace: string; [field: string]: unknown };
  spec: {
    project?: string;
    source?: ApplicationSource;
    destination?: ApplicationDestination;
    [field: string]: unknown;
  };
  operation?: Operation;
  status: ApplicationStatus;
}

/** One row of `status.resources`: a managed (non-hook) resource as the app sees it. */
export type ResourceRow = ResourceStatus;

/**
 * An Application as a run returns it: the fields the engine always writes are required here, so readers (the CLI's
 * `argocd app get` text, the terminal) need no checks for what cannot be missing.
 */
export interface ApplicationJson extends Application {
  spec: Application['spec'] & {
    project: string;
    source: ApplicationSource & { repoURL: string; targetRevision: string };
    destination: ApplicationDestination & { server: string; namespace: string };
  };
  status: ApplicationStatus & { sync: SyncStatus & { revision: string }; resources: ResourceStatus[] };
}
