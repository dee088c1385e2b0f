/**
 * What the page's drawings in time (the resource timeline, the status lanes, the Applications' lanes) show of a
 * run. Two modes hide the future, and they hide it in one way, so every drawing applies this one value alike:
 *
 * - Predict mode, until the run's end, hides even what is still to come: the drawings lay out only the log the
 *   cursor has passed (rows of resources not created yet are not drawn at all), on an axis that ends at a
 *   horizon a little ahead of the cursor, so the run's length gives nothing away either.
 * - "Reveal as you go" (`reveal=1`, the presenter's toggle) keeps the whole log and the whole run's axis: the room
 *   sees the rows and how long the run is, not how it ends.
 *
 * In both, nothing placed in time is drawn after the cursor (`until`).
 */
export interface RevealedTime {
  /** Nothing placed in time is drawn after this virtual time; undefined: the whole run is drawn. */
  until: number | undefined;
  /** Which log the drawings lay out: the whole run's, or only what the cursor has passed (predict). */
  log: 'whole' | 'passed';
  /** Where the drawings' axis ends, in virtual seconds. */
  endT: number;
}

export interface RevealedTimeInput {
  /** The cursor's virtual time. */
  t: number;
  /** The run's end: the axis's end when the whole run is drawn. */
  endT: number;
  /** Predict mode's state: whether it hides the future now, and the axis's end while it does. */
  predict: { hiding: boolean; horizon: number };
  /** Whether the presenter's "reveal as you go" is on. */
  reveal: boolean;
}

/**
 * The one value every drawing in time reads (src/ui/page/TimeSection.svelte passes it on).
 *
 * @example
 * revealedTime({ t: 12, endT: 60, predict: { hiding: false, horizon: 20 }, reveal: true });
 * // { until: 12, log: 'whole', endT: 60 }
 */
export function revealedTime({ t, endT, predict, reveal }: RevealedTimeInput): RevealedTime {
  if (predict.hiding) return { until: t, log: 'passed', endT: predict.horizon };
  if (reveal) return { until: t, log: 'whole', endT };
  return { until: undefined, log: 'whole', endT };
}
