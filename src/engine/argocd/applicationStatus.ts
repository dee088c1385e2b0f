import { toTimestamp } from '../clock';
import type { Json } from '../types';
import { sortedRows, type ResourceRow } from './applicationView';
import type { OperationRecord } from './operationRunner';

/**
 * The `status` the application controller writes back onto an Application object (argocd-semantics.md §5.0,
 * §5.4; contract.md §1.2, §1.4): what `argocd app get -o json` shows, and what a parent's health Lua and the
 * ApplicationSet controller read from the store.
 */
export interface StatusInput {
  sync: string;
  health: { status: string; message: string };
  revision: string;
  source: Json;
  destination: Json;
  reconciledAtMs?: number;
  operation?: { request: Json; record: OperationRecord; partial: boolean };
  history: Json[];
  resources: ResourceRow[];
  conditions: Json[];
}

export function applicationStatus(input: StatusInput): Json {
  const status: Json = {
    sync: {
      status: input.sync,
      ...(input.sync === 'Unknown' ? {} : { revision: input.revision }),
      comparedTo: { source: input.source, destination: input.destination },
    },
    health: { status: input.health.status, message: input.health.message },
    sourceType: 'Directory',
  };
  if (input.reconciledAtMs !== undefined) status.reconciledAt = toTimestamp(input.reconciledAtMs);
  if (input.operation) status.operationState = operationState(input.operation, input.revision, input.source);
  if (input.history.length > 0) status.history = input.history;
  status.resources = sortedRows(input.resources);
  if (input.conditions.length > 0) status.conditions = input.conditions;
  return status;
}

/** `status.operationState`: the operation as requested, its phase, message, times and per-resource results. */
function operationState(
  op: NonNullable<StatusInput['operation']>,
  fallbackRevision: string,
  source: Json,
): Json {
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
      source,
      resources: record.results.map(({ order: _order, ...row }) => row),
    },
  };
}
