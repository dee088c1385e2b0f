import type { PodEvent, SimEvent } from '../../engine/events';
import type {
  HealthStatusCode,
  OperationPhase,
  ResultCode,
  SyncPhase,
  SyncStatusCode,
  TaskPhase,
} from '../../engine/types';
import { FrameCursor } from './frameCursor';

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

export { HOOK_LINGER_SECONDS, objectKey } from './frameFold';

/** One cursor per log, so that successive calls on the same log fold only the events in between. */
const cursors = new WeakMap<readonly SimEvent[], FrameCursor>();

/**
 * The state of the page at virtual time `t`: a fold over every event with `event.t <= t`. Playing, stepping
 * and scrubbing all land here, so they show exactly the same thing at the same `t`.
 *
 * The log is read once per move of the cursor, not once per call: a cursor kept per log folds only the events
 * a forward move passes, and parts of the frame that did not change keep their identity (see FrameFold).
 */
export function frameAt(events: readonly SimEvent[], t: number): Frame {
  let cursor = cursors.get(events);
  if (!cursor) cursors.set(events, (cursor = new FrameCursor(events)));
  return cursor.at(t);
}
