// What pageBench.mjs measures inside the page and how it sums it up. The probe is installed before any script
// of the page runs (an init script), so its clock and its observers start at navigation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs in the page at navigation start. `ready` is the first moment the play button is there and enabled and
 * the status cards are drawn, sync and health showing a word (contract.md §2 test ids): a MutationObserver checks after each DOM change.
 * Long tasks are recorded so the bench can also wait for the main thread to go quiet.
 */
export function installProbe() {
  const bench = { ready: undefined, longTasks: [], frames: [], recording: false, shifts: [] };
  window.__bench = bench;
  // Layout shifts not caused by input (a click, a key), for the cumulative layout shift while playing.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) bench.shifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const play = document.querySelector('[data-testid="play"]');
    const words = ['sync-status', 'health-status'].map((id) =>
      document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim(),
    );
    // The Last Sync card is drawn, but its phase is empty while the Application has no operation yet (as Argo CD's
    // status without an operationState): app-of-apps-update opens on its parent before any sync.
    const phase = document.querySelector('[data-testid="operation-phase"]');
    if (!play || play.disabled || !phase || !words.every(Boolean)) return;
    bench.ready = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** In the page: record the time between consecutive animation frames until `stopFrames`. */
export function startFrames() {
  const bench = window.__bench;
  bench.frames = [];
  bench.recording = true;
  let last;
  const loop = (now) => {
    if (last !== undefined) bench.frames.push(now - last);
    last = now;
    if (bench.recording) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

/** In the page: stop recording and return the frame times, in ms. */
export function stopFrames() {
  window.__bench.recording = false;
  return window.__bench.frames;
}

/** The value at quantile `q` of `values` (nearest rank), e.g. q = 0.95 for the 95th percentile. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Cumulative layout shift as Chromium's web-vitals define it: shifts grouped in session windows (a gap under 1 s,
 * at most 5 s long); the largest window's sum. `shifts` is [[startTime ms, value], …] in time order.
 */
export function cumulativeLayoutShift(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [at, value] of shifts) {
    if (at - last > 1000 || at - first > 5000) {
      sum = 0;
      first = at;
    }
    sum += value;
    last = at;
    best = Math.max(best, sum);
  }
  return best;
}

export function median(values) {
  return quantile(values, 0.5);
}

/**
 * The JavaScript files a page loads before any user action: the entry scripts of `index.html`, its
 * modulepreload links, and everything they import statically, transitively. A dynamic `import()` is a lazily
 * loaded chunk and is left out. Paths are relative to `dist`.
 */
export function staticClosure(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => normalize(m[1]));
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(dist, path), 'utf8');
    // Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import(`.
    for (const m of code.matchAll(
      /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
    )) {
      visit(normalize(join(path, '..', m[1])));
    }
  };
  entries.forEach(visit);
  return seen;
}

function normalize(path) {
  return join('.', path).replace(/^\/+/, '');
}

/**
 * The probe's figures, read through the DevTools protocol with one short expression: Playwright's
 * `page.evaluate` and `waitForFunction` first inject a script of their own into the page, and compiling it was a
 * task of the page's main thread in the middle of the start being measured (61 ms with the CPU 4× slower).
 */
export async function readProbe({ cdp }) {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression:
      '({ ready: window.__bench.ready, lastEnd: Math.max(0, ...window.__bench.longTasks.map(([, end]) => end)), now: performance.now() })',
    returnByValue: true,
  });
  return result.value;
}

/**
 * Wait until no long task has run for `quietMs` (at most 15 s); returns [ready, end of the last long task] in
 * page ms.
 */
export async function settle(session, quietMs = 1000) {
  for (const giveUp = Date.now() + 15_000; ;) {
    const { ready, lastEnd, now } = await readProbe(session);
    if (now - Math.max(ready, lastEnd) >= quietMs || Date.now() > giveUp) return [ready, lastEnd];
    await session.page.waitForTimeout(100);
  }
}
