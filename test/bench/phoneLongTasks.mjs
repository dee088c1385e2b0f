// `node test/bench/phoneLongTasks.mjs`: the long tasks of a phone-class start, one by one, and what each one is.
// It loads each scenario cold at 390×844 with the CPU slowed 4× (as pageBench.mjs's (e′)) under a Chromium trace
// with V8's sampling profiler, until no long task has run for 1 s (pageProbes.mjs's "interactive"), and prints
// every main-thread task longer than 50 ms of wall time: when it started (ms from navigation), its wall and CPU
// time, the kinds of work inside it (script by entry point, style, layout, paint, garbage collection) and the
// functions that used the most of its samples. With a build made with `--sourcemap`, those functions are named by
// their source file and line. pageLoadTrace.mjs gives the medians; this says which task to remove.
//
// PAGE_TASKS_DIST=dist (a build directory), PAGE_TASKS_SCENARIOS=three-tier,app-of-apps,many-resources,
// PAGE_TASKS_LOADS=1, PAGE_TASKS_RATE=4 (the CPU slow-down), PAGE_TASKS_MIN=50 (ms of wall time),
// PAGE_TASKS_AFTER=4000 (ms traced after "interactive": what the page builds once settled is marked so),
// PAGE_TASKS_SAVE=dir (also write each load's trace there, as <scenario>-<load>.json, to open in DevTools).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { launchStartChromium } from './benchBrowser.mjs';
import { serve } from '../e2e/serve.mjs';
import { installProbe, readProbe, settle } from './pageProbes.mjs';
import { startTrace } from './rendererMainThread.mjs';

const dist = resolve(process.env.PAGE_TASKS_DIST ?? 'dist');
const ids = (process.env.PAGE_TASKS_SCENARIOS ?? 'three-tier,app-of-apps,many-resources').split(',');
const loads = Number(process.env.PAGE_TASKS_LOADS) || 1;
const rate = Number(process.env.PAGE_TASKS_RATE) || 4;
const minWall = Number(process.env.PAGE_TASKS_MIN) || 50;
const after = Number(process.env.PAGE_TASKS_AFTER ?? 4000);
const categories = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
];

const maps = new Map();
/** `url:line:col` of a function, through the build's source map when it has one. */
function where(frame) {
  const file = (frame.url ?? '').split('/').pop();
  if (!file) return frame.functionName || '(native)';
  if (!maps.has(file)) {
    const path = join(dist, 'assets', `${file}.map`);
    // The compile hint's first line (src/build/compileHintsPlugin.ts) comes after the map was made: one line off.
    const js = join(dist, 'assets', file);
    const shift =
      existsSync(js) && readFileSync(js, 'utf8').startsWith('//# allFunctionsCalledOnLoad') ? 1 : 0;
    maps.set(file, existsSync(path) ? { map: new TraceMap(readFileSync(path, 'utf8')), shift } : null);
  }
  const { map, shift } = maps.get(file) ?? {};
  if (map && frame.lineNumber + 1 - shift >= 1) {
    const at = originalPositionFor(map, { line: frame.lineNumber + 1 - shift, column: frame.columnNumber });
    if (at.source)
      return `${at.name ?? frame.functionName ?? '?'} ${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
}

/** The main thread's samples: [{ ts µs, frames: [leaf, …, root] }] from the trace's ProfileChunk events. */
function samplesOf(events, pid, tid) {
  const profiles = new Map();
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid)
      profiles.set(`${e.pid}:${e.id}`, { start: e.args.data.startTime, nodes: new Map(), samples: [] });
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profiles.has(`${e.pid}:${e.id}`)) continue;
    const p = profiles.get(`${e.pid}:${e.id}`);
    const cpu = e.args.data.cpuProfile ?? {};
    for (const node of cpu.nodes ?? []) p.nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    let t = p.last ?? p.start;
    (cpu.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      p.samples.push([t, id]);
    });
    p.last = t;
  }
  const out = [];
  for (const p of profiles.values())
    for (const [ts, id] of p.samples) {
      const frames = [];
      for (let n = p.nodes.get(id); n; n = p.nodes.get(n.parent)) frames.push(n.callFrame);
      out.push({ ts, frames });
    }
  return out;
}

const kinds = {
  Layout: 'layout',
  UpdateLayoutTree: 'style',
  Paint: 'paint',
  PrePaint: 'prepaint',
  Layerize: 'layerize',
  ParseHTML: 'parse HTML',
  MinorGC: 'GC',
  MajorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  'BlinkGC.AtomicPhase': 'GC',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  ParseAuthorStyleSheet: 'parse CSS',
};

async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(installProbe);
  const stopTrace = await startTrace(cdp, categories);
  await page.goto(url);
  // The probe is read through the DevTools protocol (pageProbes.mjs's readProbe): Playwright's evaluate would
  // inject a script of its own, a long task of the page at 4×.
  for (const giveUp = Date.now() + 60_000; (await readProbe({ cdp })).ready === undefined;) {
    if (Date.now() > giveUp) throw new Error(`${url}: not ready within 60 s`);
    await page.waitForTimeout(100);
  }
  const [ready, lastEnd] = await settle({ cdp, page });
  // The long tasks the page itself saw (the bench's measure): [start, end] in ms from navigation.
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: 'window.__bench.longTasks',
    returnByValue: true,
  });
  const probe = { ready, lastEnd, longTasks: result.value };
  // Then a few seconds more: what the page builds once it has settled is listed too, after "interactive".
  await page.waitForTimeout(after);
  const events = await stopTrace();
  await context.close();
  return { events, probe };
}

function report(events, probe, url) {
  // The renderer that parsed the page's HTML: Chromium's own pages (its new-tab page) run in the trace too.
  const page = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  const mains = events.filter(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      (!page || (e.pid === page.pid && e.tid === page.tid)),
  );
  const busy = new Map();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mains.some((m) => m.pid === e.pid && m.tid === e.tid))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const [pid, tid] = [...busy]
    .sort((a, b) => b[1] - a[1])[0][0]
    .split(':')
    .map(Number);
  const on = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? on[0].ts;
  const samples = samplesOf(events, pid, tid);
  const tasks = on.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const cpuTotal = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  const lines = [
    `  ready at ${Math.round(probe.ready)} ms, interactive at ${Math.round(Math.max(probe.ready, probe.lastEnd))} ms; ` +
      `main thread CPU ${Math.round(cpuTotal)} ms in ${tasks.length} tasks`,
    `  long tasks the page saw: ${probe.longTasks.map(([s, e]) => `${Math.round(s)}–${Math.round(e)}`).join(', ')}`,
  ];
  for (const task of tasks) {
    if (task.dur / 1000 <= minWall) continue;
    const end = task.ts + task.dur;
    const inside = on.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    const sum = new Map();
    for (const e of inside) {
      let kind = kinds[e.name];
      if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
        kind = `run ${(e.args?.data?.url ?? '').split('/').pop() || 'module'}`;
      if (e.name === 'FunctionCall') {
        const d = e.args?.data ?? {};
        kind = `call ${d.functionName || '?'} ${(d.url ?? '').split('/').pop()}`;
      }
      if (
        [
          'TimerFire',
          'FireAnimationFrame',
          'FireIdleCallback',
          'EventDispatch',
          'HandlePostMessage',
        ].includes(e.name)
      )
        kind = `${e.name}${e.args?.data?.type ? ` ${e.args.data.type}` : ''}`;
      if (!kind) continue;
      sum.set(kind, (sum.get(kind) ?? 0) + e.dur / 1000);
    }
    const parts = [...sum]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join('; ');
    // Functions by samples taken inside the task: self (leaf) and inclusive (anywhere on the stack).
    const selfCount = new Map();
    const incCount = new Map();
    let n = 0;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      n++;
      const leaf = s.frames[0];
      if (leaf) selfCount.set(where(leaf), (selfCount.get(where(leaf)) ?? 0) + 1);
      const seen = new Set();
      for (const f of s.frames) {
        if (!f.url) continue;
        const w = where(f);
        if (seen.has(w)) continue;
        seen.add(w);
        incCount.set(w, (incCount.get(w) ?? 0) + 1);
      }
    }
    const top = (m, k) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k)
        .map(([w, c]) => `${w} (${Math.round((100 * c) / Math.max(1, n))}%)`)
        .join(', ');
    const late = (task.ts - nav) / 1000 > Math.max(probe.ready, probe.lastEnd) ? ' (after interactive)' : '';
    lines.push(
      `  at ${Math.round((task.ts - nav) / 1000)} ms${late}: wall ${Math.round(task.dur / 1000)} ms, CPU ${Math.round((task.tdur ?? 0) / 1000)} ms — ${parts}`,
      `      self: ${top(selfCount, 6)}`,
      `      incl: ${top(incCount, 8)}`,
    );
  }
  return lines.join('\n');
}

const browser = await launchStartChromium();
const server = await serve(dist);
// The browser's first page also starts Chromium's own pages in the trace's processes: a page of nothing first.
await (await browser.newPage()).close();
try {
  for (const id of ids)
    for (let i = 0; i < loads; i++) {
      const url = `${server.url}?scenario=${id}`;
      const { events, probe } = await load(browser, url);
      if (process.env.PAGE_TASKS_SAVE)
        writeFileSync(
          join(process.env.PAGE_TASKS_SAVE, `${id}-${i + 1}.json`),
          JSON.stringify({ traceEvents: events, probe }),
        );
      console.log(`${id} (${dist}, 390×844, CPU ${rate}× slower), load ${i + 1}:`);
      console.log(report(events, probe, url));
    }
} finally {
  await browser.close();
  await server.close();
}
