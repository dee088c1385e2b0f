// `node test/bench/pageLoadTrace.mjs`: where a phone-class start of the page goes, for comparing builds on a busy
// machine. It loads each scenario cold at 390×844 with the CPU slowed 4× (as pageBench.mjs's (e′)) under a
// Chromium trace and prints, per build, the medians of: the layouts and the objects they laid out, the elements
// whose style was computed, the main thread's busy time, its time in long tasks (> 50 ms), the longest task, the
// time in style, layout and paint, and when the page was ready and interactive (pageProbes.mjs's definition).
// The main thread's CPU time is printed beside its busy time. The first three are counts: a busy machine changes the times several-fold from one load to the next, not them,
// so a change that adds work shows there first. Builds are loaded in turn, load by load, so both see one load.
//
// PAGE_TRACE_DISTS=dist,/tmp/other-build (default dist; build them first with `npx vite build --outDir …`),
// PAGE_TRACE_SCENARIOS=three-tier,many-resources (the default), PAGE_TRACE_LOADS=N (default 3).
import { resolve } from 'node:path';
import { launchStartChromium } from './benchBrowser.mjs';
import { serve } from '../e2e/serve.mjs';
import { installProbe, median } from './pageProbes.mjs';
import { rendererMainEvents, startTrace } from './rendererMainThread.mjs';

const dists = (process.env.PAGE_TRACE_DISTS ?? 'dist').split(',').map((d) => resolve(d));
const ids = (process.env.PAGE_TRACE_SCENARIOS ?? 'three-tier,many-resources').split(',');
const loads = Number(process.env.PAGE_TRACE_LOADS) || 3;
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** One cold load of `url`, traced until no long task has run for 1 s; returns its figures. */
async function tracedLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(installProbe);
  const stopTrace = await startTrace(cdp, categories);
  await page.goto(url);
  await page.waitForFunction(() => window.__bench.ready !== undefined, null, { timeout: 60_000 });
  let probe;
  for (const giveUp = Date.now() + 20_000; ;) {
    probe = await page.evaluate(() => ({
      ready: window.__bench.ready,
      lastEnd: Math.max(0, ...window.__bench.longTasks.map(([, end]) => end)),
      now: performance.now(),
    }));
    if (probe.now - Math.max(probe.ready, probe.lastEnd) >= 1000 || Date.now() > giveUp) break;
    await page.waitForTimeout(100);
  }
  const events = await stopTrace();
  await context.close();
  const on = rendererMainEvents(events);
  const tasks = on.filter((e) => e.name === 'RunTask').map((e) => e.dur / 1000);
  // The thread's CPU time (tdur): the work itself, which neither the throttling's pauses nor a busy machine stretch.
  const cpu = on.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const layouts = on.filter((e) => e.name === 'Layout');
  const rendering = ['Layout', 'UpdateLayoutTree', 'PrePaint', 'Paint'];
  return {
    layouts: layouts.length,
    laidOut: layouts.reduce((sum, e) => sum + (e.args?.beginData?.dirtyObjects ?? 0), 0),
    styled: on
      .filter((e) => e.name === 'UpdateLayoutTree')
      .reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0),
    busy: tasks.reduce((a, b) => a + b, 0),
    cpu,
    inLong: tasks.filter((ms) => ms > 50).reduce((a, b) => a + b, 0),
    longest: Math.max(...tasks),
    rendering: on.filter((e) => rendering.includes(e.name)).reduce((sum, e) => sum + e.dur / 1000, 0),
    ready: probe.ready,
    interactive: Math.max(probe.ready, probe.lastEnd),
  };
}

const browser = await launchStartChromium();
const servers = await Promise.all(dists.map((dist) => serve(dist)));
try {
  for (const id of ids) {
    const samples = dists.map(() => []);
    for (let i = 0; i < loads; i++)
      for (const [k, server] of servers.entries())
        samples[k].push(await tracedLoad(browser, `${server.url}?scenario=${id}`));
    console.log(`${id}, 390×844, CPU 4× slower (medians of ${loads} cold loads):`);
    for (const [k, s] of samples.entries()) {
      const m = (key) => Math.round(median(s.map((x) => x[key])));
      console.log(
        `  ${dists[k]}: ${m('layouts')} layouts of ${m('laidOut')} objects, ${m('styled')} elements styled; ` +
          `main thread busy ${m('busy')} ms (CPU ${m('cpu')} ms), ${m('inLong')} ms in long tasks, longest ${m('longest')} ms, ` +
          `style, layout and paint ${m('rendering')} ms; ready at ${m('ready')} ms, interactive at ${m('interactive')} ms`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
