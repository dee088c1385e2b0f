// Browser tests of the page, in Debian's chromium through playwright-core (toolchain.md §5). They run the built
// page twice: dist/ from an in-process HTTP server, and dist-single/index.html from file://. There is no skip:
// without a browser or a build, the run fails and says why. Counts go to test-results/counts/e2e.json.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumPath, chromiumProblem, launchChromium, testBrowserPath } from './launchChromium.mjs';
import { serve } from './serve.mjs';
import { scaled, timeoutScale } from './timeoutScale.mjs';
import { treeCpuSeconds } from './treeCpu.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const results = join(root, 'test-results');
const counts = { passed: 0, failed: 0, skipped: 0 };
// Each case's wall time, for the summary of the slowest at the end (where the run's time goes).
const durations = [];
// The failed cases' names and first lines, said again at the very end: a CI log shows only its tail.
const failures = [];
const suiteStarted = Date.now();
// How many cases run at once (E2E_JOBS; 1 runs them all in turn, as when a failure needs a quiet look).
const jobs = Math.max(1, Number(process.env.E2E_JOBS ?? 2) || 1);

function finish() {
  if (durations.length > 0) {
    const slowest = [...durations].sort((a, b) => b.ms - a.ms).slice(0, 15);
    process.stdout.write(`\nslowest ${slowest.length} of ${durations.length} cases:\n`);
    for (const { label, ms } of slowest) process.stdout.write(`  ${String(ms).padStart(6)} ms  ${label}\n`);
    // One case at a time, the CPU time the browser and the runner spent in each is that case's own: a cost that
    // another load on the machine changes far less than the wall time (each case's is in test-results/e2e-cpu.json).
    if (jobs === 1 && durations.every((d) => d.cpu !== undefined)) {
      const costliest = [...durations].sort((a, b) => b.cpu - a.cpu).slice(0, 15);
      const sum = durations.reduce((total, d) => total + d.cpu, 0);
      process.stdout.write(
        `\ncostliest ${costliest.length} of ${durations.length} cases, CPU s (${sum.toFixed(1)} in all):\n`,
      );
      for (const { label, cpu } of costliest)
        process.stdout.write(`  ${cpu.toFixed(2).padStart(7)} s  ${label}\n`);
      writeFileSync(join(results, 'e2e-cpu.json'), JSON.stringify(durations, null, 1) + '\n');
    }
    process.stdout.write(`e2e took ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s\n`);
  }
  if (failures.length > 0) {
    process.stdout.write(`\nfailed ${failures.length}:\n`);
    for (const failure of failures) process.stdout.write(`  ✗ ${failure}\n`);
  }
  mkdirSync(join(results, 'counts'), { recursive: true });
  writeFileSync(join(results, 'counts', 'e2e.json'), JSON.stringify(counts) + '\n');
  process.stdout.write(`\ne2e: ${counts.passed} passed, ${counts.failed} failed\n`);
  process.exit(counts.failed === 0 && counts.passed > 0 ? 0 : 1);
}

function refuse(message) {
  process.stderr.write(`e2e: FAILED before any test ran: ${message}\n`);
  counts.failed++;
  finish();
}

if (!chromiumPath) refuse(chromiumProblem);
for (const built of ['dist/index.html', 'dist-single/index.html']) {
  if (!existsSync(join(root, built)))
    refuse(`${built} is missing: run \`npm run build && npm run build:single\` first.`);
}

// One Chromium per target, launched again if it goes away (a browser that has opened a few hundred contexts has
// been seen to crash): the cases hold this stand-in, which opens contexts on the browser of the moment.
const launch = () => launchChromium({ executablePath: testBrowserPath });
let current = await launch();
const browser = {
  newContext: async (options) => {
    if (!current.isConnected()) current = await launch();
    const context = await current.newContext(options);
    // Playwright's own waits (30 s unless a case says) only catch a hang too: scaled as the cases' are.
    context.setDefaultTimeout(scaled(30_000));
    context.setDefaultNavigationTimeout(scaled(30_000));
    return context;
  },
};
const server = await serve(join(root, 'dist'));
process.stdout.write(
  `e2e: ${testBrowserPath}; waits scaled ×${timeoutScale} for the machine's load (E2E_TIMEOUT_SCALE sets it)\n`,
);

const targets = [
  { label: 'http', base: server.url, full: true },
  { label: 'file', base: pathToFileURL(join(root, 'dist-single', 'index.html')).href, full: false },
];

/**
 * The one-file build runs the same code as dist/, so from file:// only what differs there is checked again, once
 * each: it loads and plays (its inlined scenario chunks), its policy (csp), its head's inlined favicon, its inlined
 * editor and YAML reader (the editor loads), its Lua VM (app-of-apps' lanes), its Blob worker (the smoke-test
 * toggle's re-run, and a run stopped at its wall-time limit), a link and the browser's storage from file:// (links
 * at 1280×720, the guide staying dismissed), downloads (Export), and no console error on any of those pages.
 * What only repeats code that runs alike over http (failing-migration's play, presenter mode, the terminal, the
 * other link and speed cases) is checked there alone.
 */
const fileCases =
  /^(csp|speed: an edit too large|links at 1280|head|guide: the reading|lua|platform: app-of-apps has|the editor loads|three-tier plays at max|the smoke-test toggle|timeline: Export)/i;

// Cases that measure time or frames, or race a run against its wall-time limit: they run one at a time. Layout
// shift is not among them: it plays its pages three at a time (layoutCases.mjs says why), and two cases at a time
// measured the same shifts as one at a time, to 4 decimals, where playing them one by one was 51 s of the run. Nor
// are the presenter cases of one scenario: they wait for the layout to settle (waitForSettledLayout) instead of
// reading it at once, so a busy core delays them rather than failing them, and neither are the two that visit every
// scenario (frames presenter): they once ran alone, when two at a time on a loaded machine ran past the 90 s a case
// could take, but a case now has at least four times that (timeoutScale.mjs) and each page costs half the CPU.
const timingCases = /^(speed|predict mode|playing advances)/i;

// Every `test/e2e/*Cases.mjs` file contributes cases through its exported `…Cases` functions, so each area of the
// page keeps its browser tests in a file of its own. `E2E_ONLY=text` runs only the cases whose name contains text;
// `E2E_ONLY='one|other'` those whose name contains either.
const caseFiles = readdirSync(dirname(fileURLToPath(import.meta.url)))
  .filter((f) => f.endsWith('Cases.mjs'))
  .sort();
const only = process.env.E2E_ONLY?.split('|');
// Screenshots are for people to look at, not assertions: `npm run screenshots` takes them (E2E_SCREENSHOTS=1), and
// `npm test` leaves them out to stay within its time budget.
const shots = process.env.E2E_SCREENSHOTS === '1';

try {
  for (const target of targets) {
    const cases = [];
    for (const file of caseFiles) {
      const module = await import(`./${file}`);
      for (const [exported, make] of Object.entries(module)) {
        if (!exported.endsWith('Cases') || typeof make !== 'function') continue;
        cases.push(...make({ browser, base: target.base, root, results, full: target.full, shots }));
      }
    }
    if (target.label !== 'http') {
      // A fresh browser for the second target, so the first one's contexts are not carried along.
      await current.close();
      current = await launch();
    }
    const chosen = cases.filter(
      ({ name }) =>
        (!only || only.some((text) => name.includes(text))) && (target.full || fileCases.test(name)),
    );
    // Most of a case's time is spent waiting on the page (loads, playback, a worker), with a core to spare: two
    // cases at a time keep both cores busy. Cases that measure timing (the clock against real time, a run against
    // its wall-time limit, predict mode's stop while playing) run alone afterwards.
    const alone = chosen.filter(({ name }) => timingCases.test(name));
    await inParallel(
      chosen.filter((c) => !alone.includes(c)),
      jobs,
      (c) => runCase(target, c),
    );
    for (const c of alone) await runCase(target, c);
  }
} finally {
  await current.close();
  await server.close();
}
finish();

async function runCase(target, { name, fn }) {
  const label = `[${target.label}] ${name}`;
  const started = Date.now();
  const cpuBefore = treeCpuSeconds();
  try {
    await withTimeout(fn(), scaled(90_000));
    counts.passed++;
    process.stdout.write(`  ✓ ${label} (${Date.now() - started} ms)\n`);
  } catch (error) {
    counts.failed++;
    const lines = String(error?.stack ?? error).split('\n');
    process.stdout.write(`  ✗ ${label}\n    ${lines.slice(0, 6).join('\n    ')}\n`);
    failures.push(`${label} (after ${Date.now() - started} ms): ${lines[0]}`);
  }
  const cpuAfter = treeCpuSeconds();
  durations.push({
    label,
    ms: Date.now() - started,
    cpu: cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  });
}

/** Runs `each` over `items`, at most `limit` at a time, in the items' order of starting. */
async function inParallel(items, limit, each) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
