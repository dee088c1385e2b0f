import type { ApplyEvent, DeleteEvent, ResultEvent, StepEvent } from '../events';
import type { KubeObject, ObjectRef, OperationPhase, SourcePosition, SyncPhase } from '../types';
import type { SyncPorts } from './ports';
import type { SyncResultRow } from './syncResultRow';

type WithoutTime<E> = E extends unknown ? Omit<E, 't'> : never;

/** The events a tick produces, in order; the caller stamps them with the virtual time `t`. */
export type SyncEvent = WithoutTime<StepEvent | ApplyEvent | DeleteEvent | ResultEvent>;

/** The operation request (argocd-semantics.md §2.1) as far as the sync algorithm reads it. */
export interface SyncOperationOptions {
  /** The Application's destination namespace, given to every target without one. */
  namespace: string;
  /** The sync revision; its first 7 characters name generateName hooks (§2.14). */
  revision: string;
  /** The operation's `startedAt`, in Unix seconds (UTC). */
  startedAt: number;
  /** `argocd app sync --prune` / `automated.prune`. */
  prune: boolean;
  /** An operation-level dry run: nothing is changed and every result is recorded. */
  dryRun: boolean;
  /** Operation sync options such as `PruneLast=true` or `CreateNamespace=true` (§1.1). */
  syncOptions: readonly string[];
  /** The Application's `deletion-approved` annotation is at or after the operation start (§2.9 step 2). */
  pruneConfirmed: boolean;
  /** `--force`. */
  force?: boolean;
  /** Strategy `apply` or a selective sync: no hook tasks at all, not even SyncFail (§2.17). */
  skipHooks?: boolean;
  /** Selective sync: only resources whose key passes are synced (the key is the live object's, else the target's). */
  resourceFilter?: (ref: ObjectRef) => boolean;
}

export interface SyncTickInput {
  /** The desired objects of the revision (hooks included), in manifest order. */
  desired: readonly KubeObject[];
  /** Where each desired object came from (same index), so input problems can point at both copies. */
  positions?: readonly (SourcePosition | undefined)[];
  /** The live objects managed by the app (hooks left by earlier syncs included), as its cache sees them. */
  live: readonly KubeObject[];
  /** The persisted results of this operation so far, in order: the only memory between ticks (§2.1). */
  results: readonly SyncResultRow[];
  options: SyncOperationOptions;
  ports: SyncPorts;
  /** ApplyOutOfSyncOnly: whether the normalized diff of a resource is modified; undefined = not known. */
  diff?: (target: KubeObject, live: KubeObject) => boolean | undefined;
  /**
   * With CreateNamespace=true: whether the destination namespace must be created or updated (controller
   * `syncNamespace`). It may throw. The default creates the namespace only when it does not exist.
   */
  namespaceModifier?: (managed: KubeObject, live: KubeObject | undefined) => boolean;
}

/** A step the engine ran and handed to the wave hook: the caller sleeps the wave delay after non-final ones. */
export interface StepRun {
  phase: SyncPhase;
  wave: number;
  finalWave: boolean;
}

/** Something wrong with the input that Argo CD tolerates but a user should hear about. */
export interface InputProblem {
  message: string;
  /** Every position involved, e.g. both copies of a duplicated object. */
  positions: SourcePosition[];
}

export interface TickOutcome {
  phase: OperationPhase;
  message: string;
  /** The persisted results after this tick, in order (`syncResult.resources`). */
  results: SyncResultRow[];
  steps: StepRun[];
  events: SyncEvent[];
  /** Non-integer waves that fell back (§2.3). */
  warnings: string[];
  /** Duplicated desired objects (the last copy wins, as in Argo CD). */
  problems: InputProblem[];
}
