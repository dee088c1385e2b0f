// Browser cases for several Applications (contract.md §2 app-lanes): the app-of-apps and
// progressive-sync scenarios, read through the lanes' data-app children and the "why is it waiting?" panel.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';

/** The time where a lane's first bar starts, read from the drawing's `<title>` ("… from 20.7s to …"). */
async function laneStart(page, app) {
  const title = await page.textContent(
    `[data-testid="app-lanes"] > [data-app="${app}"] rect[data-bar="sync"] title`,
  );
  return Number(/from ([\d.]+)s/.exec(title)?.[1] ?? NaN);
}

export function platformCases({ browser, base, results, shots }) {
  const cases = [];
  // Screenshots for people to look at (`npm run screenshots`), not assertions: the test run leaves them out.
  const dir = join(results, 'e2e');
  if (shots) mkdirSync(dir, { recursive: true });
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const apps = async (page) =>
    page.$$eval('[data-testid="app-lanes"] > [data-app]', (lanes) =>
      lanes.map((l) => l.getAttribute('data-app')),
    );

  test('platform: app-of-apps has one lane per Application; wave 0 starts after wave -1 is Healthy', () =>
    withPage('?scenario=app-of-apps', async (page) => {
      await page.keyboard.press('End');
      assert.deepEqual(await apps(page), ['platform', 'namespaces', 'projects', 'checkout', 'payments']);
      assert.ok(
        (await laneStart(page, 'checkout')) > 5,
        `checkout is created only after projects is Healthy (${await laneStart(page, 'checkout')} s)`,
      );
      if (shots) await page.screenshot({ path: join(dir, 'platform-app-of-apps.png'), fullPage: true });
    }));

  test('platform: app-of-apps-without-health starts wave 0 right after apply and says why', () =>
    withPage('?scenario=app-of-apps-without-health&t=8', async (page) => {
      assert.ok((await laneStart(page, 'checkout')) <= 5, 'checkout is created right after wave -1');
      assert.match(
        await page.textContent('[data-testid="waves-note"]'),
        /do not wait for its child Applications/,
      );
    }));

  test('platform: a lane opens its Application, app=NAME in the URL, and back', () =>
    withPage('?scenario=app-of-apps', async (page) => {
      await page.click('[data-testid="app-lanes"] > [data-app="checkout"]');
      await page.waitForSelector('[data-testid="timeline"]');
      assert.equal(await page.textContent('[data-testid="open-app"]'), 'checkout');
      await page.waitForFunction(() => location.search.includes('app=checkout'));
      await page.click('[data-testid="all-apps"]');
      await page.waitForSelector('[data-testid="app-lanes"]');
      assert.ok(!(await page.evaluate(() => location.search)).includes('app='));
    }));

  test('platform: environments-promotion groups its Applications by cluster, and prod never starts', () =>
    withPage('?scenario=environments-promotion', async (page) => {
      await page.keyboard.press('End');
      assert.deepEqual(await apps(page), ['shop-dev', 'shop-staging', 'shop-prod']);
      await page.waitForSelector('[data-testid="app-tree"] [data-cluster]');
      const groups = await page.$$eval('[data-testid="app-tree"] > li', (items) =>
        items.map((li) => [
          li.querySelector('[data-cluster]')?.getAttribute('data-cluster'),
          [...li.querySelectorAll(':scope > ul > li > .node button.app')].map((b) => b.textContent.trim()),
        ]),
      );
      assert.deepEqual(groups, [
        ['dev', ['Application shop-dev']],
        ['prod', ['Application shop-prod']],
        ['staging', ['Application shop-staging']],
      ]);
      await page.setViewportSize({ width: 390, height: 844 });
      await waitForSettledLayout(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(scroll <= 1, `no page scroll sideways at 390 px (${scroll} px)`);
    }));

  test('platform: progressive-sync shows its three steps in order', () =>
    withPage('?scenario=progressive-sync', async (page) => {
      await page.keyboard.press('End');
      const steps = await page.$$eval('g.al-span[data-kind="step"]', (g) =>
        g.map((s) => s.getAttribute('data-span')),
      );
      assert.deepEqual(steps, ['platform-stack step 1', 'platform-stack step 2', 'platform-stack step 3']);
      for (const [w, h] of shots
        ? [
            [1024, 768],
            [1280, 720],
            [1920, 1080],
            [390, 844],
          ]
        : [])
        for (const colorScheme of ['light', 'dark']) {
          await page.setViewportSize({ width: w, height: h });
          await page.emulateMedia({ colorScheme });
          await page.screenshot({ path: join(dir, `platform-progressive-${w}x${h}-${colorScheme}.png`) });
        }
    }));

  return cases;
}
