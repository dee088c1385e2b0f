/**
 * The page's first paint comes before the parts below the fold: each of them (the stack, the result table, the
 * order table) renders after that paint, one part per task, so that the page is drawn and answers sooner and no
 * single task is long (time to interactive; many-resources' below-the-fold parts are five of its six
 * thousand elements). A part created after the page's start (a view opened later) renders at once.
 *
 * Where nothing paints (no requestAnimationFrame, or jsdom in tests), every part renders at once.
 *
 * @example
 * const later = new AfterPaint();
 * // {#if later.ready}<table>…</table>{/if}
 */
export class AfterPaint {
  ready = $state(false);

  /** `then`, if given, runs once the part is ready (at once where it is ready at once). */
  constructor(then?: () => void) {
    if (started === 'done' || !paints()) {
      this.ready = true;
      then?.();
      return;
    }
    waiting.push(() => {
      this.ready = true;
      then?.();
    });
    if (started === 'no') {
      started = 'waiting';
      // A frame, then a task: the task runs after the frame has been painted.
      requestAnimationFrame(() => setTimeout(next, 0));
    }
  }
}

const waiting: (() => void)[] = [];
const drained: (() => void)[] = [];
let started: 'no' | 'waiting' | 'done' = 'no';

/** One part, then the next one in a task of its own. */
function next(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(next, 0);
  else {
    started = 'done';
    for (const done of drained.splice(0)) done();
  }
}

/**
 * Resolves once every part waiting for the page's first paint has rendered (at once where none waits): what
 * scrolls a part into view waits for it, or a part rendered above it afterwards would push it out of view again.
 */
export function partsRendered(): Promise<void> {
  if (started !== 'waiting') return Promise.resolve();
  return new Promise((done) => drained.push(done));
}

/** Whether the page paints frames: not without requestAnimationFrame, nor in jsdom (tests). */
export function paints(): boolean {
  return typeof requestAnimationFrame === 'function' && !/jsdom/i.test(globalThis.navigator?.userAgent ?? '');
}
