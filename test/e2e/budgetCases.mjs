// Browser cases of the page's byte budget (issue 32, "Budget"): the JavaScript a page loads before any user action
// is at most 150 kB gzip (it had grown to 190 kB; 140 kB since the Record dialog, the sync-window reader and the
// order table's planner became chunks of their own, at 136.9 kB), and what the first paint does not need arrives
// when it is used. Bytes, unlike times, do not depend on the machine's load.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticClosure } from '../bench/pageProbes.mjs';
import { pageOpener } from './pageHelpers.mjs';

export function budgetCases({ browser, base, root, full }) {
  if (!full) return [];
  const test = (name, fn) => ({ name, fn });
  const withPage = pageOpener(browser, base);
  const dist = join(root, 'dist');
  return [
    test('budget: the initial JavaScript is at most 140 kB gzip, and the terminal loads its commands when it is focused', () =>
      withPage('?scenario=three-tier', async (page, record) => {
        // The entry, its modulepreloads and their static imports (pageProbes.mjs), gzip -9, as `npm run bench:page`.
        const initial = [...staticClosure(dist)];
        const bytes = initial.reduce(
          (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
          0,
        );
        assert.ok(
          bytes <= 140_000,
          `initial JS ${(bytes / 1000).toFixed(1)} kB gzip in ${initial.join(', ')}`,
        );
        const commandsChunk = () => record.requests.some((url) => /\/terminalCommands-[^/]*\.js$/.test(url));
        await page.waitForSelector('[data-testid="play"]:not([disabled])');
        assert.equal(commandsChunk(), false, 'the terminal loaded its commands before it was used');
        await page.fill('[data-testid="terminal"]', 'kubectl get x');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() =>
          document
            .querySelector('[data-testid="terminal-output"]')
            ?.textContent?.includes('the server doesn\'t have a resource type "x"'),
        );
        assert.equal(commandsChunk(), true);
      })),
    test('budget: the Record dialog loads when its button is first pressed, and the sync-window reader for a run with windows only', () =>
      withPage('?scenario=three-tier', async (page, record) => {
        const loaded = (name) =>
          record.requests.some((url) => url.includes(`/${name}-`) && url.endsWith('.js'));
        await page.waitForSelector('[data-testid="play"]:not([disabled])');
        // The order table asks for its planner as the page opens.
        await page.waitForSelector('[data-testid="order-row"]');
        assert.equal(loaded('RecordButton'), false, 'the Record dialog loaded before its button was used');
        assert.equal(
          loaded('syncWindowSpans'),
          false,
          'three-tier has no sync windows, yet their reader loaded',
        );
        // One press opens the dialog, as when it was part of the first JavaScript, and Escape gives the focus back
        // to the Record button.
        await page.click('[data-testid="record"]');
        await page.waitForSelector('[data-testid="record-from"]', { state: 'visible' });
        assert.equal(loaded('RecordButton'), true);
        await page.keyboard.press('Escape');
        await page.waitForSelector('[data-testid="record-from"]', { state: 'hidden' });
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
          'record',
        );
      })),
  ];
}
