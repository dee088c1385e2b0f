import type { HealthStatus, KubeObject, ObjectRef } from '../types';
import type { PropagationPolicy } from './syncOptions';

/** The kubectl command the engine chose for a task (argocd-semantics.md §2.9 step 4). */
export type ApplyVerb = 'apply' | 'replace' | 'create' | 'update';

export interface ApplyOptions {
  /** A client-side dry run: validate only, change nothing. */
  dryRun: boolean;
  /** The command: `apply` normally; with Replace=true `replace` (or `create` when not live, `update` for CRDs
   *  and Namespaces). */
  verb: ApplyVerb;
  /** Whether Replace=true was asked for (by the operation, the target or the live object). */
  replace: boolean;
  /** `kubectl apply --server-side` (never in a dry run, never for replace/create/update). */
  serverSideApply: boolean;
  force: boolean;
  validate: boolean;
}

export type ApplyResult =
  | { ok: true; action: 'created' | 'configured' | 'unchanged'; message: string }
  | { ok: false; message: string };

export interface DeleteResult {
  ok: boolean;
  /** The object was already gone: the engine treats that as done. */
  notFound?: boolean;
  message?: string;
}

export interface FinalizerResult {
  ok: boolean;
  notFound?: boolean;
  message?: string;
}

/**
 * Everything the sync step function does to or reads from the cluster goes through this port, so the same
 * algorithm drives the fake cluster of the page, the CLI and an in-memory fake in tests.
 */
export interface SyncPorts {
  /** A GET from the API server (not the app's cached live state). */
  getLive(ref: ObjectRef): KubeObject | undefined;
  /**
   * The health of a live object, or null when its kind has no health check (§3). It may throw: the engine reports
   * a health-evaluation error as Argo CD does (a hook becomes `Error`, a resource keeps waiting).
   */
  health(obj: KubeObject, isHook: boolean): HealthStatus | null;
  /** kubectl apply/replace/create/update; the message is kubectl's, e.g. `deployment.apps/backend created`. */
  apply(obj: KubeObject, opts: ApplyOptions): ApplyResult;
  delete(ref: ObjectRef, opts: { propagationPolicy: PropagationPolicy }): DeleteResult;
  removeFinalizer(ref: ObjectRef, finalizer: string): FinalizerResult;
  /**
   * API discovery (§2.6, gitops-engine kube.go `ServerResourceForGroupVersionKind`): undefined when the API serves
   * group/version/kind, else the discovery error's text (a NotFound). Absent means every kind is served.
   */
  discover?(group: string, version: string, kind: string): string | undefined;
  /** The AppProject check (§2.6): an error message when the object is not permitted, else undefined. */
  checkPermission?(obj: KubeObject): string | undefined;
}
