import type { Cluster } from '../cluster/cluster';
import type { EventSink } from '../eventLog';
import type { HealthOverrides } from '../health/healthOverrides';
import type { InputProblem } from '../sync';
import type { KubeObject, SourcePosition } from '../types';
import type { AppTracker } from './appTracker';
import type { OperationRecord } from './operationRecord';

/** What the runner needs from the Application it runs for. */
export interface OperationHost {
  app: string;
  /** The Application's destination namespace. */
  namespace: string;
  cluster: Cluster;
  log: EventSink;
  /** The app's tracker: its live objects are the engine's prune candidates. */
  tracker: AppTracker;
  healthOverrides?: HealthOverrides;
  /** Warnings and input problems of the ticks, collected once each. */
  warnings: string[];
  problems: InputProblem[];
  /** Called whenever the operation's phase, message, retry count or results change, and when it completes. */
  onUpdate?: (record: OperationRecord) => void;
  /**
   * What Argo CD's `processRequestedAppOperation` checks before each attempt's `SyncAppState` (the app's
   * project, L1644): a message ends the attempt in `Error` with it, and the retry strategy applies (§5.3).
   */
  precheck?: () => string | undefined;
  /**
   * What `SyncAppState` checks after comparing, before it syncs (controller/sync.go L224-L229,
   * `FailOnSharedResource=true` and a SharedResourceWarning): a message ends the attempt in `Failed` with it.
   */
  failCheck?: () => string | undefined;
  /** The `CreateNamespace=true` modifier of the app's managedNamespaceMetadata (managedNamespaceMetadata.ts). */
  namespaceModifier?: () => ((managed: KubeObject, live: KubeObject | undefined) => boolean) | undefined;
  /** The project's permission check of each resource to sync (syncPermissions.ts), the engine's `checkPermission`. */
  checkPermission?: (obj: KubeObject) => string | undefined;
  /**
   * `syncWindowPreventsSync` (controller/sync.go L191-L200), checked by `SyncAppState` before anything else, for a
   * sync tick and a termination alike: a message holds the operation where it is (appWindows.ts).
   */
  hold?: () => string | undefined;
  /**
   * Whether the Application's `deletion-approved` annotation is at or after `since`, the operation's start: it
   * confirms the operation's `Prune=confirm` prunes (controller/sync.go L407 `WithPruneConfirmed`).
   */
  isDeletionConfirmed?: (since: string) => boolean;
  /**
   * A retry with `retry.refresh` (appcontroller.go L1626-L1631: the operation's revision is dropped, "The latest
   * revision from the source will be used"): the operation's source rendered at Git's latest revision.
   */
  latest?: () => {
    desired: readonly KubeObject[];
    positions?: readonly (SourcePosition | undefined)[];
    revision: string;
  };
}
