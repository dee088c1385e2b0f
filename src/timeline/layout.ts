import * as d3 from 'd3';
import { type SimEvent, syncPhases } from '../engine';
import { buildAttempts } from './attempts';
import { buildBands, buildDelays } from './bands';
import { buildHookSpans, deleteLabel } from './hookSpans';
import { buildLegend } from './legend';
import { buildMarkers, operationEndOf } from './markers';
import {
  aggregateSegments,
  countsRoom,
  groupLabel,
  groupRows,
  groupSpan,
  isGrouped,
  membersOf,
  type Grouping,
} from './groups';
import { buildRows, type RowData } from './rows';
import { buildSegments } from './segments';
import { labelSide } from './labelSide';
import { assignLanes, fontSize, textWidth } from './text';
import { rowLabel, type KindForm } from './rowLabel';
import { timeTicks } from './ticks';
import type { ObjectRow, Segment, TimelineLayout, TimelineRow } from './types';

export interface LayoutOptions {
  /** The width of the `<svg>` in CSS pixels. */
  width: number;
  /** Height of one row (default 24). */
  rowHeight?: number;
  /** The virtual time the axis runs to, in seconds (default: the last event, or the end of its delay). */
  endT?: number;
  /** The row labels' text size in px (default 12); lanes, rows and every label grow with it (presenter mode). */
  fontSize?: number;
  /** Whether rows are grouped by (phase, wave), and which groups are open (default: automatic, groups.ts). */
  grouping?: Grouping;
  /** Whether the legend is drawn under the rows (default true; presenter mode leaves it to the `?` dialog). */
  legend?: boolean;
  /**
   * The widest the label column may be, in px (a phone: its labels are pinned over a box a little over 350 px
   * wide, where a third of the drawing's width left the plot a third of the screen, issue 32).
   */
  maxLabelWidth?: number;
  /**
   * The width the legend is wrapped in, from the drawing's left edge, in px (default: the drawing's). A phone gives
   * its box's view: the legend is pinned there with the row labels while the drawing pans (render.ts), and wrapped at
   * the drawing's width it panned out of view (issue 32).
   */
  legendWidth?: number;
}

// Baselines of the text lanes above the rows: time axis, phase names, two lanes of wave labels.
const textLanes = { axis: 16, phase: 36, waves: [54, 70] as [number, number] };
const textTop = 80;
const padding = 8;

/**
 * Lays out a sync's event log as a timeline: x is virtual seconds since the operation started; there is one
 * row per resource and per hook, grouped under a heading per phase and ordered as Argo CD orders its tasks
 * (phase, wave, kind, name: argocd-semantics.md §2.5). Pure: it uses d3's scales and arrays, never the DOM.
 *
 * @example
 * const layout = layoutTimeline(result.events, { width: 1280 });
 * renderTimeline(svg, layout, { t: 12 });
 */
export function layoutTimeline(events: SimEvent[], options: LayoutOptions): TimelineLayout {
  const width = Math.max(320, options.width);
  const size = options.fontSize ?? fontSize;
  const k = size / fontSize;
  const rowHeight = options.rowHeight ?? Math.round(24 * k);
  const lanes = {
    axis: Math.round(textLanes.axis * k),
    phase: Math.round(textLanes.phase * k),
    waves: textLanes.waves.map((y) => Math.round(y * k)) as [number, number],
  };
  const plotTop = Math.round(textTop * k);

  // First the things in virtual time: rows, their health stretches, hook lives, markers, steps, delays.
  const rowData = buildRows(events);
  const delayTimes = buildDelays(events);
  const opEnd = operationEndOf(events);
  const lastT = d3.max([...events.map((e) => e.t), ...delayTimes.map((d) => d.t1)]) ?? 0;
  const domain: [number, number] = [0, Math.max(1, options.endT ?? 0, lastT)];
  const { bands: bandTimes, waves: waveTimes } = buildBands(events, opEnd?.t ?? domain[1]);

  // The label column is as wide as the longest label and detail, within about a third of the width. When that
  // is too narrow for both, the details (phase and wave, also in the hover card) give way to the labels.
  const labelWidth = d3.max(rowData, (r) => textWidth(`${r.ref.kind}/${r.ref.name}`, size)) ?? 0;
  let detailWidth = d3.max(rowData, (r) => textWidth(r.detail, size)) ?? 0;
  const wanted = padding + labelWidth + 2 * 12 + detailWidth;
  const left = Math.round(
    Math.min(
      Math.max(wanted, Math.min(120, options.maxLabelWidth ?? 120)),
      width * 0.35,
      options.maxLabelWidth ?? Infinity,
    ),
  );
  if (wanted > left) {
    for (const r of rowData) r.detail = '';
    detailWidth = 0;
  }
  const labelRoom = left - padding - 12 - (detailWidth ? 12 + detailWidth : 0);
  // One form for the whole column, decided over every resource row (shown or in a closed group, so that opening a
  // group changes no other label): kubectl's short kinds throughout once the widest `Kind/name` does not fit.
  const form: KindForm = labelWidth > labelRoom ? 'short' : 'whole';
  const right = width - 16;
  const x = d3.scaleLinear().domain(domain).range([left, right]);
  // A group row keeps room right of its label for its counts at the cursor. In a column too narrow for both (a
  // phone's, capped by maxLabelWidth) the label wins: the counts are in the group's hover card, and a label cut to
  // "▸ w…" says nothing.
  const groupCounts = left - padding - 12 - countsRoom >= textWidth('▸ wave 10 · 24', size);
  const groupLabelRoom = left - padding - 12 - (groupCounts ? countsRoom : 0);

  // Rows: a heading per phase that has rows, then that phase's rows in order. A grouped timeline puts a row
  // for each (phase, wave) step of two or more rows before them, and leaves them out while it is collapsed.
  const rows: TimelineRow[] = [];
  const shown: RowData[] = [];
  const phases = syncPhases.filter((phase) => rowData.some((r) => r.phase === phase));
  const grouped = isGrouped(options.grouping, rowData.length + phases.length);
  let y = plotTop;
  const pushObject = (r: RowData) => {
    const { events: _events, ...row } = r;
    const label = rowLabel(r.ref.kind, r.ref.name, labelRoom, size, form);
    rows.push({ ...row, label, y, height: rowHeight });
    shown.push(r);
    y += rowHeight;
  };
  for (const phase of phases) {
    rows.push({ type: 'header', key: `phase:${phase}`, label: phase, phase, y, height: rowHeight });
    y += rowHeight;
    for (const group of groupRows(rowData.filter((r) => r.phase === phase))) {
      if (!grouped || group.rows.length < 2) {
        group.rows.forEach(pushObject);
        continue;
      }
      const collapsed = !options.grouping?.expanded?.has(group.key);
      const members = membersOf(group, domain);
      const span = groupSpan(members);
      const label = groupLabel(group, collapsed, groupLabelRoom);
      const { key, wave } = group;
      rows.push({
        ...{ type: 'group', key, label, phase, wave, collapsed, members, y, height: rowHeight },
        span: span && { ...span, x0: x(span.t0), x1: span.t1 === null ? null : x(span.t1) },
      });
      y += rowHeight;
      if (!collapsed) group.rows.forEach(pushObject);
    }
  }
  const plot = { left, right, top: plotTop, bottom: y };
  const objectRows = new Map(rows.filter((r): r is ObjectRow => r.type === 'object').map((r) => [r.key, r]));
  const place = (rowKey: string) => {
    const row = objectRows.get(rowKey)!;
    return { y: row.y, height: row.height };
  };

  const segments: Segment[] = shown.flatMap((r) =>
    buildSegments(r, domain).map((s, i) => ({
      key: `${r.key}#${i}`,
      rowKey: r.key,
      ...s,
      ...px(s),
      ...place(r.key),
    })),
  );
  // A collapsed group's bar: its members' worst health at each moment.
  for (const row of rows) {
    if (row.type !== 'group' || !row.collapsed) continue;
    aggregateSegments(row.members).forEach((s, i) =>
      segments.push({
        key: `${row.key}#${i}`,
        rowKey: row.key,
        ...s,
        ...px(s),
        y: row.y,
        height: row.height,
      }),
    );
  }
  function px(s: { t0: number; t1: number }) {
    return { x0: x(s.t0), x1: x(s.t1) };
  }
  const side = (rowKey: string, at: number, label: string) =>
    labelSide(
      at,
      label,
      segments.filter((s) => s.rowKey === rowKey),
      plot,
      size,
    );

  const hookSpans = shown
    .filter((r) => r.hook)
    .flatMap((r) =>
      buildHookSpans(r, domain).map((h, i) => {
        const xDone = h.doneT === null ? null : x(h.doneT);
        const label = h.deletedBy ? deleteLabel(h.deletedBy) : '';
        const labelSide = side(r.key, x(h.t1), label);
        return { key: `${r.key}@${i}`, rowKey: r.key, ...h, ...px(h), xDone, ...place(r.key), labelSide };
      }),
    );
  // Keys stay the same when the log grows, so the renderer keeps each symbol's element.
  const markers = buildMarkers(shown).map((m) => ({
    key: `${m.rowKey}!${m.type}@${m.t}`,
    ...m,
    x: x(m.t),
    ...place(m.rowKey),
    labelSide: side(m.rowKey, x(m.t), m.label),
  }));

  const bands = bandTimes.map((b) => ({ ...b, ...px(b) }));
  const delays = delayTimes.map((d) => ({ ...d, ...px(d) }));
  const attempts = buildAttempts(events, domain[1]).map((a) => ({ ...a, ...px(a) }));
  const waveXs = waveTimes.map((w) => ({ x: x(w.t) + 3, width: textWidth(w.label, size) }));
  const waveLanes = assignLanes(waveXs, lanes.waves.length);
  const waves = waveTimes.map((w, i) => ({ ...w, x: x(w.t), lane: waveLanes[i] }));

  const footer = plot.bottom + Math.round(18 * k);
  const legend =
    options.legend === false
      ? { items: [], bottom: footer }
      : buildLegend(
          padding,
          Math.min(width, options.legendWidth ?? width) - padding,
          footer + Math.round(14 * k),
          size,
        );
  return {
    width,
    height: Math.ceil(legend.bottom + 4),
    rowHeight,
    fontSize: size,
    domain,
    plot,
    lanes: { ...lanes, footer },
    rows,
    segments,
    hookSpans,
    markers,
    bands,
    waves,
    delays,
    attempts,
    ticks: timeTicks(x),
    operationEnd: opEnd ? { ...opEnd, x: x(opEnd.t) } : null,
    legend: legend.items,
    groupCounts,
  };
}
