import { scaleLinear } from 'd3';
import { formatSeconds, timeTicks } from '../../timeline/ticks';
import { textWidth, truncate } from '../../timeline/text';
import type { Comparison } from './compareRuns';
import { degradedWord, healthyWord } from './milestones';

/**
 * The compare view's drawing, laid out without a DOM: one block of rows per run, every block on the
 * same x scale and with the same label column, so one virtual time is one x in every run (that is what makes
 * the runs comparable at a glance), whatever each run's labels. Pure: the Svelte view only draws it with d3.
 */

export type BarStatus = 'Progressing' | 'Healthy' | 'Degraded';

export interface CompareBar {
  x0: number;
  x1: number;
  status: BarStatus;
}

export interface CompareRow {
  key: string;
  label: string;
  /** The whole label, for the hover title when the shown one is cut. */
  title: string;
  y: number;
  /** The bars' top and height within the row. */
  barY: number;
  barHeight: number;
  bars: CompareBar[];
}

export interface RunBlock {
  rows: CompareRow[];
  height: number;
  /** Where the run's operation(s) ended, if they did. */
  end?: { x: number; label: string; failed: boolean };
}

export interface CompareLayout {
  width: number;
  fontSize: number;
  rowHeight: number;
  /**
   * Labels over their bars rather than in a column beside them: on a phone a column wide enough for the names
   * would leave the plot a sliver, and one narrow enough cut every name (stacked).
   */
  labelAbove: boolean;
  /** The plot's left and right edges, the same in every block. */
  plot: { left: number; right: number; top: number };
  domain: [number, number];
  ticks: { x: number; label: string }[];
  blocks: RunBlock[];
  /** The first divergence's x, when the runs differ. */
  divergenceX?: number;
  /** x of virtual time t (the cursor), clamped to the axis. */
  x: (t: number) => number;
}

export interface CompareLayoutOptions {
  width: number;
  /** Row labels' size in px (12; presenter mode asks for more). */
  fontSize?: number;
}

/** Lay the comparison out at `width`: one block per run, a shared axis, the first divergence's x. */
export function layoutComparison(comparison: Comparison, options: CompareLayoutOptions): CompareLayout {
  const size = options.fontSize ?? 12;
  const width = Math.max(280, options.width);
  const labelAbove = width < 560;
  const rowHeight = Math.round(size * (labelAbove ? 2.5 : 1.9));
  const labelOf = (kind: string, name: string, hook: boolean) => `${hook ? 'hook ' : ''}${kind}/${name}`;
  const longest = Math.max(
    0,
    ...comparison.milestones.flatMap((run) =>
      run.subjects.map((s) => textWidth(labelOf(s.kind, s.name, s.hook), size)),
    ),
  );
  // The label column: as wide as the longest label, within 45 % of the width (a phone cuts labels, not the plot;
  // at 45 % a projector's 1024 px keeps presenter mode's 24 px labels whole, "Application/platform-database" too).
  const left = labelAbove ? Math.round(size) : Math.round(Math.min(longest + 12, width * 0.45));
  const right = width - Math.round(size * 1.5);
  const top = Math.round(size * 1.8);
  const scale = scaleLinear().domain(comparison.domain).range([left, right]);
  const x = (t: number) => scale(Math.min(Math.max(t, comparison.domain[0]), comparison.domain[1]));
  const end = comparison.domain[1];
  const blocks = comparison.milestones.map((run): RunBlock => {
    const rows = run.subjects.map((s, i): CompareRow => {
      const bars: CompareBar[] = [];
      if (s.createdAt !== undefined) {
        const healthy = s.healthyAt;
        const degraded = s.degradedAt;
        const firstEnd = Math.min(healthy ?? end, degraded ?? end);
        bars.push({ x0: x(s.createdAt), x1: x(firstEnd), status: 'Progressing' });
        if (degraded !== undefined && (healthy === undefined || degraded < healthy))
          bars.push({ x0: x(degraded), x1: x(healthy ?? end), status: 'Degraded' });
        // A hook's life ends when it completes (its delete policy removes it); a workload stays Healthy.
        if (healthy !== undefined && !s.hook) bars.push({ x0: x(healthy), x1: x(end), status: 'Healthy' });
        if (healthy !== undefined && s.hook)
          bars.push({ x0: x(healthy), x1: Math.min(x(end), x(healthy) + 3), status: 'Healthy' });
      }
      const full = labelOf(s.kind, s.name, s.hook);
      const title = `${full}: ${[
        s.createdAt !== undefined ? `created ${s.createdAt.toFixed(1)} s` : '',
        s.degradedAt !== undefined ? `${degradedWord(s)} ${s.degradedAt.toFixed(1)} s` : '',
        s.healthyAt !== undefined ? `${healthyWord(s)} ${s.healthyAt.toFixed(1)} s` : '',
      ]
        .filter(Boolean)
        .join(', ')}`;
      const y = top + i * rowHeight;
      const label = labelAbove ? truncate(full, right - left, size) : truncate(full, left - 8, size);
      const barY = labelAbove ? y + Math.round(size * 1.25) : y + Math.round(rowHeight * 0.2);
      const barHeight = labelAbove ? Math.round(size * 0.9) : Math.round(rowHeight * 0.6);
      return { key: s.key, label, title, y, barY, barHeight, bars };
    });
    const ended = run.end;
    return {
      rows,
      height: top + rows.length * rowHeight + Math.round(size * 0.6),
      end: ended
        ? {
            x: x(ended.t),
            label: `${ended.phase} at ${formatSeconds(ended.t).replace(/s$/, ' s')}`,
            failed: ended.phase !== 'Succeeded',
          }
        : undefined,
    };
  });
  return {
    width,
    fontSize: size,
    rowHeight,
    labelAbove,
    plot: { left, right, top },
    domain: comparison.domain,
    ticks: timeTicks(scale).map((tick) => ({ x: tick.x, label: tick.label })),
    blocks,
    divergenceX: comparison.divergence ? x(comparison.divergence.t) : undefined,
    x,
  };
}
