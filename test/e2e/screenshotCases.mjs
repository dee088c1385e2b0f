// Screenshots for people to look at, not assertions (`npm run screenshots`, E2E_SCREENSHOTS=1): the page as a
// speaker projects it and as a learner opens it on a phone, at the sizes (1024×768, 1280×720, 1920×1080
// and 390×844), light and dark. Each moment is shot twice: as the page opens, and scrolled to the timeline. They go
// to test-results/screenshots/ and are never committed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, readT } from './pageHelpers.mjs';

const sizes = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

/** The moments to look at: the default page, the failure, a sync that fails after its resources, a run of several. */
const moments = [
  // The page a link without a scenario opens (three-tier), at the start.
  { name: 'default', query: '' },
  // The moment the migration Job fails (its backoff limit, about 10.8 s): PageDown's first stop after 10.5 s.
  { name: 'failing-migration-failure', query: '?scenario=failing-migration', until: 10.5 },
  { name: 'failing-smoke-test-end', query: '?scenario=failing-smoke-test', end: true },
  { name: 'app-of-apps', query: '?scenario=app-of-apps', end: true },
  // Presenter mode, at the SyncFail hook of failing-migration.
  { name: 'presenter', query: '?scenario=failing-migration&t=16&present=1', presenter: true },
];

export function screenshotCases({ browser, base, results, full, shots }) {
  if (!full || !shots) return [];
  const dir = join(results, 'screenshots');
  const cases = [];
  for (const viewport of sizes) {
    for (const colorScheme of ['light', 'dark']) {
      const size = `${viewport.width}x${viewport.height}`;
      cases.push({
        name: `screenshots of the page at ${viewport.width}×${viewport.height}, ${colorScheme}: default, failing-migration's failure, failing-smoke-test's end, app-of-apps, presenter`,
        fn: async () => {
          mkdirSync(dir, { recursive: true });
          for (const moment of moments) {
            const record = await openPage(browser, base, moment.query, { viewport, colorScheme });
            const { page } = record;
            try {
              for (let i = 0; moment.until !== undefined && i < 10; i++) {
                if ((await readT(page)) > moment.until) break;
                await page.keyboard.press('PageDown');
              }
              if (moment.until !== undefined) {
                const t = await readT(page);
                assert.ok(t > moment.until && t < moment.until + 1, `PageDown stopped at ${t}`);
              }
              if (moment.end) await page.keyboard.press('End');
              // The fitted rows, the pods' transitions and the lazy parts settle first.
              await page.waitForTimeout(500);
              const file = (part) => join(dir, `page-${moment.name}-${size}-${colorScheme}${part}.png`);
              await page.screenshot({ path: file('') });
              if (!moment.presenter) {
                await page.evaluate(() =>
                  document.querySelector('section.time').scrollIntoView({ block: 'start' }),
                );
                await page.waitForTimeout(200);
                await page.screenshot({ path: file('-timeline') });
              }
              assert.deepEqual(record.errors, []);
            } finally {
              await record.close();
            }
          }
        },
      });
    }
  }
  return cases;
}
