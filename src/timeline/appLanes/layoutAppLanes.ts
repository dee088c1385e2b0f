import * as d3 from 'd3';
import { assignLanes, boldWidth, fontSize, textWidth, truncate } from '../text';
import { timeTicks } from '../ticks';
import type { SegmentStatus, TimelineLayout } from '../types';
import type {
  AppLaneInput,
  AppLanesLayout,
  BarId,
  LaidBar,
  LaidCluster,
  LaidLane,
  LaidSpan,
  SpanInput,
} from './types';

/** Each status word of an Application's bars drawn as the health status it reads like (same colours, textures). */
const asStatus: Record<string, SegmentStatus> = {
  Healthy: 'Healthy',
  Synced: 'Healthy',
  Succeeded: 'Healthy',
  Progressing: 'Progressing',
  Running: 'Progressing',
  Degraded: 'Degraded',
  Failed: 'Degraded',
  Error: 'Degraded',
  Suspended: 'Suspended',
  Terminating: 'Suspended',
  Pending: 'Suspended',
  Missing: 'Missing',
  OutOfSync: 'Missing',
  Unknown: 'Unknown',
  Waiting: 'Unknown',
};

const barHeight = 8;
const barGap = 2;
const rowPad = 6;
const presentingRowPad = 4;
const axisY = 16;
const headerTop = 26;
const headerLine = 16;
/** A cluster's header row: its name and server on one line of 13 px type, with room above for the rule. */
export const clusterRowHeight = 22;

/**
 * Lays out one lane per Application over the run's time axis, in the resource timeline's style (same axis,
 * cursor, colours and textures): per lane a bar for its operation phase, one for its sync status, one for its
 * health and, when an ApplicationSet rolls it out, one for the set's status of it. Waves of a parent and steps
 * of a set are spans over the lanes they concern, named in header lines above the lanes.
 */
export function layoutAppLanes(
  apps: readonly AppLaneInput[],
  spans: readonly SpanInput[],
  options: {
    width: number;
    endT: number;
    /**
     * Presenter mode: no header rows, whose height would shrink the lanes' type below what the back of a room
     * reads (presenterType.ts fits the drawing to the screen); the cluster's name is written in the name column of
     * its first lane instead, above that lane's name, its server in the lane's title and accessible name.
     */
    inlineClusters?: boolean;
  },
): AppLanesLayout {
  const inline = options.inlineClusters === true;
  const width = Math.max(320, options.width);
  const domain: [number, number] = [0, Math.max(options.endT, 1)];
  const bars: BarId[] = ['operation', 'sync', 'health'];
  if (apps.some((a) => a.bars.rollout.length > 0)) bars.push('rollout');
  const indent = 14;
  // What renderAppLanes.ts draws: the name 4 px in, indented by depth, with "└ " before a child's name. Measured
  // without the mark and the inset, a child's name ran into its lane's bars (└ namespaces in app-of-apps).
  const inset = (depth: number) => 4 + depth * indent + (depth > 0 ? textWidth('└ ', 13) : 0);
  const labelWidth = Math.min(
    Math.max(
      ...apps.map((a) => inset(a.depth) + textWidth(a.name, 13)),
      ...(inline ? apps.map((a) => (a.cluster ? 4 + textWidth(clusterWords(a.cluster.name), 13) : 0)) : []),
      60,
    ),
    Math.round(width * 0.28),
  );
  const plot = { left: labelWidth + 18, right: width - 12, top: 0, bottom: 0 };
  const x = d3.scaleLinear().domain(domain).range([plot.left, plot.right]);

  // The span labels first: they decide how many header lines the lanes start under.
  const ordered = [...spans].sort((a, b) => a.t0 - b.t0);
  // A label starts 3 px after its line, unless it would run past the drawing's right edge, where it was cut
  // ("platform-stack step 3" at 1024×768 in presenter mode): then it ends at the edge, over its line's left.
  const labelXs = ordered.map((s) => Math.min(x(s.t0) + 3, width - 2 - textWidth(s.label) * boldWidth));
  const labelLines = assignLanes(
    ordered.map((s, i) => ({ x: labelXs[i] - 3, width: textWidth(s.label) + 8 })),
    3,
  );
  const lines = Math.max(1, ...labelLines.map((l) => l + 1));
  const top = headerTop + lines * headerLine + 4;
  plot.top = axisY + 6;
  // Presenting, the lanes are tighter (4 px above and below the bars, not 6): presenterType.ts scales the drawing
  // to the screen, and at 1024×768 three clusters' lanes under a long story beat read at 16.8 px with the page's
  // padding, under the 18 px the back of a room needs.
  const pad = inline ? presentingRowPad : rowPad;
  const rowHeight = pad * 2 + bars.length * barHeight + (bars.length - 1) * barGap;

  const lanes: LaidLane[] = [];
  const stretches: LaidBar[] = [];
  const clusters: LaidCluster[] = [];
  // Several clusters: a header row opens each run of lanes sent to one cluster (the caller orders the lanes by
  // cluster, appLaneClusters.ts); lanes with no cluster (one cluster) have none, and are placed as before.
  let next = top;
  apps.forEach((app) => {
    const opens = app.cluster !== undefined && app.cluster.name !== clusters.at(-1)?.name;
    if (app.cluster && opens) {
      clusters.push({
        ...app.cluster,
        y: next,
        height: inline ? 0 : clusterRowHeight,
        apps: [],
        inline,
        textY: inline ? next + rowHeight * 0.3 : next + clusterRowHeight / 2 + 2,
      });
      if (!inline) next += clusterRowHeight;
    }
    if (app.cluster) clusters.at(-1)!.apps.push(app.name);
    const y = next;
    next += rowHeight;
    const available = labelWidth - inset(app.depth);
    const summary = bars
      .filter((b) => app.bars[b].length > 0)
      .map((b) => `${barLabels[b]} ${app.bars[b].at(-1)!.value}`)
      .join(', ');
    lanes.push({
      name: app.name,
      label: truncate(app.name, available, 13),
      depth: app.depth,
      y,
      height: rowHeight,
      createdAt: app.createdAt,
      operations: app.operations,
      summary,
      ...(app.cluster ? { cluster: app.cluster.name } : {}),
      // Inline, the first lane of a cluster has the cluster's name in its top half and its own in the bottom half.
      ...(inline && opens ? { nameY: y + rowHeight * 0.68 } : {}),
    });
    bars.forEach((bar, b) => {
      for (const s of app.bars[bar])
        stretches.push({
          key: `${app.name}:${bar}:${s.from}`,
          app: app.name,
          bar,
          value: s.value,
          status: asStatus[s.value] ?? 'Unknown',
          t0: s.from,
          t1: s.to,
          y: y + pad + b * (barHeight + barGap),
          height: barHeight,
        });
    });
  });
  const bottom = next;
  plot.bottom = bottom;

  const rowOf = new Map(lanes.map((l) => [l.name, l]));
  const laid: LaidSpan[] = ordered.map((s, index) => {
    const rows = s.apps.map((a) => rowOf.get(a)).filter((r): r is LaidLane => r !== undefined);
    return {
      ...s,
      index,
      end: s.t1 ?? domain[1],
      y0: rows.length ? Math.min(...rows.map((r) => r.y)) : top,
      y1: rows.length ? Math.max(...rows.map((r) => r.y + r.height)) : bottom,
      labelLine: labelLines[index],
      labelX: labelXs[index],
    };
  });

  const frame: TimelineLayout = {
    width,
    height: bottom + 8,
    rowHeight,
    // The lanes use the timeline's default type (presenter mode sizes the single-app timeline only).
    fontSize: 12,
    domain,
    plot,
    lanes: { axis: axisY, phase: headerTop, waves: [headerTop, top], footer: bottom },
    rows: [],
    segments: [],
    hookSpans: [],
    markers: [],
    bands: [],
    waves: [],
    delays: [],
    ticks: timeTicks(x),
    operationEnd: null,
    legend: [],
    groupCounts: false,
  };
  return {
    width,
    height: bottom + 8,
    domain,
    plot,
    frame,
    headerLines: Array.from({ length: lines }, (_, i) => headerTop + i * headerLine + fontSize),
    bars,
    lanes,
    stretches,
    spans: laid,
    clusters,
  };
}

/** A cluster's words in its header: `cluster dev`. */
export function clusterWords(name: string): string {
  return `cluster ${name}`;
}

export const barLabels: Record<BarId, string> = {
  operation: 'operation',
  sync: 'sync',
  health: 'health',
  rollout: 'rollout',
};
