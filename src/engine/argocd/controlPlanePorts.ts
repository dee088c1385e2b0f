import type { SimClock } from '../clock';
import type { ObjectStore, WatchEvent } from '../cluster/store';
import type { UnstampedEvent } from '../eventLog';
import type { RepoFileContent } from './repository';

/**
 * The seams of the simulated Argo CD control plane (argocd-semantics.md §5.0): the runner
 * (src/engine/simulation/runControlPlane.ts) owns one store, one clock and one event log, and starts each
 * controller with them. Controllers talk only through the store: the ApplicationSet controller writes
 * `Application` objects (and their `operation` field) into namespace `argocd`, the application controller reacts
 * to them and writes their `status` back, and the ApplicationSet controller reads that status from the store.
 * There is no side channel between them.
 */

/** The namespace every Argo CD object lives in (contract.md §1.4). */
export const ARGOCD_NAMESPACE = 'argocd';

/**
 * Who acts first inside one virtual instant (§5.0 "Order inside one instant"): cluster controllers, application
 * refreshes, operation ticks, ApplicationSet reconciles. Pass one of these as `SimClock.schedule`'s `priority`;
 * timers of equal time and priority fire in scheduling order. Kubernetes' controllers (and xstate's delays)
 * use the default, 0.
 */
export const Priority = {
  cluster: 0,
  appRefresh: 1,
  operationTick: 2,
  applicationSet: 3,
} as const;

/** What the runner hands a controller when it starts it. */
export interface ControlPlaneContext {
  /** The fake cluster's store: Applications, ApplicationSets and AppProjects are objects in `argocd`. */
  store: ObjectStore;
  clock: SimClock;
  /** Write an event (stamped with the current virtual time), e.g. `appset-status` (contract.md §1.4). */
  emit(event: UnstampedEvent): void;
  /** Argo CD's `--enable-progressive-syncs` (`ARGOCD_APPLICATIONSET_CONTROLLER_ENABLE_PROGRESSIVE_SYNCS`). */
  progressiveSyncs: boolean;
  /** The AppProjects that exist now: `default` always, plus every `AppProject` object in `argocd`. */
  projects(): ReadonlySet<string>;
  /**
   * Subscribe to the store's watch events. Watchers are called in the order they were attached, after the
   * cluster's own controllers have been told; use this rather than `store.watch` so the runner keeps one list.
   */
  watch(listener: (event: WatchEvent) => void): void;
  /** The Git repository's file paths at its current revision (the git generator, argocd-semantics.md §5.13). */
  repoPaths?(): readonly string[];
  /** One file of the repository at its current revision, decoded (the git generator's files form). */
  repoFile?(path: string): RepoFileContent | undefined;
}

/**
 * The ApplicationSet controller as the runner sees it (built by src/engine/argocd/applicationSet/). It is
 * started once, before t = 0's first instant runs; it schedules its own reconciles on the clock with
 * `Priority.applicationSet` (for the sets present at start, a first reconcile at once), reacts to watch events
 * as §5.0 says, and writes Applications (owner reference to the set, `operation` for RollingSync) and its own
 * `status` through the store. Each persisted change of an `applicationStatus` entry is an `appset-status` event.
 */
export interface ApplicationSetController {
  /** Whether a reconcile is queued or running: the runner does not stop while one is pending. */
  busy(): boolean;
}

export type ApplicationSetControllerFactory = (context: ControlPlaneContext) => ApplicationSetController;
