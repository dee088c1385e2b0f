// How the page benchmarks start Chromium: as the browser tests do (test/e2e/launchChromium.mjs); for the figures of
// a page's start, with V8 building a function's source positions as it compiles it rather than when first asked.
//
// Why: Playwright drives the browser through DevTools, and with DevTools' runtime on, V8 records where each Error was
// created, which needs the source positions of every function on the stack. The first Error of the page is one Svelte
// creates while the entry script is evaluated (its STALE_REACTION sentinel), so V8 parsed the whole entry (415 kB)
// again for the positions of its top level: 400 ms inside the module's evaluation with the CPU 4× slower, traced
// (V8.CollectSourcePositions). A user's browser has no DevTools attached and never does this: a startup trace of the
// same page without DevTools (chromium --trace-startup) shows no such parse. With the positions built while compiling
// (for the entry, on the thread that streams it in), a start counts a little more compile work than a user's browser
// does, and nothing at the Error.
//
// Only for the start: elsewhere the figures stay a user's. The simulation worker compiles much of the engine lazily
// while it plays a run, and building positions for each of those functions made an intervention's effect on a
// settled page 25–90% slower (three-tier 256 → 320 ms, many-resources 537 → 1,014 ms, 2026-12-07 13:40 UTC).
// PAGE_BENCH_LAZY_POSITIONS=1 measures the start the old way too.
import { launchChromium } from '../e2e/launchChromium.mjs';

/** The extra command line of the browser that measures a page's start (none with PAGE_BENCH_LAZY_POSITIONS=1). */
export const startBrowserArgs = process.env.PAGE_BENCH_LAZY_POSITIONS
  ? []
  : ['--js-flags=--no-enable-lazy-source-positions'];

/** The browser that measures a page's start: interactive, its long tasks, its trace. */
export function launchStartChromium() {
  return launchChromium({ args: startBrowserArgs });
}
