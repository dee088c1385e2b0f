// How the page benchmarks start Chromium: as the browser tests do (test/e2e/launchChromium.mjs), and with V8 building
// a function's source positions as it compiles it, not later when first asked for them.
//
// Why: Playwright drives the browser through DevTools, and with DevTools' runtime on, V8 records where each Error was
// created, which needs the source positions of every function on the stack. The first Error of the page is one Svelte
// creates while the entry script is evaluated (its STALE_REACTION sentinel), so V8 parsed the whole entry (415 kB)
// again for the positions of its top level: 400 ms inside the module's evaluation with the CPU 4× slower, traced
// (V8.CollectSourcePositions). A user's browser has no DevTools attached and never does this: a startup trace of the
// same page without DevTools (chromium --trace-startup) shows no such parse. With the positions built while
// compiling (on the thread that streams the script in, for the entry), the bench counts a little more compile work
// than a user's browser does, and nothing at the Error. PAGE_BENCH_LAZY_POSITIONS=1 measures the old way.
import { launchChromium } from '../e2e/launchChromium.mjs';

export const benchBrowserArgs = process.env.PAGE_BENCH_LAZY_POSITIONS
  ? []
  : ['--js-flags=--no-enable-lazy-source-positions'];

export function launchBenchChromium() {
  return launchChromium({ args: benchBrowserArgs });
}
