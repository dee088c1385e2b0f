import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Vitest's own closing lines ("Tests 4 passed (4)") are not the plain `N passed, N failed` line that CI reads,
 * so this reporter prints that line and also writes the counts to test-results/counts/, where test/runAll.mjs
 * adds them to the other runners' counts.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      let failedInModule = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          failedInModule++;
        } else skipped++;
      }
      // A file that fails outside any test (an import error, say) still counts as one failure.
      if (mod.state() === 'failed' && failedInModule === 0) failed++;
    }
    mkdirSync('test-results/counts', { recursive: true });
    writeFileSync('test-results/counts/vitest.json', JSON.stringify({ passed, failed, skipped }));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
