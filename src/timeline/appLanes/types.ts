import type { SegmentStatus, TimelineLayout } from '../types';

/** A stretch of one bar of an Application's lane: its value (an Argo CD status word) from `from` to `to`. */
export interface BarStretch {
  from: number;
  to: number;
  value: string;
}

export type BarId = 'operation' | 'sync' | 'health' | 'rollout';

/** What the layout is given for one Application (src/ui/platform/appLanesOf.ts builds it). */
export interface AppLaneInput {
  name: string;
  depth: number;
  createdAt: number;
  bars: Record<BarId, BarStretch[]>;
  operations: { t: number; by: string }[];
  /**
   * The cluster the Application is sent to, as `argocd cluster list` names it; set only when the run has several
   * clusters (appLaneClusters.ts), and then the lanes are grouped under a header row per cluster.
   */
  cluster?: LaneCluster;
}

/** A cluster as `argocd cluster list` names it: its name and its server (empty for a destination no cluster has). */
export interface LaneCluster {
  name: string;
  server: string;
}

/** A span of time over some lanes: a parent's sync wave, an ApplicationSet's rollout step, or an active sync window. */
export interface SpanInput {
  key: string;
  kind: 'wave' | 'step' | 'window';
  /** The words over the lanes: `platform wave -1`, `platform-stack step 2`. */
  label: string;
  t0: number;
  /** Undefined while the span has not ended by the end of the run (a step never done). */
  t1: number | undefined;
  apps: string[];
  /** A sync window's kind (kind 'window' only): a deny window holds syncs, an allow window lets them through. */
  windowKind?: 'allow' | 'deny';
}

export interface LaidBar {
  key: string;
  app: string;
  bar: BarId;
  value: string;
  status: SegmentStatus;
  t0: number;
  t1: number;
  y: number;
  height: number;
}

export interface LaidLane {
  name: string;
  label: string;
  depth: number;
  y: number;
  height: number;
  createdAt: number;
  operations: { t: number; by: string }[];
  /** A one-line summary for screen readers, at the end of the run. */
  summary: string;
  /** The cluster it is sent to, when the lanes are grouped by cluster. */
  cluster?: string;
  /** Where its name's middle is, when not the lane's middle (its cluster's name is written above it, inline). */
  nameY?: number;
}

/** A cluster's header row over the lanes of the Applications sent to it (several clusters only). */
export interface LaidCluster extends LaneCluster {
  y: number;
  /** 0 inline (presenter mode): the name is in its first lane's name column, with no row of its own. */
  height: number;
  apps: string[];
  inline: boolean;
  /** Where the middle of its words is. */
  textY: number;
}

export interface LaidSpan extends SpanInput {
  index: number;
  /** The span's end on the axis (the run's end for one that never ended). */
  end: number;
  y0: number;
  y1: number;
  /** Which header line its label sits on, -1 when it has no room (its title still says it). */
  labelLine: number;
  /** Where its label starts: 3 px after its line, or further left to end inside the drawing. */
  labelX: number;
}

/** Everything the app lanes draw, in pixels. `frame` is the shape the shared axis and cursor marks read. */
export interface AppLanesLayout {
  width: number;
  height: number;
  domain: [number, number];
  plot: TimelineLayout['plot'];
  frame: TimelineLayout;
  headerLines: number[];
  bars: BarId[];
  lanes: LaidLane[];
  stretches: LaidBar[];
  spans: LaidSpan[];
  /** The clusters' header rows, in the order drawn; empty on one cluster. */
  clusters: LaidCluster[];
}
