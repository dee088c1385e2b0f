// Browser cases of the Content-Security-Policy (src/build/cspPlugin.ts): the built page carries the
// policy, still works under it over http and from file://, and the browser reports no violation while a user
// plays a scenario and opens the manifest editor (CodeMirror injects style sheets, so this is where it would).
import assert from 'node:assert/strict';
import { openPage, waitForStatus } from './pageHelpers.mjs';

export function cspCases({ browser, base }) {
  const test = (name, fn) => ({ name, fn });
  return [
    test('csp: the page runs under its Content-Security-Policy with no violation', async () => {
      const record = await openPage(browser, base, '?scenario=three-tier');
      const { page } = record;
      try {
        const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
        assert.match(policy ?? '', /default-src 'none'/);
        assert.doesNotMatch(policy ?? '', /script-src[^;]*'unsafe-inline'/);
        await page.evaluate(() => {
          window.__cspViolations = [];
          document.addEventListener('securitypolicyviolation', (e) =>
            window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
          );
        });
        await page.keyboard.press('End');
        await waitForStatus(page, {
          'operation-phase': 'Succeeded',
          'sync-status': 'Synced',
          'health-status': 'Healthy',
        });
        await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
        await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
        await page.click('[data-testid="manifest-editor"] .cm-content');
        await page.keyboard.type('# typed under the policy\n');
        await page.waitForTimeout(300);
        assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
        assert.deepEqual(
          record.errors.filter((e) => /Content Security Policy|Refused to/.test(e)),
          [],
        );
        // And nothing off-origin is allowed: a request or an image from elsewhere is refused by the policy
        // itself (a violation), not merely failing for want of a network.
        const outcome = await page.evaluate(async () => {
          const img = new Image();
          img.src = 'https://example.invalid/pixel.png';
          const fetched = await fetch('https://example.invalid/data.json').then(
            () => 'fetched',
            () => 'refused',
          );
          await new Promise((resolve) => setTimeout(resolve, 100));
          return { fetched, violations: window.__cspViolations };
        });
        assert.equal(outcome.fetched, 'refused');
        assert.deepEqual(outcome.violations.sort(), [
          'connect-src https://example.invalid/data.json',
          'img-src https://example.invalid/pixel.png',
        ]);
        record.errors.length = 0; // the two refusals above are logged as console errors, on purpose
      } finally {
        await record.close();
      }
    }),
  ];
}
