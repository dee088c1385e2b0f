import type {
  ApplicationCondition,
  ApplicationDestination,
  ApplicationSource,
  Operation,
  RevisionHistory,
} from './applicationTypes';
import type { Cluster } from '../cluster/cluster';
import type { HealthOverrides } from '../health/healthOverrides';
import type { InputProblem } from '../sync';
import type { KubeObject } from '../types';
import type { AppTracker } from './appTracker';
import type { AppEventSink, EventSink } from '../eventLog';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';
import type { OperationRunner } from './operationRunner';
import type { RenderedSource, Repository } from './repository';

/**
 * What the application controller is started with (applicationController.ts): the fake cluster, the event log,
 * the Git repository, argocd-cm's health customizations, and where bad input is reported.
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
  /**
   * The fake cluster at a destination server other than the in-cluster one (several clusters, clusterSecrets.ts):
   * each registered cluster is its own cluster on the one clock. Without it every destination is `cluster`.
   */
  clusterFor?: (server: string) => Cluster;
  /** `controller.sync.timeout.seconds` of argocd-cmd-params-cm, read at the controller's start; 0: none. */
  syncTimeoutSeconds?: number;
  /**
   * How long the repository server takes to generate the manifests of a source at a revision it has not generated
   * before (git fetch and render), in seconds; 0 (the default): at once (manifestGeneration.ts).
   */
  manifestGenerationSeconds?: number;
}

/**
 * What the application controller keeps of one Application between refreshes: its tracker (the comparison's
 * result, resource by resource), the operation it runs, and what it writes into the object's status. Argo CD
 * keeps the same in its informer cache and the object itself; the sandbox keeps it here so that each status write
 * is one patch.
 */
export interface AppState {
  name: string;
  sink: AppEventSink;
  /** The fake cluster of its destination, whose objects its tracker follows and its operations apply to. */
  cluster: Cluster;
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
  /** The InvalidSpecError condition's message: the app's AppProject does not exist (appComparison.ts). */
  invalid?: string;
  /**
   * The repository server could not render the source (its path is outside the repository or not in it): the
   * ComparisonError condition's message. The app compares with no targets, its sync status is Unknown and it
   * does not auto-sync (controller/state.go `failedToLoadObjs`, appcontroller.go autoSync).
   */
  comparisonError?: string;
  /**
   * The source and destination of the app's last comparison: `status.sync.comparedTo`, which keeps what was
   * compared until the next comparison finishes (controller/state.go CompareAppState sets it from the sources it
   * compared), even when the spec changed meanwhile.
   */
  comparedTo?: { source: ApplicationSource; destination: ApplicationDestination };
  /**
   * The repository server is generating the manifests of the app's comparison (manifestGeneration.ts): the
   * comparison waits for them, and a refresh asked meanwhile joins it (`full` if any of them was full).
   */
  generating?: { full: boolean };
  /**
   * Whether a comparison has looked through the whole store for what is live with the app's tracking (objects
   * applied before the Application was created, `sim run --live`). The first comparison that renders targets
   * does it, as Argo CD's cluster cache holds every object; from then on the tracker follows the watch.
   */
  liveScanned: boolean;
  /** A status write is queued for this instant (appStatusWriter.ts `markDirty`). */
  dirty: boolean;
  /** A CompareWithRecent refresh is queued for this instant (handleObjectUpdated, appAutoSync.ts). */
  recentQueued?: boolean;
  lastFinishedAtMs?: number;
  jitterMs: number;
  /** The object has a deletionTimestamp: each change to its resources runs another deletion pass. */
  deleting?: boolean;
  /** The DeletionError message last logged (an `app-deletion` event is written when it changes). */
  deletionError?: string;
  finalizeQueued?: boolean;
}

/**
 * What the controller's parts (the comparison, the status writer, auto-sync, the operation) share: its options,
 * the Application objects in the store, and the few acts of the controller itself they trigger.
 */
export interface AppContext {
  readonly options: ApplicationControllerOptions;
  /** The Application object named `name`, as stored now. */
  object(name: string): KubeObject | undefined;
  /** Whether `state` is still its app's (the Application was not deleted, or deleted and made again). */
  isCurrent(state: AppState): boolean;
  /** Whether an Application named `name` is known to the controller. */
  has(name: string): boolean;
  /** Write `operation` onto the Application, which starts it (§5.0). */
  setOperation(name: string, operation: Operation): void;
  /** A refresh: the comparison, then (full) auto-sync. */
  reconcile(state: AppState, full: boolean): void;
  /** The app now goes to `cluster` (its destination was resolved anew): a fresh tracker follows that one. */
  rebind(state: AppState, cluster: Cluster): void;
}

/** The store ref of the Application named `name`. */
export function appRef(name: string) {
  return { group: 'argoproj.io', kind: 'Application', namespace: ARGOCD_NAMESPACE, name };
}
