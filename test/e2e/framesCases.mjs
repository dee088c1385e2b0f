// Browser cases of the last points: the timeline's zoom and grouping in the link, presenter mode fitting a
// projector's screen, and the call-out's slot reserved only where a call-out can appear.
import assert from 'node:assert/strict';
import { pageOpener, reloadPage, waitForSettledLayout } from './pageHelpers.mjs';

const svgSel = '[data-testid="timeline"]';

export function framesCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const param = async (page, name) =>
    page.evaluate((name) => new URLSearchParams(location.search).get(name), name);

  test('frames link: the zoom window and the opened group travel in the link, and a reload restores them', () =>
    withPage('?scenario=many-resources&t=30', async (page) => {
      // The tables below draw their rows in idle steps (rowsInTasks.svelte.ts): wait for them, so the page does not
      // change under the pointer while it zooms.
      await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
      // Open wave 3, then zoom in with Ctrl + wheel as a user would.
      await page.click('g.tl-row-label[data-key="group:Sync:3"] text.tl-label');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('open') === 'Sync:3');
      await page.locator(svgSel).scrollIntoViewIfNeeded();
      const box = await page.locator(svgSel).boundingBox();
      await page.mouse.move(box.x + box.width * 0.6, box.y + 100);
      await page.keyboard.down('Control');
      for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -30);
      await page.keyboard.up('Control');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('zoom') !== null);
      const zoom = await param(page, 'zoom');
      const level = (await page.textContent('[data-testid="zoom-level"]')).trim();
      assert.notEqual(level, 'Zoom 1×');
      const [t0, t1] = zoom.split(',').map(Number);
      assert.ok(t1 > t0 && t0 >= 0, `zoom=${zoom}`);
      const rows = () =>
        page.$$eval('g.tl-row-label', (labels) => labels.map((l) => l.getAttribute('data-key')).join('|'));
      const shownRows = await rows();
      const ticks = () => page.$$eval('text.tl-tick', (ts) => ts.map((t) => t.textContent).join(' '));
      const shownTicks = await ticks();

      // One form only: the query string; the address bar is what is on screen.
      assert.equal(await page.evaluate(() => location.hash), '');
      await reloadPage(page);
      await page.waitForFunction((zoom) => new URLSearchParams(location.search).get('zoom') === zoom, zoom);
      await page.waitForFunction(
        (level) => document.querySelector('[data-testid="zoom-level"]')?.textContent.trim() === level,
        level,
      );
      assert.equal(await rows(), shownRows, 'the reload shows other rows');
      assert.equal(await ticks(), shownTicks, 'the reload shows another stretch of time');
      assert.equal(await param(page, 'open'), 'Sync:3');

      // Back to the whole sync: the link drops the window.
      await page.click('[data-testid="zoom-reset"]');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('zoom') === null);
    }));

  test('frames link: rows shown one by one stay so after a reload, and a new scenario starts automatic', () =>
    withPage('?scenario=many-resources', async (page) => {
      assert.ok((await page.$$('g.tl-row-label[data-type="group"]')).length > 0);
      await page.click('[data-testid="timeline-group"]');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('group') === '0');
      await reloadPage(page);
      await page.waitForSelector('g.tl-row-label[data-type="object"]');
      assert.equal((await page.$$('g.tl-row-label[data-type="group"]')).length, 0);
      assert.equal(await page.getAttribute('[data-testid="timeline-group"]', 'aria-pressed'), 'false');
      await page.selectOption('[data-testid="scenario-picker"]', 'three-tier');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('scenario') === 'three-tier');
      await page.waitForFunction(() => new URLSearchParams(location.search).get('group') === null);
    }));

  // What presenter mode shows of the time section: its inner scroll both ways, the page's, where its drawings end,
  // and the smallest text drawn in it on screen (font size times its <svg>'s scale, to 0.1 px): every text shown
  // in its drawings, the row labels, the axis, the bands, the attempts, the end, the status and the Applications'
  // lanes.
  const presenterFit = (page) =>
    page.evaluate(() => {
      const time = document.querySelector('main > section.time');
      const drawings = [...time.querySelectorAll('svg')].filter(
        (svg) => svg.getBoundingClientRect().height > 0,
      );
      const sizes = drawings.flatMap((svg) => {
        const box = svg.viewBox?.baseVal;
        const scale = box?.width ? svg.getBoundingClientRect().width / box.width : 1;
        return [...svg.querySelectorAll('text')]
          .filter((t) => t.textContent.trim() !== '' && t.getBoundingClientRect().width > 0)
          .map((t) => ({
            px: Math.round(parseFloat(getComputedStyle(t).fontSize) * scale * 10) / 10,
            text: `${t.getAttribute('class') ?? 'text'} "${t.textContent.trim().slice(0, 24)}"`,
          }));
      });
      const style = getComputedStyle(time);
      return {
        presenting: document.querySelector('.page.presenting') !== null,
        innerScroll: time.scrollHeight - time.clientHeight,
        innerScrollX: time.scrollWidth - time.clientWidth,
        drawingsBottom: Math.max(...drawings.map((svg) => svg.getBoundingClientRect().bottom)),
        boxBottom: time.getBoundingClientRect().bottom - parseFloat(style.paddingBottom),
        lanesShown:
          (document.querySelector('.lanes')?.getBoundingClientRect().height ?? 0) > 0 ||
          (document.querySelector('[data-testid="app-lanes"]')?.getBoundingClientRect().height ?? 0) > 0,
        pageScroll: document.documentElement.scrollHeight - window.innerHeight,
        pageScrollX: document.documentElement.scrollWidth - window.innerWidth,
        minText: Math.min(...sizes.map((s) => s.px)),
        smallTexts: sizes.filter((s) => s.px < 18).map((s) => `${s.text} at ${s.px} px`),
        texts: sizes.length,
        innerHeight: window.innerHeight,
      };
    });

  // Every shipped scenario, the one-Application runs and the runs of several, at the end of their run, where the
  // end's label is drawn and the status messages are longest. One page visits them by URL at a laptop's 1280×720,
  // then the window becomes a projector's 1024×768, as when a speaker opens the page and then plugs in: the fit
  // must follow the window, not only a cold load (and one load per scenario costs half the CPU of two).
  const presenterScenarios = [
    'three-tier',
    'failing-migration',
    'failing-smoke-test',
    'many-resources',
    'succeeded-progressing',
    'succeeded-then-degraded',
    'failed-degraded',
    'stuck-load-balancer',
    'hook-never-completes',
    'revert',
    'auto-sync-refuses-retry',
    'app-of-apps',
    'app-of-apps-without-health',
    'progressive-sync',
    'progressive-sync-backend-fails',
    'progressive-sync-max-update-1',
    'environments-promotion',
  ];
  const laptop = { width: 1280, height: 720 };
  const projector = { width: 1024, height: 768 };
  test(`frames presenter: every scenario's lanes and timeline fit ${laptop.width}×${laptop.height}, then ${projector.width}×${projector.height} once the window becomes a projector's, in type of 18 px or more, without an inner or page scroll`, () =>
    withPage(
      `?scenario=${presenterScenarios[0]}&present=1`,
      async (page) => {
        const problems = [];
        const check = async (scenario, { width, height }) => {
          // The rows are fitted after the box is measured (a ResizeObserver, then one more drawing).
          await waitForSettledLayout(page);
          const fit = await presenterFit(page);
          const wrong = [
            fit.innerHeight !== height && `the window is ${fit.innerHeight} px tall, not ${height}`,
            !fit.presenting && 'not presenting',
            !fit.lanesShown && 'no status lanes',
            fit.innerScroll > 1 && `the box scrolls ${fit.innerScroll} px down`,
            fit.innerScrollX > 1 && `the box scrolls ${fit.innerScrollX} px sideways`,
            fit.drawingsBottom > fit.boxBottom + 1 &&
              `drawn to ${fit.drawingsBottom}, the box ends at ${fit.boxBottom}`,
            fit.pageScroll > 0 && `the page scrolls ${fit.pageScroll} px down`,
            fit.pageScrollX > 0 && `the page scrolls ${fit.pageScrollX} px sideways`,
            fit.texts < 6 && `only ${fit.texts} texts measured`,
            fit.minText < 18 && `text drawn at ${fit.minText} px: ${fit.smallTexts.slice(0, 4).join(', ')}`,
          ].filter(Boolean);
          if (wrong.length > 0) problems.push(`${scenario} at ${width}×${height}: ${wrong.join(', ')}`);
        };
        for (const [i, scenario] of presenterScenarios.entries()) {
          if (i > 0) {
            await page.setViewportSize(laptop);
            await page.goto(`${base}?scenario=${scenario}&present=1`);
          }
          await page.waitForFunction(
            (id) => document.querySelector('[data-testid="scenario-picker"]')?.value === id,
            scenario,
          );
          await page.keyboard.press('End');
          await check(scenario, laptop);
          await page.setViewportSize(projector);
          await check(scenario, projector);
        }
        assert.deepEqual(problems, []);
      },
      { viewport: laptop },
    ));

  // The call-out's slot: kept only for a run that has a call-out, as tall as its longest call-out (nothing
  // scrolls in it), and never an empty hole: a quiet line says what it is for until the call-out comes.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ])
    test(`frames call-out at ${viewport.width}×${viewport.height}: no slot for a run without a call-out; a slot that reads, then holds the call-out at the same height`, async () => {
      const slot = (page) =>
        page.evaluate(() => {
          const el = document.querySelector('main > .slot');
          const callout = document.querySelector('[data-testid="callout"]');
          const quiet = document.querySelector('[data-testid="callout-placeholder"]');
          return {
            height: el.getBoundingClientRect().height,
            callout: callout?.innerText ?? null,
            calloutScroll: callout ? callout.scrollHeight - callout.clientHeight : 0,
            quiet: quiet && quiet.getBoundingClientRect().height > 0 ? quiet.innerText : null,
          };
        });
      await withPage(
        '?scenario=hook-never-completes&t=5',
        async (page) => {
          // A hook that never completes keeps the operation Running: no call-out ever comes, so no slot is kept.
          assert.deepEqual(
            await slot(page),
            { height: 0, callout: null, calloutScroll: 0, quiet: null },
            'hook-never-completes keeps a slot',
          );
          // failing-migration's call-out (Sync Failed, app Healthy) comes at the end: its slot is there from t = 0.
          // A link opened in the same tab, as another scenario's link is.
          await page.goto(`${base}?scenario=failing-migration&t=0`);
          await page.waitForFunction(
            () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'failing-migration',
          );
          const before = await slot(page);
          assert.equal(before.callout, null);
          assert.match(before.quiet ?? '', /Last Sync tells how the sync run went/);
          assert.ok(before.height > 40, `a slot of ${before.height} px`);
          await page.keyboard.press('End');
          await page.waitForSelector('[data-testid="callout"]');
          const after = await slot(page);
          assert.match(after.callout, /^Sync Failed, app Healthy\./);
          assert.equal(after.quiet, null, 'the quiet line stays beside the call-out');
          assert.ok(Math.abs(after.height - before.height) <= 1, `${before.height} → ${after.height} px`);
          assert.ok(after.calloutScroll <= 1, `the call-out scrolls ${after.calloutScroll} px in its slot`);
        },
        { viewport },
      );
    });

  return cases;
}
