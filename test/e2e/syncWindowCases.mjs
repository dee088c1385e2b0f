import assert from 'node:assert/strict';
import { pageOpener } from './pageHelpers.mjs';

/**
 * The sync window and sync timeout scenarios on the page (argocd-semantics.md §5.14, §2.16): at a laptop's size, on
 * a phone and in presenter mode each loads without a console error or a sideways scroll; the deny window is a
 * shaded span over storefront's lane, "Why is it waiting?" names it, and the timed-out operation says so.
 */
export function syncWindowCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const views = [
    { width: 1024, height: 768, query: '' },
    { width: 390, height: 844, query: '' },
    { width: 1024, height: 768, query: '&present=1' },
  ];
  for (const { width, height, query } of views)
    test(`sync windows at ${width}×${height}${query ? ' presenting' : ''}: the window is shaded over its lane, named by Why is it waiting, and the timeout reads as a timeout`, () =>
      withPage(
        `?scenario=sync-window-blocks-release&t=600${query}`,
        async (page) => {
          await page.waitForSelector('[data-testid="app-lanes"] [data-app="storefront"]');
          const span = await page.$eval('g.al-span[data-kind="window"]', (g) => g.getAttribute('data-span'));
          assert.equal(span, 'deny window 5 0 * * * 10m (release freeze)');
          if (!query) {
            const why = await page.textContent('body');
            assert.match(why ?? '', /the sync window deny:5 0 \* \* \*:10m holds its auto-sync/);
          }
          const m = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            inner: window.innerWidth,
          }));
          assert.ok(m.scroll <= m.inner, `the page scrolls sideways: ${m.scroll} > ${m.inner}`);
          await page.goto(`${base}?scenario=sync-timeout&t=400${query}`);
          await page.waitForSelector('[data-testid="app-lanes"] [data-app="checkout"]');
          await page.waitForFunction(() =>
            document.body.innerText.includes('triggered by controller sync timeout'),
          );
        },
        { viewport: { width, height } },
      ));
  // Issue 29: the open Application's own resource timeline shades the window too, behind its rows.
  test('sync windows: storefront opened shows the deny window behind its resource rows, payments none', () =>
    withPage('?scenario=sync-window-blocks-release&app=storefront&t=600', async (page) => {
      const band = page.locator('[data-testid="timeline"] g.tl-window[data-kind="deny"]');
      await band.waitFor();
      assert.match(
        await band.locator('text').textContent(),
        /^deny window 5 0 \* \* \* 10m \(release freeze\)$/,
      );
      const rect = await band.locator('rect').boundingBox();
      assert.ok(rect && rect.width > 100, `the band is ${rect?.width} px wide`);
      await page.goto(page.url().replace('app=storefront', 'app=payments'));
      await page.waitForSelector('[data-testid="timeline"] g.tl-row-label');
      assert.equal(await page.locator('[data-testid="timeline"] g.tl-window').count(), 0);
    }));
  return cases;
}
