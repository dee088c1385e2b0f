import type { ResultCode, SyncPhase, TaskPhase } from '../types';

/**
 * One row of `status.operationState.syncResult.resources` (contract.md §1.2; engine `ResourceSyncResult`).
 * `namespace` is the task's, so cluster-scoped targets show the destination namespace, as in Argo CD.
 */
export interface SyncResultRow {
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
  /** Empty only when an infrastructure error hit a task that had no result yet. */
  status: ResultCode | '';
  message: string;
  hookType: SyncPhase | '';
  hookPhase: TaskPhase;
  syncPhase: SyncPhase;
  /** 1 + the number of results when this one was first recorded. */
  order: number;
  /** The container images of the object when the result was first recorded; absent when it has none. */
  images?: string[];
}
