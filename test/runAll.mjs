// Runs every test runner of the project in turn and ends with one line `N passed, N failed, N skipped` that
// counts them all (contract.md §3). The type checks and lint count as one test each, so a type error fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TZ: 'UTC' };
rmSync('test-results/counts', { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
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

countStep('type check', run('type check', 'npm', ['run', '--silent', 'check']));
countStep('lint', run('lint', 'npm', ['run', '--silent', 'lint']));
countStep('format', run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']));
addCounts('test-results/counts/vitest.json', 'vitest', run('unit', 'npx', ['vitest', 'run']));
addCounts('test-results/counts/e2e.json', 'browser', run('browser', 'npm', ['run', '--silent', 'test:e2e']));

process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed === 0 ? 0 : 1);
