import { AfterPaint, paints } from './afterPaint.svelte';

/**
 * How many rows of a long table below the fold are drawn: none until the page's first paint (AfterPaint), then
 * `STEP` more per task until the whole table is drawn, and from then on every row, however many the run has.
 * many-resources' result table is 200 rows of nine cells and two status icons: drawn in one task it was a task of
 * about 300 ms after the page was ready, with the CPU 4× slower (test/bench/pageBench.mjs (e′)), and it grows with
 * the number of resources; in steps of 25 a tap or a key is answered between two of them. Only for a table that
 * is not laid out while out of view (content-visibility: auto): a table is laid out whole, so each step of one
 * that is would lay out every row again (the order table took 18 layouts instead of 8).
 *
 * @example
 * const rows = new RowsInTasks(() => op.rows.length);
 * // {#each op.rows.slice(0, rows.shown) as row}…{/each}
 */
/** Rows drawn per task: few enough that a tap or a key is answered between two tasks on a slow phone. */
const STEP = 25;

export class RowsInTasks {
  /** How many rows to draw: 0 before the first paint, Infinity once the whole table has been drawn. */
  shown = $state(0);

  constructor(length: () => number) {
    // Where nothing paints (jsdom in tests), every row is drawn at once, as AfterPaint draws every part.
    if (!paints()) {
      this.shown = Infinity;
      return;
    }
    const grow = () => {
      if (this.shown >= length()) {
        this.shown = Infinity;
        return;
      }
      this.shown += STEP;
      // A task of its own for each step, so the browser can answer input in between.
      setTimeout(grow, 0);
    };
    new AfterPaint(grow);
  }
}
