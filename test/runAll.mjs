// Runs every test runner of the project in turn and ends with one line `N passed, N failed, N skipped` that
// counts them all (contract.md §3). The type checks and lint count as one test each, so a type error fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { missingPrerequisites } from './prerequisites.mjs';

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TZ: 'UTC' };
rmSync('test-results/counts', { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

// A missing browser or shellcheck is said first, in one line each, and again above the totals (the tests that need
// it still run, and fail, so the counts stay honest).
const missing = missingPrerequisites();
for (const line of missing) process.stdout.write(`${line}\n`);

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  process.stdout.write(`=== ${label} took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result.status === 0;
}

/**
 * Runs several single-threaded steps at once (each is one Node process, so on two cores they overlap well) and
 * prints each one's output whole, in the given order, once all have ended; returns whether each passed.
 */
async function runTogether(steps) {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ command, args }) =>
        new Promise((done) => {
          const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => done({ ok: false, output: output + String(error) + '\n' }));
          child.on('close', (code) => done({ ok: code === 0, output, ms: Date.now() - started }));
        }),
    ),
  );
  steps.forEach(({ label, command, args }, i) => {
    process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')} (${results[i].ms ?? '?'} ms)\n`);
    process.stdout.write(results[i].output);
  });
  return results.map((r) => r.ok);
}

function countStep(label, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    process.stdout.write(`!!! ${label} failed\n`);
  }
}

function addCounts(file, label, ok) {
  if (existsSync(file)) {
    const c = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped ?? 0;
    if (!ok && c.failed === 0) totals.failed++;
  } else {
    // The runner died before it could report: count it as one failure so the run cannot look green.
    totals.failed++;
    process.stdout.write(`!!! ${label} wrote no counts\n`);
  }
}

// The three static passes take about 50, 50 and 25 CPU seconds, each on one core: run side by side.
const statics = [
  { label: 'type check', command: 'npm', args: ['run', '--silent', 'check'] },
  { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { label: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
];
(await runTogether(statics)).forEach((ok, i) => countStep(statics[i].label, ok));
addCounts('test-results/counts/vitest.json', 'vitest', run('unit', 'npx', ['vitest', 'run']));
addCounts('test-results/counts/e2e.json', 'browser', run('browser', 'npm', ['run', '--silent', 'test:e2e']));

for (const line of missing) process.stdout.write(`\n${line}`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed === 0 ? 0 : 1);
