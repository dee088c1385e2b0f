import type {
  ApplyEvent,
  DeleteEvent,
  HealthStatusCode,
  ObjectRef,
  OperationPhase,
  ResultCode,
  SyncPhase,
  TaskPhase,
} from '../engine';
import type { AttemptTimes } from './attempts';

/**
 * The numbers the timeline is drawn from. `layoutTimeline` computes them from the event log with no DOM;
 * `renderTimeline` joins them into an `<svg>`. Every item carries its virtual times (seconds, `t0`/`t1`/`t`)
 * and its pixel positions at zoom 1 (`x0`/`x1`/`x`), so the renderer can re-place it under a zoomed scale.
 */
export interface TimelineLayout {
  width: number;
  height: number;
  rowHeight: number;
  /** The size of the row labels, in px (12; presenter mode asks for more): every text and lane follows it. */
  fontSize: number;
  /** Virtual seconds shown at zoom 1: [start, end]. */
  domain: [number, number];
  /** The drawing area of the rows; time runs from `left` to `right`. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** Baselines (y) of the text lanes above and below the rows. */
  lanes: { axis: number; phase: number; waves: [number, number]; footer: number };
  rows: TimelineRow[];
  segments: Segment[];
  hookSpans: HookSpan[];
  markers: Marker[];
  bands: PhaseBand[];
  waves: WaveBoundary[];
  delays: DelayGap[];
  /** The attempts and back-offs of a retried operation (attempts.ts); absent or empty when none was retried. */
  attempts?: AttemptSpan[];
  ticks: Tick[];
  operationEnd: OperationEnd | null;
  legend: LegendItem[];
  /** Whether group rows draw their counts at the cursor in the label column (false where it is too narrow). */
  groupCounts: boolean;
}

/** What a bar shows: a health code, or 'none' while the object exists without a reported health. */
export type SegmentStatus = HealthStatusCode | 'none';

export type DeleteReason = DeleteEvent['reason'];

interface RowBase {
  key: string;
  label: string;
  y: number;
  height: number;
}

/** The heading of one phase group (PreSync, Sync, PostSync, SyncFail). */
export interface HeaderRow extends RowBase {
  type: 'header';
  phase: SyncPhase;
}

/** One resource or hook, with the history the tooltip reads. */
export interface ObjectRow extends RowBase {
  type: 'object';
  ref: ObjectRef;
  phase: SyncPhase;
  /** Null when the log never says the object's wave (a resource that was never acted on). */
  wave: number | null;
  hook: boolean;
  /** The short text beside the label, e.g. `wave 1` or `hook · wave 0`. */
  detail: string;
  applies: { t: number; result: ApplyEvent['result']; message: string }[];
  results: ResultEntry[];
  deletes: { t: number; reason: DeleteReason }[];
}

/**
 * One (phase, wave) step's rows as one: collapsed it stands for them (their worst health, their span, their
 * counts at the cursor); open it heads them. Only a grouped timeline has these (groups.ts).
 */
export interface GroupRow extends RowBase {
  type: 'group';
  phase: SyncPhase;
  wave: number | null;
  collapsed: boolean;
  members: GroupMember[];
  /** From the first apply to the moment the last member was Healthy (`t1` null: not all of them yet). */
  span: { t0: number; t1: number | null; x0: number; x1: number | null } | null;
}

/** What a group row knows of each of its rows, to count them at any moment. */
export interface GroupMember {
  key: string;
  ref: ObjectRef;
  hook: boolean;
  /** When it was first applied, or null when it never was. */
  applied: number | null;
  segments: { status: SegmentStatus; t0: number; t1: number }[];
}

export type TimelineRow = HeaderRow | ObjectRow | GroupRow;

export interface ResultEntry {
  t: number;
  /** Empty only when an infrastructure error hit the task before it had a result. */
  status: ResultCode | '';
  hookPhase: TaskPhase;
  message: string;
}

/** A stretch of one row during which the object's health stayed the same. */
export interface Segment {
  key: string;
  rowKey: string;
  status: SegmentStatus;
  message: string;
  t0: number;
  t1: number;
  x0: number;
  x1: number;
  y: number;
  height: number;
}

export type LabelSide = 'left' | 'right';

/** One instance of a hook object: created (or found) → completed → deleted (or still there at the end). */
export interface HookSpan {
  key: string;
  rowKey: string;
  t0: number;
  t1: number;
  x0: number;
  x1: number;
  /** The object existed before the log began (a leftover of an earlier sync). */
  preexisting: boolean;
  doneT: number | null;
  xDone: number | null;
  outcome: 'Succeeded' | 'Failed' | 'Error' | null;
  deletedBy: DeleteReason | null;
  y: number;
  height: number;
  /** Where the label goes at zoom 1; the renderer decides again at each zoom (labelSide.ts). */
  labelSide: LabelSide;
}

/** A moment on one row: a prune, a termination deletion or a failed apply. */
export interface Marker {
  key: string;
  rowKey: string;
  type: 'prune' | 'terminate' | 'apply-failed';
  t: number;
  x: number;
  y: number;
  height: number;
  label: string;
  /** Where the label goes at zoom 1; the renderer decides again at each zoom (labelSide.ts). */
  labelSide: LabelSide;
}

/** The time during which the operation was in one sync phase. */
export interface PhaseBand {
  key: string;
  phase: SyncPhase;
  index: number;
  t0: number;
  t1: number;
  x0: number;
  x1: number;
}

/** The start of a (phase, wave) step. */
export interface WaveBoundary {
  key: string;
  phase: SyncPhase;
  wave: number;
  t: number;
  x: number;
  label: string;
  /** Which of the two label lanes holds the label at zoom 1; -1 when it does not fit. */
  lane: number;
}

/** ARGOCD_SYNC_WAVE_DELAY after a step (argocd-semantics.md §2.11). */
export interface DelayGap {
  key: string;
  phase: SyncPhase;
  wave: number;
  seconds: number;
  t0: number;
  t1: number;
  x0: number;
  x1: number;
}

export interface Tick {
  t: number;
  x: number;
  label: string;
}

export interface OperationEnd {
  t: number;
  x: number;
  phase: OperationPhase;
  message: string;
}

export type LegendMark = 'hook' | 'prune' | 'delay' | 'operation-end' | 'cursor';

export interface LegendItem {
  key: string;
  label: string;
  status: SegmentStatus | null;
  mark: LegendMark | null;
  x: number;
  y: number;
}

/** One attempt, or one back-off between two, of a retried operation (argocd-semantics.md §5.3). */
export type AttemptSpan = AttemptTimes & { x0: number; x1: number };
