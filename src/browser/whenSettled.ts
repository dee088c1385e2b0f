/**
 * Resolves once the page's start has settled: no task has kept the main thread for over 50 ms (a long task, as
 * the browser reports it) for `quietMs`, and then the browser is idle; or after `atMostMs` whatever happens, so
 * that a page that is never quiet still gets there. What is built then (the parts of a phone's page far below the
 * fold, issue 32) no longer delays the taps of the page's first seconds. Where the browser reports no long tasks
 * (Safari, Firefox), `quietMs` after the call stands in.
 *
 * @example
 * void whenSettled().then(() => buildTheRest());
 */
export function whenSettled(quietMs = 1500, atMostMs = 8000): Promise<void> {
  return new Promise((settled) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(atMost);
      observer?.disconnect();
      settled();
    };
    // The observer's reports come late (at the browser's leisure, after the task): a long task that ran just
    // before a timer fired may not be reported yet. takeRecords() reads what is pending now, so such a task
    // restarts the quiet spell instead of ending it (a part was built 24 ms after a long task, at a load of 7).
    const stillQuiet = () => {
      if ((observer?.takeRecords().length ?? 0) === 0) return true;
      restart();
      return false;
    };
    const idle = () => {
      if (!stillQuiet()) return;
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => stillQuiet() && done(), { timeout: quietMs });
      else done();
    };
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(idle, quietMs);
    };
    const atMost = setTimeout(done, atMostMs);
    if (
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes('longtask')
    ) {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'longtask' });
    }
    restart();
  });
}
