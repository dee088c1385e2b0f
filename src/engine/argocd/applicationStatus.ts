import { toTimestamp } from '../clock';
import type {
  ApplicationCondition,
  ApplicationDestination,
  ApplicationSource,
  ApplicationStatus,
  HealthStatus,
  Operation,
  OperationState,
  ResourceStatus,
  RevisionHistory,
} from './applicationTypes';
import type { OperationRecord } from './operationRecord';
import type { SyncStatusCode } from '../types';

/**
 * The `status` the application controller writes back onto an Application object (argocd-semantics.md §5.0,
 * §5.4; contract.md §1.2, §1.4): what `argocd app get -o json` shows, and what a parent's health Lua and the
 * ApplicationSet controller read from the store. The one writer of an Application's status: the control plane
 * writes it onto the object.
 */
export interface StatusInput {
  sync: SyncStatusCode;
  health: HealthStatus;
  revision: string;
  source: ApplicationSource;
  destination: ApplicationDestination;
  /**
   * What the last comparison compared (`status.sync.comparedTo`), when it differs from `source` and `destination`
   * because the spec changed after it (controller/state.go CompareAppState writes the sources it compared).
   */
  comparedTo?: { source: ApplicationSource; destination: ApplicationDestination };
  reconciledAtMs?: number;
  operation?: { request: Operation; record: OperationRecord; partial: boolean };
  history: RevisionHistory[];
  /** `status.resources`, already in Argo CD's order (AppTracker `resources`). */
  resources: readonly ResourceStatus[];
  conditions: ApplicationCondition[];
}

export function applicationStatus(input: StatusInput): ApplicationStatus {
  const status: ApplicationStatus = {
    sync: {
      status: input.sync,
      ...(input.sync === 'Unknown' ? {} : { revision: input.revision }),
      comparedTo: input.comparedTo ?? { source: input.source, destination: input.destination },
    },
    health: { status: input.health.status, message: input.health.message },
    sourceType: 'Directory',
  };
  if (input.reconciledAtMs !== undefined) status.reconciledAt = toTimestamp(input.reconciledAtMs);
  if (input.operation) status.operationState = operationState(input.operation, input.revision, input.source);
  if (input.history.length > 0) status.history = input.history;
  status.resources = input.resources as ResourceStatus[];
  if (input.conditions.length > 0) status.conditions = input.conditions;
  return status;
}

/** `status.operationState`: the operation as requested, its phase, message, times and per-resource results. */
function operationState(
  op: NonNullable<StatusInput['operation']>,
  fallbackRevision: string,
  source: ApplicationSource,
): OperationState {
  const { record, request } = op;
  const revision = record.revision || fallbackRevision;
  return {
    operation: {
      sync: { ...request.sync, revision },
      initiatedBy: request.initiatedBy ?? {},
      ...(request.retry ? { retry: request.retry } : {}),
      ...(request.info ? { info: request.info } : {}),
    },
    phase: record.phase,
    message: record.message,
    startedAt: toTimestamp(record.startedAtMs),
    ...(record.finishedAtMs !== undefined ? { finishedAt: toTimestamp(record.finishedAtMs) } : {}),
    ...(record.retryCount > 0 ? { retryCount: record.retryCount } : {}),
    syncResult: {
      revision,
      // An operation that names its own source (a rollback's) records that one (controller/sync.go L141-L150).
      source: request.sync?.source ?? source,
      resources: publicList(record.results),
    },
  };
}

type SyncResultRow = OperationRecord['results'][number];
type PublicRow = Omit<SyncResultRow, 'order'>;

/**
 * A result row as `syncResult.resources` shows it, made once per row: the sync copies a row only when it changes
 * it, so an unchanged row stays the same object from one status write to the next, and the store's comparison of
 * the old and new status meets the same object instead of walking a thousand equal rows.
 */
const publicRows = new WeakMap<SyncResultRow, PublicRow>();

/** The whole list, made once per list: a tick that changes nothing hands on the same one. */
const publicLists = new WeakMap<readonly SyncResultRow[], PublicRow[]>();

function publicList(rows: readonly SyncResultRow[]): PublicRow[] {
  let out = publicLists.get(rows);
  if (!out) publicLists.set(rows, (out = rows.map(withoutOrder)));
  return out;
}

function withoutOrder(row: SyncResultRow): PublicRow {
  let out = publicRows.get(row);
  if (!out) {
    const { order: _order, ...rest } = row;
    publicRows.set(row, (out = rest));
  }
  return out;
}
