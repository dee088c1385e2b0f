// Browser cases for issue 32's findings of a speaker on a 1024×768 projector, a blogger's 720 px column and an
// accessibility audit: each at the size the finding was made at, each written to fail on the page before its fix.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageOpener, readT, waitForSettledLayout, withHostedFrame } from './pageHelpers.mjs';
import { assertCardWordsInside, cardWordsInside } from './statusCardFitCases.mjs';
import { measureTexts } from './textFit.mjs';
import { scaled } from './timeoutScale.mjs';

const projector = { width: 1024, height: 768 };

/**
 * Every text of presenter mode's own parts (the beat, the stop caption, the counter, the key, reveal as you go)
 * and the status cards' titles and words: its drawn font size and whether it is cut (an ellipsis, or wider than
 * its box with its overflow hidden).
 */
function presenterTexts(page) {
  return measureTexts(page, {
    roots: [
      '[data-testid="beat-now"] .shown',
      '[data-testid="stop-line"]',
      '[data-testid="presenter-key"]',
      'label.reveal',
      'main > .status h2',
      'main > .status .value',
      'main > .status .when',
    ],
    self: true,
  });
}

/** The axe results of two rules only, on the page as it is (axe-core from node_modules, injected). */
async function axeRules(page, root, rules) {
  await page.addScriptTag({ path: join(root, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async (runOnly) => {
    const result = await globalThis.axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, rules);
}

export function speakerCases({ browser, base, root, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  // What else is read on a presenter page at its moment, on the same page as its texts (one load a moment): each
  // check says what it found wrong in its own words.
  const firstSlideWhole = {
    says: 'the first Progressive Syncs slide is told whole, not cut mid-sentence',
    async check(page) {
      const beat = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="beat-now"]');
        const shown = box.querySelector('.shown');
        return {
          text: shown.innerText.trim(),
          boxBottom: box.getBoundingClientRect().bottom,
          textBottom: shown.getBoundingClientRect().bottom,
          scroll: box.scrollHeight - box.clientHeight,
        };
      });
      assert.match(beat.text, /\.$/, `the slide ends mid-sentence: ${beat.text}`);
      assert.ok(beat.scroll <= 1, `the beat's box hides ${beat.scroll} px of it`);
      assert.ok(
        beat.textBottom <= beat.boxBottom + 1,
        `the slide ends under its box: ${JSON.stringify(beat)}`,
      );
    },
  };
  const captionNamesItsApp = {
    says: 'the stop caption names the Application it tells of',
    async check(page) {
      const caption = await page
        .locator('.page > [data-testid="stop-line"] [data-testid="stop-caption"]')
        .innerText();
      // At 15.7 s the child Application projects' operation ends, while the cards show platform Syncing.
      assert.match(caption, /^projects: The operation ends Succeeded/, 'the stop caption');
      assert.equal(
        await page.locator('[data-testid="last-sync-title"]').innerText(),
        'Syncing',
        "the Last Sync card's title beside the caption",
      );
    },
  };
  // Last on its page: it opens a child Application.
  const strayClickOpensNothing = {
    says: 'one stray click on a lane opens nothing; a double-click opens it, as the key says',
    async check(page) {
      const lane = '[data-testid="app-lanes"] > [data-app="projects"]';
      await page.click(lane);
      // Two frames are enough for a click to open a child (the page draws it on the next one).
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      assert.equal(await page.$('[data-testid="open-app"]'), null, 'one click opened a child');
      assert.doesNotMatch(page.url(), /[?&]app=/, 'one click put the child in the link');
      assert.match(
        await page.locator('[data-testid="presenter-key"]').innerText(),
        /double-click a\s+lane to open it/i,
        'the key does not say to double-click',
      );
      await page.dblclick(lane);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="open-app"]')?.textContent === 'projects',
      );
    },
  };

  const cardWords = { says: cardWordsInside, check: assertCardWordsInside };

  for (const [query, what, more] of [
    ['?scenario=failing-migration&present=1&t=9.718', 'failing-migration at 9.718 s', [cardWords]],
    [
      '?scenario=app-of-apps&present=1&t=15.7',
      'app-of-apps at 15.7 s',
      [captionNamesItsApp, strayClickOpensNothing],
    ],
    ['?scenario=progressive-sync&present=1', 'progressive-sync at 0', [firstSlideWhole, cardWords]],
    ['?scenario=three-tier&present=1&t=56.3', 'three-tier at its end', []],
  ])
    test(`speaker: at 1024×768 every presenter text is 24 px or more and none is cut (${what})${more.map((m) => `; ${m.says}`).join('')}`, () =>
      withPage(
        query,
        async (page) => {
          await waitForSettledLayout(page);
          const texts = await presenterTexts(page);
          const wrong = texts.filter((x) => x.size < 24 || x.cut);
          assert.ok(texts.length >= 10, `only ${texts.length} texts measured`);
          assert.deepEqual(wrong, [], 'texts under 24 px or cut');
          // Still one screen: the page does not scroll, the key is inside the window, and the timeline's box keeps
          // 40% of the screen's height at least.
          const fit = await page.evaluate(() => ({
            scroll: document.documentElement.scrollHeight,
            time: document.querySelector('main > section.time').getBoundingClientRect().height,
            key: document.querySelector('[data-testid="presenter-key"]').getBoundingClientRect().bottom,
          }));
          assert.ok(fit.scroll <= 768, `the page scrolls: ${fit.scroll} px`);
          assert.ok(fit.key <= 768, `the key ends at ${fit.key} px, under the window`);
          assert.ok(fit.time >= 0.4 * 768, `the timeline's box is ${fit.time} px high`);
          for (const { check } of more) await check(page);
        },
        { viewport: projector },
      ));

  test('speaker: with "Reveal as you go" focused, Space plays (a clicker) and leaves the box as it was', () =>
    withPage(
      '?scenario=failing-migration&present=1',
      async (page) => {
        await page.focus('[data-testid="reveal"]');
        await page.keyboard.press('Space');
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 0,
        );
        assert.equal(await page.isChecked('[data-testid="reveal"]'), false, 'Space toggled the box');
        // PageDown, the clicker's other key, steps there too.
        await page.keyboard.press('Space');
        const t = await readT(page);
        await page.keyboard.press('PageDown');
        assert.ok((await readT(page)) > t, 'PageDown did not step');
      },
      { viewport: projector },
    ));

  test('speaker: ?compare=article&present=1 at 1024×768: PageDown brings each run into view, the ApplicationSet run too', () =>
    withPage(
      '?compare=article&present=1',
      async (page) => {
        const seen = new Set();
        const inView = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('[data-testid="compare-run"]')]
              .filter((run) => {
                const r = run.getBoundingClientRect();
                return r.top >= -1 && r.top < innerHeight && r.bottom > 0;
              })
              .map((run) => run.getAttribute('aria-label')),
          );
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press('PageDown');
          // The scroll is instant (reduced motion); a frame for it to land.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
          for (const label of await inView()) seen.add(label);
          if (seen.has('progressive-sync')) break;
        }
        assert.ok(seen.has('progressive-sync'), `PageDown showed only ${[...seen].join(', ')}`);
      },
      {
        viewport: projector,
        ready: (page) => page.waitForSelector('[data-testid="compare-run"] [data-testid="compare-run-svg"]'),
      },
    ));

  test('blogger: in a 720 px iframe the sync card reads its whole word (OutOfSync, not OutOfSyn)', () =>
    withHostedFrame(browser, base, '?embed=1&scenario=failing-migration&t=9.718', 720, async (frame) => {
      await frame.waitForFunction(
        () => document.querySelector('[data-testid="sync-status"]')?.textContent === 'OutOfSync',
        undefined,
        { timeout: scaled(30_000) },
      );
      const words = await frame.evaluate(() =>
        ['health-status', 'sync-status', 'last-sync-title'].map((id) => {
          const el = document.querySelector(`[data-testid="${id}"]`);
          const card = el.closest('.card').getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return {
            id,
            text: el.textContent,
            cut: el.scrollWidth > el.clientWidth + 1 || r.right > card.right + 1,
          };
        }),
      );
      assert.deepEqual(
        words.filter((w) => w.cut),
        [],
      );
    }));

  for (const [query, what, options] of [
    ['?scenario=app-of-apps', 'app-of-apps', {}],
    ['?scenario=app-of-apps&present=1&t=15.7', 'app-of-apps presenting', { viewport: projector }],
    ['?scenario=progressive-sync&present=1', 'progressive-sync presenting', { viewport: projector }],
  ])
    test(`a11y: axe finds no scrollable-region-focusable or label-content-name-mismatch in ${what}`, () =>
      withPage(
        query,
        async (page) => {
          await waitForSettledLayout(page);
          const found = await axeRules(page, root, [
            'scrollable-region-focusable',
            'label-content-name-mismatch',
          ]);
          assert.deepEqual(found, []);
        },
        { ...options, bypassCSP: true },
      ));

  return cases;
}
