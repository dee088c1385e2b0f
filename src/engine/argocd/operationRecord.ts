import type { createActor } from 'xstate';
import type { SyncResultRow } from '../sync';
import type { OperationPhase, KubeObject, SourcePosition } from '../types';
import type { syncMachine } from './syncMachine';

/** The state of one operation, as `status.operationState` shows it. */
export interface OperationRecord {
  desired: readonly KubeObject[];
  positions: readonly (SourcePosition | undefined)[] | undefined;
  revision: string;
  startedAtMs: number;
  finishedAtMs?: number;
  results: SyncResultRow[];
  phase: OperationPhase;
  message: string;
  announced?: boolean;
  completed: boolean;
  retryCount: number;
  /** Whether the operation was terminated by the user (a terminated operation never retries, §5.3). */
  terminated?: boolean;
  /** Whether the controller's sync timeout terminated it (its message ends `, triggered by controller sync timeout`). */
  timedOut?: boolean;
  actor: ReturnType<typeof createActor<typeof syncMachine>>;
}
