import { toTimestamp } from '../clock';
import type { SyncResultRow as EngineResultRow } from '../sync';
import type { HealthStatus, OperationPhase, SyncStatusCode } from '../types';

/** One row of `status.operationState.syncResult.resources` (contract.md §1.2), without the engine's order. */
export type SyncResultRow = Omit<EngineResultRow, 'order'>;

/** One row of `status.resources`: a managed (non-hook) resource as the app sees it. */
export interface ResourceRow {
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
  status: SyncStatusCode;
  health?: HealthStatus;
  requiresPruning?: boolean;
}

export interface OperationView {
  phase: OperationPhase;
  message: string;
  startedAtMs: number;
  finishedAtMs?: number;
  retryCount: number;
  results: SyncResultRow[];
  prune: boolean;
  syncOptions: string[];
}

export interface ApplicationViewInput {
  app: string;
  namespace: string;
  revision: string;
  sync: SyncStatusCode;
  health: HealthStatus;
  operation?: OperationView;
  resources: ResourceRow[];
}

/** The Application object shaped like `argocd app get -o json` (argocd-semantics.md §1.7, §1.8; contract.md §1.2). */
export function applicationView(input: ApplicationViewInput) {
  const op = input.operation;
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: input.app, namespace: 'argocd' },
    spec: {
      project: 'default',
      destination: { server: 'https://kubernetes.default.svc', namespace: input.namespace },
      source: { repoURL: 'sandbox://scenario', targetRevision: input.revision },
    },
    status: {
      sync: { status: input.sync, revision: input.revision },
      health: { status: input.health.status, message: input.health.message },
      ...(op
        ? {
            operationState: {
              operation: { sync: { revision: input.revision, prune: op.prune, syncOptions: op.syncOptions } },
              phase: op.phase,
              message: op.message,
              startedAt: toTimestamp(op.startedAtMs),
              ...(op.finishedAtMs !== undefined ? { finishedAt: toTimestamp(op.finishedAtMs) } : {}),
              ...(op.retryCount > 0 ? { retryCount: op.retryCount } : {}),
              syncResult: { revision: input.revision, resources: op.results },
            },
          }
        : {}),
      resources: sortedRows(input.resources),
    },
  };
}

export type ApplicationJson = ReturnType<typeof applicationView>;

/**
 * `status.resources` in Argo CD's order, by `group/kind/namespace/name`. Each row's key is made once, not twice
 * per comparison (a thousand rows were twenty thousand strings; the control plane sorts at every status write).
 */
export function sortedRows<R extends ResourceRow>(rows: readonly R[]): R[] {
  const keyed = rows.map((row) => ({ row, key: `${row.group}/${row.kind}/${row.namespace}/${row.name}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.row);
}
