import type {
  HealthStatusCode,
  OperationPhase,
  PodEvent,
  ResultCode,
  SyncPhase,
  SyncStatusCode,
  TaskPhase,
} from '../engine';

// The shape of a frame, apart from the fold that computes it (frameAt.ts, frameCursor.ts, frameFold.ts all read
// it), so that the three modules import it from here and not from each other.

/** One row of `syncResult.resources`, joined with the live health of its object. */
export interface ResultRow {
  key: string;
  group: string;
  kind: string;
  namespace: string;
  name: string;
  syncPhase: SyncPhase;
  wave: number;
  hookType: string;
  status: ResultCode | '';
  hookPhase: TaskPhase;
  message: string;
  health: HealthStatusCode | undefined;
  healthMessage: string;
}

/** A pod as `kubectl get pods` would show it at the cursor: the last `pod` event about it, without its time. */
export type PodMark = Omit<PodEvent, 't' | 'type'>;

/** A hook object the sync created, kept for a moment after its delete policy removed it. */
export interface HookMark {
  group: string;
  kind: string;
  namespace: string;
  name: string;
  phase: SyncPhase;
  wave: number;
  health: HealthStatusCode | undefined;
  healthMessage: string;
  /** Set once the sync deleted the hook: why, and when. */
  gone: { reason: string; t: number } | undefined;
}

/** Everything the page shows at one instant, computed from the event log alone. */
export interface Frame {
  t: number;
  /** How many events of the log have happened at the cursor. */
  count: number;
  operation: { phase: OperationPhase; message: string } | undefined;
  app: { sync: SyncStatusCode; health: HealthStatusCode; message: string } | undefined;
  step: { phase: SyncPhase; wave: number; t: number } | undefined;
  /** The controller is sleeping ARGOCD_SYNC_WAVE_DELAY after a step (argocd-semantics §2.11). */
  waveDelay: { phase: SyncPhase; wave: number; seconds: number; left: number } | undefined;
  results: ResultRow[];
  /** Health per object key (`group/Kind/namespace/name`), for hooks and managed resources alike. */
  health: ReadonlyMap<string, { status: HealthStatusCode; message: string }>;
  pods: PodMark[];
  hooks: HookMark[];
}
