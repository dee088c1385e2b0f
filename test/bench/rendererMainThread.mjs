/**
 * The events of the page's main thread in a Chromium trace: of the renderer main threads (the trace names each
 * `CrRendererMain`), the one whose tasks ran longest, so an extension's or a worker's renderer is not mistaken for
 * it. Both trace benches (playTrace.mjs, pageLoadTrace.mjs) read their figures from these complete ('X') events.
 */
export function rendererMainEvents(events) {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
}

/**
 * Starts a Chromium trace of `categories` through the page's DevTools session `cdp`; the function it returns ends
 * the trace and resolves to its events.
 */
export async function startTrace(cdp, categories) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories },
  });
  return async () => {
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}
