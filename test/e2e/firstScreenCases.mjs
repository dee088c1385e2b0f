// Browser cases of the page's start (issue 32, interactive at 390×844 with the CPU 4× slower): the first task
// builds the first screen only (the header, the transport, the timeline and the status cards), the parts below
// it come after the first paint, one per task, and the other scenarios' chunks load when the picker shows that a
// switch may come, not at the start. A key pressed while a picked scenario is still loading acts on it.
import assert from 'node:assert/strict';
import { pageOpener, readState, throttledPhone } from './pageHelpers.mjs';
import { installProbe } from '../bench/pageProbes.mjs';
import { traceInTurn } from './tracingLock.mjs';

/** The parts below the first screen, by a test id each one has (phoneStartCases.mjs waits for them too). */
export const belowTheFold = {
  terminal: '[data-testid="terminal"]',
  mode: '[data-testid="compare-link"]',
  stack: '.stack-panel',
  manifests: '[data-testid="manifest-editor"]',
};

export function firstScreenCases({ browser, base, full }) {
  if (!full) return [];
  const test = (name, fn) => ({ name, fn });
  const withPage = pageOpener(browser, base);
  // The shipped scenarios' chunks a page requested, by scenario id (a chunk is named after its file).
  const pickerIds = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="scenario-picker"] option')].map((o) => o.value),
    );
  const scenarioChunks = (record, ids) =>
    record.requests
      .map((url) => /\/assets\/([a-z0-9-]+)-[\w-]{8}\.js$/.exec(url)?.[1])
      .filter((name) => name && ids.includes(name));
  return [
    test("first screen: the start's scripts are compiled as they load (V8's compile hint), not function by function on the main thread before the controls show", async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.addInitScript(installProbe);
        // One trace at a time in the browser, and it holds every page's renderers: only this page's counts.
        const stopTrace = await traceInTurn(page, cdp, [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'disabled-by-default-v8.compile',
        ]);
        const url = base + '?scenario=three-tier';
        await page.goto(url);
        await page.waitForFunction(() => window.__bench.ready !== undefined, null, { timeout: 60_000 });
        const events = await stopTrace();
        // The page's main thread: where its HTML was parsed.
        const start = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
        assert.ok(start, "the trace has no parse of the page's HTML");
        // Each lazy compile of a function on the main thread is one V8.CompileCode event there: some 1,600 before
        // the controls showed without the hint (src/build/compileHintsPlugin.ts), about 70 with it (lazy chunks'
        // functions, which it leaves alone).
        const compiles = events.filter(
          (e) => e.name === 'V8.CompileCode' && e.pid === start.pid && e.tid === start.tid,
        ).length;
        assert.ok(compiles < 300, `${compiles} functions were compiled on the main thread during the start`);
      } finally {
        await context.close();
      }
    }),
    test("first screen: many-resources starts without loading the browser's number formats (a first toLocaleString takes 40–60 ms of CPU)", async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(() => {
          window.__formats = 0;
          const count = (original) =>
            function (...args) {
              window.__formats++;
              return original.apply(this, args);
            };
          Number.prototype.toLocaleString = count(Number.prototype.toLocaleString);
          Intl.NumberFormat = count(Intl.NumberFormat);
        });
        await page.goto(base + '?scenario=many-resources');
        // Every part is there, the manifests' read-only text (with its "… more lines") last.
        await page.waitForSelector('[data-testid="manifest-editor"] .more', { timeout: 60_000 });
        assert.equal(
          await page.evaluate(() => window.__formats),
          0,
          'number formats were asked for at the start',
        );
      } finally {
        await context.close();
      }
    }),
    test("first screen: at 390×844 the page's own scripts force no layout while it starts (three-tier, many-resources, app-of-apps)", async () => {
      for (const id of ['three-tier', 'many-resources', 'app-of-apps']) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          const stopTrace = await traceInTurn(page, cdp, [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.stack',
          ]);
          const url = `${base}?scenario=${id}`;
          await page.goto(url);
          // Until every part is there, asked through the protocol: Playwright's own element checks lay the page out.
          for (const giveUp = Date.now() + 60_000; ;) {
            const { result } = await cdp.send('Runtime.evaluate', {
              expression: `document.querySelector('[data-testid="manifest-editor"]') !== null`,
              returnByValue: true,
            });
            if (result.value) break;
            assert.ok(Date.now() < giveUp, `${id}: the manifests never came`);
            await new Promise((done) => setTimeout(done, 100));
          }
          await new Promise((done) => setTimeout(done, 1000));
          const events = await stopTrace();
          const start = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
          assert.ok(start, `${id}: the trace has no parse of the page's HTML`);
          // A layout or style pass with a script's stack was forced by that script reading the layout.
          const forced = events
            .filter((e) => e.pid === start.pid && e.tid === start.tid)
            .filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree')
            .map((e) => e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace)
            .filter((stack) => stack?.some((frame) => frame.url.includes('/assets/')))
            .map((stack) =>
              stack.map((frame) => `${frame.functionName}@${frame.url.split('/').pop()}`).join(' < '),
            );
          assert.deepEqual(forced, [], `${id}: layouts forced by the page's scripts`);
        } finally {
          await context.close();
        }
      }
    }),
    test('first screen: at 390×844 the terminal and the quiz are not rendered while out of view, and are when scrolled to', () =>
      withPage(
        '?scenario=three-tier',
        async (page) => {
          const parts = ['section.terminal', 'section.quiz'];
          for (const part of parts)
            await page.waitForSelector(`main > ${part}`, { state: 'attached', timeout: 60_000 });
          // checkVisibility's contentVisibilityAuto: false for what is inside a part while the browser skips the
          // part's layout and paint (the part itself keeps its placeholder box).
          const rendered = (query) =>
            page.evaluate(
              (q) => document.querySelector(q).checkVisibility({ contentVisibilityAuto: true }),
              `${query} h2`,
            );
          for (const part of parts)
            assert.equal(await rendered(`main > ${part}`), false, `${part} is rendered out of view`);
          for (const part of parts) {
            await page.locator(`main > ${part}`).scrollIntoViewIfNeeded();
            await page.waitForFunction(
              (q) => document.querySelector(q).checkVisibility({ contentVisibilityAuto: true }),
              `main > ${part} h2`,
            );
            assert.ok(
              await page.locator(`main > ${part} h2`).first().isVisible(),
              `${part}'s heading is not shown`,
            );
          }
        },
        { viewport: { width: 390, height: 844 } },
      )),
    test('first screen: at 390×844 with the CPU 4× slower, the controls and statuses show before the mode links, the stack, the terminal and the manifests are built; those then come in tasks of their own', async () => {
      const { context, page, errors } = await throttledPhone(browser);
      try {
        await page.addInitScript((parts) => {
          // At each DOM change (a MutationObserver's callback, at the microtask checkpoint after it): which parts
          // exist when the controls and statuses first show, and at which callback each part first appears (parts
          // built in one task appear at one callback; each task of its own makes a callback of its own).
          const seen = { atControls: undefined, tasks: {} };
          window.__firstScreen = seen;
          let task = 0;
          new MutationObserver(() => {
            task++;
            const play = document.querySelector('[data-testid="play"]');
            const words = ['operation-phase', 'sync-status', 'health-status'].map((id) =>
              document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim(),
            );
            const present = Object.fromEntries(
              Object.entries(parts).map(([name, query]) => [name, document.querySelector(query) !== null]),
            );
            if (seen.atControls === undefined && play && !play.disabled && words.every(Boolean))
              seen.atControls = present;
            for (const [name, there] of Object.entries(present))
              if (there && seen.tasks[name] === undefined) seen.tasks[name] = task;
          }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        }, belowTheFold);
        await page.goto(base + '?scenario=three-tier');
        await page.waitForFunction(
          (parts) => Object.values(parts).every((query) => document.querySelector(query) !== null),
          belowTheFold,
          { timeout: 60_000 },
        );
        const seen = await page.evaluate(() => window.__firstScreen);
        assert.deepEqual(
          seen.atControls,
          { terminal: false, mode: false, stack: false, manifests: false },
          'parts below the first screen were built before the controls showed',
        );
        const tasks = Object.values(seen.tasks);
        assert.equal(
          new Set(tasks).size,
          tasks.length,
          `two parts were built in one task: ${JSON.stringify(seen.tasks)}`,
        );
        assert.deepEqual(errors, [], 'page errors');
      } finally {
        await context.close();
      }
    }),
    test('first screen: at 390×844 with the CPU 4× slower, the parts two screens down are built only once the page has had a second with no long task (or is scrolled), not in the seconds after the controls show', async () => {
      const { context, page, errors } = await throttledPhone(browser);
      try {
        await page.addInitScript(
          (parts) => {
            // When the controls first show, when each long task ends, and when the first part below the fold is
            // built (page ms): the parts are to come only after a quiet spell following the controls.
            const seen = { controls: undefined, firstPart: undefined, longTasks: [] };
            window.__fold = seen;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) seen.longTasks.push([e.startTime, e.startTime + e.duration]);
            }).observe({ type: 'longtask', buffered: true });
            new MutationObserver(() => {
              const play = document.querySelector('[data-testid="play"]');
              const words = ['operation-phase', 'sync-status', 'health-status'].map((id) =>
                document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim(),
              );
              if (seen.controls === undefined && play && !play.disabled && words.every(Boolean))
                seen.controls = performance.now();
              if (
                seen.firstPart === undefined &&
                Object.values(parts).some((query) => document.querySelector(query) !== null)
              )
                seen.firstPart = performance.now();
            }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
          },
          { ...belowTheFold, quiz: '[data-testid="quiz"]' },
        );
        await page.goto(base + '?scenario=three-tier');
        // Untouched, the page still builds every part (find-in-page finds them without a scroll).
        await page.waitForFunction(
          (parts) => Object.values(parts).every((query) => document.querySelector(query) !== null),
          belowTheFold,
          { timeout: 60_000 },
        );
        const seen = await page.evaluate(() => window.__fold);
        // Between the controls showing and the first part, the page had a quiet spell of a second or more (it
        // waits for 1.5 s, restarted by every long task it is told of), whatever the load. Not necessarily the last
        // spell: another idle task of the page (a chunk, the worker's warm-up) may run just before the part.
        const tasks = seen.longTasks
          .filter(([, end]) => end > seen.controls && end < seen.firstPart)
          .sort((a, b) => a[0] - b[0]);
        const edges = [seen.controls, ...tasks.flat(), seen.firstPart];
        let longestQuiet = 0;
        for (let i = 0; i < edges.length; i += 2)
          longestQuiet = Math.max(longestQuiet, edges[i + 1] - Math.max(edges[i], seen.controls));
        assert.ok(
          longestQuiet >= 1000,
          `a part below the fold was built with no quiet second after the controls showed (longest ` +
            `${Math.round(longestQuiet)} ms: ${JSON.stringify(seen)})`,
        );
        assert.deepEqual(errors, [], 'page errors');
      } finally {
        await context.close();
      }
    }),
    test('first screen: at 390×844 a scroll as soon as the controls show builds the parts below the fold', () =>
      withPage(
        '?scenario=three-tier',
        async (page) => {
          await page.waitForSelector('[data-testid="play"]:not([disabled])');
          await page.mouse.wheel(0, 600);
          for (const query of Object.values(belowTheFold))
            await page.waitForSelector(query, { state: 'attached', timeout: 60_000 });
          await page.locator('[data-testid="terminal"]').scrollIntoViewIfNeeded();
          assert.ok(
            await page.locator('main > section.terminal h2').first().isVisible(),
            'the terminal shows',
          );
        },
        { viewport: { width: 390, height: 844 } },
      )),
    test("first screen: no other scenario's chunk loads until the picker is hovered; then every one is requested, and a pick opens its scenario", () =>
      withPage('?scenario=three-tier', async (page, record) => {
        const scenarioIds = await pickerIds(page);
        assert.ok(scenarioIds.length > 15, `the picker offers ${scenarioIds.length} scenarios`);
        await page.waitForSelector('[data-testid="order-row"]');
        // The page is idle: its quiz and worker have loaded by now (both wait for an idle period).
        await page.waitForSelector('[data-testid="quiz"]');
        await page.evaluate(
          () => new Promise((done) => requestIdleCallback(() => done(), { timeout: 2000 })),
        );
        assert.deepEqual(
          scenarioChunks(record, scenarioIds),
          ['three-tier'],
          'scenario chunks loaded at the start',
        );
        await page.hover('[data-testid="scenario-picker"]');
        // Every chunk is asked for, one task after another (a hang is caught by the case's timeout).
        while (new Set(scenarioChunks(record, scenarioIds)).size < scenarioIds.length)
          await page.waitForTimeout(50);
        await page.selectOption('[data-testid="scenario-picker"]', 'failing-migration');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'failing-migration',
        );
      })),
    test('keys: End pressed right after picking a scenario whose chunk is still loading goes to the end of the new scenario', () =>
      withPage('?scenario=three-tier', async (page, record) => {
        await page.waitForSelector('[data-testid="play"]:not([disabled])');
        // Picked without a hover or a focus first, so its chunk is not loaded when End is pressed.
        await page.evaluate(() => {
          const select = document.querySelector('[data-testid="scenario-picker"]');
          select.value = 'failing-smoke-test';
          select.dispatchEvent(new Event('change', { bubbles: true }));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
        });
        await page.waitForFunction(
          () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'failing-smoke-test',
        );
        await page.waitForFunction(
          () => document.querySelector('[data-testid="operation-phase"]')?.textContent?.trim() === 'Failed',
        );
        const state = await readState(page);
        assert.equal(
          state.phase,
          'Failed',
          'End acted on three-tier, then the new scenario opened at its start',
        );
        assert.ok(state.t > 10, `the cursor is at ${state.t} s, not at the new scenario's end`);
        assert.ok(scenarioChunks(record, await pickerIds(page)).includes('failing-smoke-test'));
      })),
  ];
}
