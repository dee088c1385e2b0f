// The page's main-thread tasks and the CPU time each used, from a Chromium trace (CDP Tracing): what a browser case
// asserts on when it asks that no task blocks the page for long. A task's CPU time, unlike its wall time (the
// Performance API's long tasks), is not stretched when a busy machine keeps the thread waiting for a core, so
// the same bound holds at any load (issue 31: `npm test` must pass on a busy machine).
import { acquireTracing } from './tracingLock.mjs';

/**
 * Starts tracing `page`; `stop()` ends it and returns every task of the renderer's main thread, longest CPU time
 * first: `{ cpuMs, wallMs, where }`, `where` naming the longest piece of work inside the task (a function with its
 * file and line, a layout, a paint) so that a failure says what to look at.
 */
export async function mainThreadTasks(page) {
  // A trace is the whole browser's: other cases' pages, run at the same time, have renderer main threads in it too.
  // Only the process of this page's frame counts (its URL now, as the trace's first event lists the frames).
  const url = page.url();
  const release = await acquireTracing(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    },
    transferMode: 'ReturnAsStream',
  });
  return {
    async stop() {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      const { stream } = await complete.finally(release);
      let text = '';
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle: stream });
      await cdp.detach();
      const parsed = JSON.parse(text);
      return tasksOf(Array.isArray(parsed) ? parsed : parsed.traceEvents, url);
    },
  };
}

/**
 * The main-thread tasks of a trace's events (exported for its own check of a hand-made trace): of the renderer
 * whose frame has `url` when the trace names the frames, else of every renderer.
 */
export function tasksOf(events, url) {
  const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames ?? [];
  const pids = new Set(frames.filter((f) => url !== undefined && f.url === url).map((f) => f.processId));
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .filter((e) => pids.size === 0 || pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && typeof e.tdur === 'number');
  return tasks
    .map((task) => {
      const end = task.ts + task.dur;
      let longest;
      for (const e of onMain) {
        if (e === task || e.pid !== task.pid || e.tid !== task.tid || /RunTask/.test(e.name)) continue;
        if (e.ts < task.ts || e.ts + e.dur > end) continue;
        if (!longest || e.dur > longest.dur) longest = e;
      }
      return {
        cpuMs: Math.round(task.tdur / 1000),
        wallMs: Math.round(task.dur / 1000),
        where: longest ? describe(longest) : 'RunTask',
      };
    })
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

function describe(event) {
  const data = event.args?.data ?? {};
  const at = data.url ? ` ${data.url.split('/').pop()}:${data.lineNumber ?? '?'}` : '';
  return `${event.name}${data.functionName ? ` ${data.functionName}` : ''}${at}`;
}
