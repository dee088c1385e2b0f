import type {
  HealthStatusCode,
  OperationPhase,
  ResultCode,
  SyncPhase,
  SyncStatusCode,
  TaskPhase,
} from './types';

/**
 * The event log of a simulation (contract.md §1.2). Everything the page and the timeline draw comes from this
 * log: it is the one record of what happened, in order, with its virtual time `t` in seconds since the
 * operation started. The first five types are the contract's; the rest are additions the page needs.
 */
export type SimEvent =
  | OperationEvent
  | StepEvent
  | ApplyEvent
  | DeleteEvent
  | HealthEvent
  | ResultEvent
  | WaveDelayEvent
  | SyncStatusEvent
  | AppEvent
  | PodEvent
  | ObjectEvent
  | AppOperationEvent
  | AppSetStatusEvent
  | AppDeletionEvent
  | CommitEvent
  | InterventionEvent
  | SyncWindowEvent;

interface Base {
  t: number;
  /**
   * The Application this event belongs to (its operation or its resources), when the run has several
   * (contract.md §1.4). Absent in the single-Application form.
   */
  app?: string;
  /**
   * The cluster (its name) of a `pod` or `object` event from a cluster other than Argo CD's own (several clusters,
   * argocd-semantics.md §5.13). Absent for Argo CD's own cluster.
   */
  cluster?: string;
}

interface ObjectFields {
  kind: string;
  namespace: string;
  name: string;
}

/** The operation's phase or message changed. */
export interface OperationEvent extends Base {
  type: 'operation';
  phase: OperationPhase;
  message: string;
}

/** The engine started a (phase, wave) step. */
export interface StepEvent extends Base {
  type: 'step';
  phase: SyncPhase;
  wave: number;
}

/** A task was applied (created or updated) on the cluster. */
export interface ApplyEvent extends Base, ObjectFields {
  type: 'apply';
  group: string;
  phase: SyncPhase;
  wave: number;
  hook: boolean;
  result: 'created' | 'configured' | 'failed';
  message: string;
}

/** The sync deleted an object. */
export interface DeleteEvent extends Base, ObjectFields {
  type: 'delete';
  group: string;
  reason: 'prune' | 'BeforeHookCreation' | 'HookSucceeded' | 'HookFailed' | 'terminate';
}

/** The health of a managed resource or a hook changed ('Missing' once it is gone). */
export interface HealthEvent extends Base, ObjectFields {
  type: 'health';
  group: string;
  status: HealthStatusCode;
  message: string;
  hook: boolean;
}

/** A row of `syncResult.resources` changed (the result table of `argocd app get --show-operation`). */
export interface ResultEvent extends Base, ObjectFields {
  type: 'result';
  group: string;
  syncPhase: SyncPhase;
  wave: number;
  hookType: string;
  /** Empty only when an infrastructure error hit a task before it had a result (engine `setResourceResult`). */
  status: ResultCode | '';
  hookPhase: TaskPhase;
  message: string;
}

/** The controller slept ARGOCD_SYNC_WAVE_DELAY after a step (argocd-semantics.md §2.11). */
export interface WaveDelayEvent extends Base {
  type: 'wave-delay';
  phase: SyncPhase;
  wave: number;
  seconds: number;
}

/** The sync status of one managed resource changed. */
export interface SyncStatusEvent extends Base, ObjectFields {
  type: 'sync-status';
  group: string;
  status: SyncStatusCode;
}

/** The Application's own sync status or health changed. */
export interface AppEvent extends Base {
  type: 'app';
  sync: SyncStatusCode;
  health: HealthStatusCode;
  message: string;
}

/** A pod's visible state changed (what `kubectl get pods` would show in its STATUS column). */
export interface PodEvent extends Base {
  type: 'pod';
  namespace: string;
  name: string;
  state: PodDisplayState;
  ready: boolean;
  restarts: number;
  /** The controller chain the pod belongs to, e.g. { kind: 'Deployment', name: 'backend' }. */
  ownerKind: string;
  ownerName: string;
  /** The image of the first container, so old and new versions can be told apart during a rollout. */
  image: string;
  message: string;
}

/** Any object appeared in or left the cluster (created by a controller or by the sync). */
export interface ObjectEvent extends Base, ObjectFields {
  type: 'object';
  group: string;
  action: 'created' | 'deleted';
}

/**
 * An operation started on an Application (contract.md §1.4). `initiator` is Argo CD's
 * `operation.initiatedBy.username`: `applicationset-controller` for RollingSync, `admin` for a sync from the
 * command line or the page, '' for auto-sync. A retry is another attempt of the same operation, not a new one.
 */
export interface AppOperationEvent extends Base {
  type: 'app-operation';
  app: string;
  initiator: string;
  automated: boolean;
}

/**
 * An Application's deletion (argocd-semantics.md §5.5): `Deleting` when it is first marked for deletion, again with
 * the DeletionError condition's message each time that message changes (a failed PreDelete hook), and `Deleted`
 * when the Application has left the cluster.
 */
export interface AppDeletionEvent extends Base {
  type: 'app-deletion';
  app: string;
  phase: 'Deleting' | 'Deleted';
  message: string;
}

/** An ApplicationSet persisted a change of one entry of `status.applicationStatus` (argocd-semantics.md §5.1). */
export interface AppSetStatusEvent extends Base {
  type: 'appset-status';
  appset: string;
  app: string;
  step: string;
  status: 'Waiting' | 'Pending' | 'Progressing' | 'Healthy';
  message: string;
}

/**
 * An intervention ran (a command typed at this moment: kubectl, argocd app, git commit), with what it printed;
 * `refused` when the cluster, Git or Argo CD refused it and nothing changed.
 */
export interface InterventionEvent extends Base {
  type: 'intervention';
  command: string;
  output: string;
  refused?: boolean;
}

/**
 * A sync window stopped a sync (argocd-semantics.md §5.14): the application controller's log line `Sync prevented by
 * sync window` at a refresh whose auto-sync it skipped (no condition is set); the API server's refusal of a sync
 * asked by hand (`cannot sync: blocked by sync window`); or a running operation held, `Sync operation blocked by
 * sync window` (once, when the hold begins). `automated` is the sync's (auto-sync, RollingSync) or not (by hand).
 */
export interface SyncWindowEvent extends Base {
  type: 'sync-window';
  app: string;
  automated: boolean;
  message: string;
  /** The app's windows active then, as `argocd app get` lists them: `deny:5 0 * * *:10m`. */
  windows: string[];
  /** When the last of those active windows ends (virtual seconds), if one is active and ever ends. */
  until?: number;
}

/** A new Git revision (contract.md §1.5 `commit`). */
export interface CommitEvent extends Base {
  type: 'commit';
  revision: string;
}

export type PodDisplayState =
  | 'Pending'
  | 'ContainerCreating'
  | 'Running'
  | 'Ready'
  | 'Completed'
  | 'Error'
  | 'CrashLoopBackOff'
  | 'ErrImagePull'
  | 'ImagePullBackOff'
  | 'Terminating';
