import { flushSync } from 'svelte';
import { whenSettled } from '../../browser/whenSettled';

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

  /**
   * `then`, if given, runs once the part is ready (at once where it is ready at once). A part `belowFold` also
   * waits, on a screen where it is out of view (holdBelowFold), until someone may look at it: see openFold.
   */
  constructor(then?: () => void, options: { belowFold?: boolean } = {}) {
    const render = () => {
      this.ready = true;
      then?.();
    };
    if (!paints()) {
      render();
      return;
    }
    if (options.belowFold && fold !== 'open') {
      held.push(render);
      return;
    }
    if (started === 'done') {
      render();
      return;
    }
    queue(render);
  }
}

/** `render` in a task of its own after the parts already waiting (after the first paint if it has not come yet). */
function queue(render: () => void): void {
  waiting.push(render);
  if (started === 'no') {
    started = 'waiting';
    // A frame, then a task: the task runs after the frame has been painted.
    requestAnimationFrame(() => setTimeout(next, 0));
  } else if (started === 'done') {
    started = 'waiting';
    setTimeout(next, 0);
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
  openFold();
  if (started !== 'waiting') return Promise.resolve();
  return new Promise((done) => drained.push(done));
}

/** Whether the page paints frames: not without requestAnimationFrame, nor in jsdom (tests). */
export function paints(): boolean {
  return typeof requestAnimationFrame === 'function' && !/jsdom/i.test(globalThis.navigator?.userAgent ?? '');
}

/**
 * The parts below the fold (`belowFold`) on a screen where they start out of view: on a phone (390×844) the
 * first of them is two screens down, and building them in the seconds after the first paint (the guide, the
 * panels, the terminal, the tables, the manifests: each a task of 40–140 ms of CPU) kept a phone-class CPU busy
 * past the page's first second (issue 32, interactive at 390×844 with the CPU slowed 4×). They are built, one
 * per task as before, once someone may look at them (openFold): as soon as the page is scrolled, a key is pressed
 * (Tab, Ctrl+F, a shortcut), the page is touched or clicked, its address's fragment changes, a part asks for them
 * (partsRendered: a jump that scrolls below them) or the page is printed; else once the start has settled
 * (browser/whenSettled.ts: no long task for 1.5 s, then an idle moment), so they are there for find-in-page.
 * Only on a phone (the one-column layout, at most 700 px wide), and where `sentinel`, the last part of the first
 * screen, is more than half a screen below the view: elsewhere nothing is held.
 */
let fold: 'unknown' | 'held' | 'open' = 'unknown';
/** The widest screen laid out as a phone's (App.svelte's `@media (max-width: 700px)`). */
const phoneWidth = 700;
const held: (() => void)[] = [];
// Scroll on the window only (the page's own scrolling: a scroll area's, as the timeline's, does not reach it);
// the others in the capture phase, before a handler of the page can stop them.
const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown', 'hashchange'] as const;

/** Hold the parts below the fold while `sentinel` is more than half a screen below the view (called once). */
export function holdBelowFold(sentinel: Element | null): void {
  if (fold !== 'unknown') return;
  // Only in the phone's one-column layout (App.svelte's 700 px): a wider screen builds every part after the first
  // paint, as before, and its cases and figures stay as they were.
  const phone = typeof matchMedia === 'function' && matchMedia(`(max-width: ${phoneWidth}px)`).matches;
  if (!phone || !sentinel || typeof IntersectionObserver === 'undefined') {
    openFold();
    return;
  }
  fold = 'held';
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) openFold('at rest');
    },
    { rootMargin: '0px 0px 50% 0px' },
  );
  observer.observe(sentinel);
  for (const type of inputs) addEventListener(type, openFold, { capture: true, passive: true });
  addEventListener('scroll', openFold, { passive: true });
  addEventListener('beforeprint', renderAllNow);
  // Counted from the first frame, which comes after the first screen's controls are shown.
  requestAnimationFrame(() => void whenSettled().then(() => openFold('at rest')));
  stopWatching = () => {
    observer.disconnect();
    for (const type of inputs) removeEventListener(type, openFold, { capture: true });
    removeEventListener('scroll', openFold);
    removeEventListener('beforeprint', renderAllNow);
  };
}

let stopWatching = () => {};

/**
 * Let the held parts through, one per task. `cause` is 'at rest' where nobody has moved the page (the start
 * settled, or the first screen's end came near the view by itself); otherwise it is the event that opened it.
 */
export function openFold(cause?: unknown): void {
  if (fold === 'open') return;
  fold = 'open';
  movedBeforeOpen = cause !== 'at rest';
  stopWatching();
  for (const render of held.splice(0)) queue(render);
}

let movedBeforeOpen = false;

/**
 * Whether the page may have been scrolled or jumped when its held parts were let through (a scroll, a key, a
 * link's fragment, a jump): then a part built above what is in view would push it down (see keepInView).
 */
export function foldOpenedByMove(): boolean {
  return movedBeforeOpen;
}

/** Whether the parts below the fold are being held: only on a phone's full page, until openFold. */
export function foldHeld(): boolean {
  return fold === 'held';
}

/** A page printed (or saved as PDF) before the parts came prints them all: rendered now, not in tasks. */
function renderAllNow(): void {
  openFold();
  for (const render of waiting.splice(0)) render();
  flushSync();
}
