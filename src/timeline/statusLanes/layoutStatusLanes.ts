/** A stretch of time during which one status lane shows one value, with the colours that value is drawn in. */
export interface StatusLaneSegment {
  from: number;
  to: number;
  value: string;
  /** A CSS colour for the bar (statusLook.ts on the page). */
  color: string;
  /** A text colour that reads on `color`. */
  ink: string;
}

export interface StatusLaneInput {
  id: string;
  label: string;
  segments: StatusLaneSegment[];
}

export interface StatusLanesOptions {
  /** The drawing's width in px (the lanes' box). */
  width: number;
  /** The resource timeline's plot, so both cursors stand on one vertical line. */
  plot: { left: number; right: number };
  /** The stretch of time shown (the timeline's, zoomed or not). */
  domain: [number, number];
  /** The end of the run's axis: bars are clamped to [0, endT]. */
  endT: number;
  laneHeight: number;
  gap: number;
  /** The values' and names' text size in px. */
  fontSize: number;
}

export interface LaidStatusBar extends StatusLaneSegment {
  key: string;
  x0: number;
  x1: number;
  /** Whether the value's word fits inside its bar. */
  labelled: boolean;
}

export interface LaidStatusLane {
  id: string;
  label: string;
  y: number;
  bars: LaidStatusBar[];
  segments: StatusLaneSegment[];
}

export interface StatusLanesLayout {
  width: number;
  height: number;
  plot: { left: number; right: number };
  laneHeight: number;
  /** The space between two lanes, in px. */
  gap: number;
  fontSize: number;
  lanes: LaidStatusLane[];
  /** Virtual seconds to px, unclamped (the cursor and the reveal's edge). */
  x: (t: number) => number;
}

/**
 * Where the status lanes' bars go: one lane per row, each value a bar cut at the plot's edges (a zoomed view
 * shows part of the run), with its word inside when the bar is wide enough for it. Pure, so the drawing
 * (renderStatusLanes.ts) joins on it and a new cursor alone lays out nothing.
 *
 * @example
 * layoutStatusLanes(lanes, { width: 1280, plot: { left: 180, right: 1260 }, domain: [0, 60], endT: 60,
 *   laneHeight: 26, gap: 5, fontSize: 14 });
 */
export function layoutStatusLanes(lanes: StatusLaneInput[], options: StatusLanesOptions): StatusLanesLayout {
  const { plot, domain, endT, laneHeight, gap, fontSize } = options;
  const [t0, t1] = domain;
  const x = (time: number) =>
    endT <= 0
      ? 0
      : plot.left + ((Math.min(Math.max(time, 0), endT) - t0) / (t1 - t0)) * (plot.right - plot.left);
  const xIn = (time: number) => Math.min(Math.max(x(time), plot.left), plot.right);
  return {
    width: options.width,
    height: lanes.length * (laneHeight + gap),
    plot,
    laneHeight,
    gap,
    fontSize,
    x,
    lanes: lanes.map((lane, row) => ({
      id: lane.id,
      label: lane.label,
      y: row * (laneHeight + gap),
      segments: lane.segments,
      bars: lane.segments.map((segment, i) => {
        const x0 = xIn(segment.from);
        const x1 = xIn(segment.to);
        // About 8.5 px a letter at 14 px, and 6 px of margin either side.
        const labelled = x1 - x0 > (segment.value.length * 8.5 * fontSize) / 14 + 12;
        return { ...segment, key: `${lane.id}:${i}`, x0, x1, labelled };
      }),
    })),
  };
}
