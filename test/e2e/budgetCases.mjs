// Browser cases of the page's byte budget (issue 32, "Budget"): the JavaScript a page loads before any user action
// is at most 150 kB gzip (it had grown to 190 kB), and what the first paint does not need arrives when it is
// used. Bytes, unlike times, do not depend on the machine's load.
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
    test('budget: the initial JavaScript is at most 150 kB gzip, and the terminal loads its commands when it is focused', () =>
      withPage('?scenario=three-tier', async (page, record) => {
        // The entry, its modulepreloads and their static imports (pageProbes.mjs), gzip -9, as `npm run bench:page`.
        const initial = [...staticClosure(dist)];
        const bytes = initial.reduce(
          (sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length,
          0,
        );
        assert.ok(
          bytes <= 150_000,
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
  ];
}
