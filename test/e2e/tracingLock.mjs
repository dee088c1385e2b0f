// Chromium allows one trace at a time in a browser ("Tracing has already been started (possibly in another tab)"),
// and the browser cases run two at a time in one browser: the cases that trace (mainThreadTasks.mjs,
// layoutInvalidations.mjs) take turns through this lock.

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
