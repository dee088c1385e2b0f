// Chromium allows one trace at a time in a browser ("Tracing has already been started (possibly in another tab)"),
// and the browser cases run two at a time in one browser: the cases that trace (mainThreadTasks.mjs,
// layoutInvalidations.mjs) take turns through this lock.

import { startTrace } from '../bench/rendererMainThread.mjs';

let tail = Promise.resolve();

/**
 * Waits until no other case traces, then returns `release`, which lets the next one start. It is also called when
 * `page` closes, so a case that fails between starting and stopping its trace does not hold the others.
 */
export async function acquireTracing(page) {
  let release;
  const turn = tail;
  tail = new Promise((resolve) => {
    release = resolve;
  });
  await turn;
  page.once('close', () => release());
  return () => release();
}

/**
 * Starts a trace of `categories` for `page` (through its DevTools session `cdp`) once no other case traces; the
 * function it returns ends the trace, lets the next case trace, and resolves to the trace's events.
 */
export async function traceInTurn(page, cdp, categories) {
  const release = await acquireTracing(page);
  const stop = await startTrace(cdp, categories).catch((error) => {
    release();
    throw error;
  });
  return () => stop().finally(release);
}
