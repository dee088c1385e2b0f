/**
 * The vocabulary of the engine, copied verbatim from Argo CD (gitops-engine `pkg/sync/common/types.go` and
 * `pkg/health/health.go`, argocd-semantics.md §1) and from the Kubernetes object model.
 */

/**
 * Kubernetes objects are open-ended JSON: every kind has its own spec and status. Code reads the fields it knows
 * with the typed readers of util/unstructured.ts (gitops-engine's `unstructured.NestedString` and kin), which check
 * each field's type where it is read, and treats the rest as opaque.
 */
export type Json = unknown;

/**
 * Debt (issue 32): the old `Json = any`, kept for the files not yet moved to `Json` and the typed readers. A file
 * that reads fields through it gets no type check at all; move it to `Json` when it is next touched.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonAny = any;

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
}

/** A Kubernetes object as the API server stores it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: JsonAny;
  status?: JsonAny;
  data?: JsonAny;
  [field: string]: JsonAny;
}

/** Where a desired object came from, so an error can point at the file, line and column. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
  /**
   * Where some of the object's fields were written, by dotted path (`spec.replicas`): the reader records the
   * fields a check after reading names (limits.ts `positionedFields`), so its error points at the field itself.
   */
  fields?: Readonly<Record<string, { file: string; line: number; column: number }>>;
}

/** Health codes, best to worst (argocd-semantics.md §1.8, health `healthOrder`). */
export const healthOrder = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'] as const;
export type HealthStatusCode = (typeof healthOrder)[number];

export interface HealthStatus {
  status: HealthStatusCode;
  message: string;
}

/** Sync phases in their sort order (argocd-semantics.md §1.2). */
export const syncPhases = ['PreSync', 'Sync', 'PostSync', 'SyncFail'] as const;
export type SyncPhase = (typeof syncPhases)[number];

/** Values of `argocd.argoproj.io/hook` (§1.1). PreDelete and PostDelete are not engine phases. */
export type HookType = SyncPhase | 'Skip' | 'PreDelete' | 'PostDelete';

export type HookDeletePolicy = 'BeforeHookCreation' | 'HookSucceeded' | 'HookFailed';

/** `status.operationState.phase` (§1.4). */
export type OperationPhase = 'Running' | 'Terminating' | 'Failed' | 'Error' | 'Succeeded';

/** `syncResult.resources[].status` (§1.5). */
export type ResultCode = 'Synced' | 'SyncFailed' | 'Pruned' | 'PruneSkipped';

/** The per-task state, called hookPhase even for plain resources (§1.6). '' means pending. */
export type TaskPhase = '' | 'Running' | 'Succeeded' | 'Failed' | 'Error';

/** Sync status of a resource and of the app (§1.7). */
export type SyncStatusCode = 'Synced' | 'OutOfSync' | 'Unknown';

/** A pointer to one object: the fields Argo CD's result key and Kubernetes' lookups use. */
export interface ObjectRef {
  group: string;
  kind: string;
  namespace: string;
  name: string;
}
