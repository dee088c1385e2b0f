// A phone's start (issue 32: interactive at 390×844 with the CPU slowed 4×, which counts until no long task has run
// for a second): what the page's main thread must not do between the controls showing and the start settling.
// Each case counts something (documents drawn, workers started before a part), never a wall time.
import assert from 'node:assert/strict';
import { launchChromium } from './launchChromium.mjs';
import { traceInTurn } from './tracingLock.mjs';
import { belowTheFold } from './firstScreenCases.mjs';

export function phoneStartCases({ browser, base, full }) {
  if (!full) return [];
  const test = (name, fn) => ({ name, fn });
  const phone = async (on = browser) => {
    const context = await on.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  };
  const allPartsBuilt = (page) =>
    page.waitForFunction(
      (parts) => Object.values(parts).every((query) => document.querySelector(query) !== null),
      belowTheFold,
      { timeout: 60_000 },
    );
  return [
    test('phone start: at 390×844 the page’s renderer draws no document but the page until the start has settled (the favicon is a PNG, not an SVG drawn as a document of its own on the main thread)', async () => {
      // Chromium's headless shell (what the other cases drive) fetches no icons: the full browser does, as a
      // user's does, so this case starts one of its own.
      const withIcons = await launchChromium();
      const { context, page, errors } = await phone(withIcons);
      try {
        const cdp = await context.newCDPSession(page);
        const stop = await traceInTurn(page, cdp, ['blink.user_timing', 'devtools.timeline']);
        let events;
        try {
          await page.goto(base + '?scenario=three-tier');
          // The browser asks for the page's icon once the page's loading has stopped; the parts below the fold
          // come once the start has settled (a second and a half with no long task), after it.
          await allPartsBuilt(page);
        } finally {
          events = await stop();
        }
        // Each document a renderer starts (the page's, or an SVG image's: the browser draws an SVG icon as a
        // page of its own, in the renderer of the page it belongs to) marks a navigationStart.
        const starts = events.filter((e) => e.name === 'navigationStart');
        const page0 = starts.find((e) => (e.args?.data?.documentLoaderURL ?? '').startsWith(base));
        assert.ok(page0, `no navigationStart of the page among ${starts.length}`);
        // The page's own frame marks a second start of no URL as it commits; an image's document is a frame of its own.
        const others = starts.filter((e) => e.pid === page0.pid && e.args?.frame !== page0.args?.frame);
        assert.equal(
          others.length,
          0,
          `the page's renderer drew ${others.length} document(s) beside the page (an SVG icon): ${JSON.stringify(others.map((e) => [(e.ts - page0.ts) / 1000, e.args]))}`,
        );
        assert.deepEqual(errors, [], 'page errors');
      } finally {
        await context.close();
        await withIcons.close();
      }
    }),
    test('phone start: at 390×844 the simulation worker is started only once the parts below the fold come (its warm-up waits for the start to settle or the page to be touched), and it still warms', async () => {
      const { context, page, errors } = await phone();
      try {
        await page.addInitScript((parts) => {
          // When the worker is first constructed, and how many parts below the fold exist then.
          const seen = { partsAtWorker: undefined, workers: 0 };
          window.__worker = seen;
          const Original = window.Worker;
          window.Worker = class extends Original {
            constructor(...args) {
              super(...args);
              seen.workers++;
              if (seen.partsAtWorker === undefined)
                seen.partsAtWorker = Object.values(parts).filter((q) => document.querySelector(q)).length;
            }
          };
        }, belowTheFold);
        await page.goto(base + '?scenario=failing-migration');
        await allPartsBuilt(page);
        // The warm-up comes after the parts, and marks its end (workerRunner.ts): an intervention finds it warm.
        await page.waitForFunction(
          () => performance.getEntriesByName('worker-warmed', 'mark').length > 0,
          null,
          { timeout: 60_000 },
        );
        const seen = await page.evaluate(() => window.__worker);
        assert.equal(seen.workers, 1, 'one worker started');
        // It waits in line behind the parts held below the fold (a part built later, in a chunk of its own, as the
        // manifests, may come after it): not before the first of them.
        assert.ok(
          seen.partsAtWorker >= 1,
          `the worker was started when ${seen.partsAtWorker} of the ${Object.keys(belowTheFold).length} parts below the fold were built`,
        );
        assert.deepEqual(errors, [], 'page errors');
      } finally {
        await context.close();
      }
    }),
    test('phone start: the head’s inline script (the scenario’s preload) comes before its stylesheet, which an inline script after it would wait for', async () => {
      const html = await (await fetch(base)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const stylesheet = head.indexOf('<link rel="stylesheet"');
      const policy = head.indexOf('Content-Security-Policy');
      assert.ok(stylesheet > 0 && policy > 0, 'the head has its stylesheet and its policy');
      const inline = [...head.matchAll(/<script>/g)].map((m) => m.index);
      // The scenario's preload (src/links/preloadScript.ts). The first screen's fonts were looked up by a second one
      // until the entry became one file (docs/reference.md, "The phone's start"): it then only added work.
      assert.equal(inline.length, 1, `${inline.length} inline scripts in the head`);
      for (const at of inline) {
        assert.ok(at < stylesheet, `an inline script at ${at} comes after the stylesheet at ${stylesheet}`);
        // A policy given in a meta tag covers only what follows it.
        assert.ok(at > policy, `an inline script at ${at} comes before the policy at ${policy}`);
      }
    }),
    // Only a phone's full page holds its parts below the fold; the embedded view (here at a blog's 720 px) holds
    // nothing, so its worker warms as before, ready for a re-run the view asks for.
    test('phone start: the embedded view, which holds no part below a fold, still warms its worker', async () => {
      const context = await browser.newContext({
        viewport: { width: 720, height: 600 },
        reducedMotion: 'reduce',
      });
      try {
        const page = await context.newPage();
        await page.goto(base + '?scenario=three-tier&embed=1');
        await page.waitForSelector('[data-testid="embed-view"]');
        await page.waitForFunction(
          () => performance.getEntriesByName('worker-warmed', 'mark').length > 0,
          null,
          { timeout: 60_000 },
        );
      } finally {
        await context.close();
      }
    }),
  ];
}
