// `node test/bench/playTrace.mjs`: where a frame goes while many-resources plays at 8× (pageBench.mjs's (f)), for
// comparing builds side by side on a busy machine. Each build plays in turn under a Chromium trace and a CPU
// profile, and per build it prints, summed over the play: the main thread's busy time, the time in style, layout,
// pre-paint and paint, the elements whose style was computed and the objects laid out (counts, which a busy
// machine does not change), and the JavaScript functions that took the most time of their own. Build a readable
// profile with `npx vite build --minify false --outDir /tmp/x`; each build's CPU profile is written to
// test-results/play-trace-N.cpuprofile.
//
// PLAY_TRACE_DISTS=dist,/tmp/other-build (default dist), PLAY_TRACE_SECONDS=N (default 4), PLAY_TRACE_SPEED (8),
// PLAY_TRACE_VIEWPORT=1280x720 (default 1920x1080, the page bench's).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/launchChromium.mjs';
import { serve } from '../e2e/serve.mjs';
import { installProbe, quantile, startFrames, stopFrames } from './pageProbes.mjs';
import { rendererMainEvents } from './rendererMainThread.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dists = (process.env.PLAY_TRACE_DISTS ?? 'dist').split(',').map((d) => resolve(d));
const seconds = Number(process.env.PLAY_TRACE_SECONDS) || 4;
const speed = Number(process.env.PLAY_TRACE_SPEED) || 8;
const [width, height] = (process.env.PLAY_TRACE_VIEWPORT ?? '1920x1080').split('x').map(Number);
const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** The functions with the most self time in a CPU profile, as "name file:line". */
function topFunctions(profile, n) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (!url) return;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n);
}

async function tracedPlay(browser, url) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.addInitScript(installProbe);
  await page.goto(`${url}?scenario=many-resources&speed=${speed}&t=40`);
  await page.waitForFunction(() => window.__bench.ready !== undefined, null, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await page.evaluate(startFrames);
  await page.click('[data-testid="play"]');
  await page.waitForTimeout(seconds * 1000);
  const deltas = await page.evaluate(stopFrames);
  // A running CSS animation restyles its element on every frame the page draws, composited or not.
  const animations = await page.evaluate(
    () => document.getAnimations().filter((a) => a.playState === 'running').length,
  );
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const on = rendererMainEvents(events);
  const sum = (name) => on.filter((e) => e.name === name).reduce((s, e) => s + e.dur / 1000, 0);
  return {
    frames: deltas.length,
    p95: quantile(deltas, 0.95),
    busy: sum('RunTask'),
    script: sum('FunctionCall') + sum('FireAnimationFrame'),
    style: sum('UpdateLayoutTree'),
    layout: sum('Layout'),
    prePaint: sum('PrePaint'),
    paint: sum('Paint'),
    styled: on
      .filter((e) => e.name === 'UpdateLayoutTree')
      .reduce((s, e) => s + (e.args?.elementCount ?? 0), 0),
    laidOut: on
      .filter((e) => e.name === 'Layout')
      .reduce((s, e) => s + (e.args?.beginData?.dirtyObjects ?? 0), 0),
    animations,
    top: topFunctions(profile, 12),
    profile,
  };
}

const browser = await launchChromium();
const servers = await Promise.all(dists.map((dist) => serve(dist)));
try {
  for (const [k, server] of servers.entries()) {
    const r = await tracedPlay(browser, server.url);
    const ms = (v) => `${Math.round(v)} ms`;
    console.log(
      `${dists[k]}: ${r.frames} frames in ${seconds} s, p95 ${r.p95.toFixed(1)} ms; main thread busy ${ms(r.busy)}: ` +
        `script ${ms(r.script)}, style ${ms(r.style)} (${r.styled} elements), layout ${ms(r.layout)} ` +
        `(${r.laidOut} objects), pre-paint ${ms(r.prePaint)}, paint ${ms(r.paint)}; ` +
        `${r.animations} CSS animations running at the end; per frame: ` +
        `${(r.styled / r.frames).toFixed(1)} elements restyled, ${(r.laidOut / r.frames).toFixed(1)} objects laid out`,
    );
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const file = join(root, 'test-results', `play-trace-${k}.cpuprofile`);
    writeFileSync(file, JSON.stringify(r.profile));
    console.log(`    CPU profile: ${file}`);
    for (const [name, time] of r.top) console.log(`    ${ms(time).padStart(7)} ${name}`);
  }
} finally {
  await browser.close();
  for (const server of servers) await server.close();
}
