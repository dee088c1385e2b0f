import { flushSync } from 'svelte';
import { AfterPaint, paints } from './afterPaint.svelte';

/**
 * How many rows of a long table below the fold are drawn: none until the page's first paint (AfterPaint), then
 * `STEP` more at a time while the browser is idle, until the whole table is drawn, and from then on every row,
 * however many the run has.
 *
 * many-resources' result table is 200 rows of nine cells and two status icons, and its order table 200 rows of
 * six: drawn in one task each was a task of about 300 ms after the page was ready, with the CPU 4× slower
 * (test/bench/pageBench.mjs (e′)), and it grows with the number of resources. In tasks of 25 rows each task was
 * still over 50 ms on a phone-class CPU, and a task that long delays a tap and counts against "interactive" (issue
 * 32). So the rows come in idle callbacks instead, each drawing steps of a few rows (drawn at once, flushSync,
 * so each step's cost is paid inside the callback) while the idle period has room for three more steps as long
 * as the last one, so a callback keeps to the browser's idle deadline (at most 50 ms) on a slow CPU too.
 * Only for a table that is not laid out while out of view (content-visibility: auto): a table is laid out whole,
 * so each step of one that is would lay out every row again (the order table took 18 layouts instead of 8).
 *
 * @example
 * const rows = new RowsInTasks(() => op.rows.length);
 * // {#each op.rows.slice(0, rows.shown) as row}…{/each}
 */
/** Rows drawn per step: few enough that a step takes a few ms on a fast CPU and well under 50 ms on a slow one. */
const STEP = 5;
/** How many idle periods a table with no rows yet waits for its first rows before it counts as drawn whole. */
const EMPTY_CHECKS = 40;

export class RowsInTasks {
  /** How many rows to draw: 0 before the first paint, Infinity once the whole table has been drawn. */
  shown = $state(0);

  constructor(length: () => number) {
    // Where nothing paints (jsdom in tests), every row is drawn at once, as AfterPaint draws every part.
    if (!paints()) {
      this.shown = Infinity;
      return;
    }
    // A table whose rows are not there yet (the order table before its planner has arrived) waits for them for a
    // few idle periods rather than counting as drawn whole: drawn whole, its 200 rows then came in one task.
    let emptyChecks = 0;
    const grow = (deadline?: IdleDeadline) => {
      let step: number;
      do {
        if (length() === 0 && this.shown === 0 && emptyChecks++ < EMPTY_CHECKS) {
          whenIdle(grow);
          return;
        }
        if (this.shown >= length()) {
          this.shown = Infinity;
          return;
        }
        const start = performance.now();
        this.shown += STEP;
        // Drawn now, not in a microtask after the callback: the time the step took is known before the next.
        flushSync();
        step = performance.now() - start;
      } while (deadline !== undefined && deadline.timeRemaining() > 3 * step);
      whenIdle(grow);
    };
    new AfterPaint(() => whenIdle(grow));
    // A page printed (or saved as PDF) before the browser was idle enough prints every row, not the first few.
    globalThis.addEventListener?.(
      'beforeprint',
      () => {
        this.shown = Infinity;
        flushSync();
      },
      { once: true },
    );
  }
}

/**
 * `grow` in the browser's next idle period, or within a second if the page is never idle (then with no time to
 * spare: one step); where there is no requestIdleCallback (Safari), in a task of its own.
 */
function whenIdle(grow: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(grow, { timeout: 1000 });
  else setTimeout(grow, 0);
}
