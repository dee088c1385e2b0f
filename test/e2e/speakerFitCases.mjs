// Browser cases for what a speaker on a 1024×768 projector and a learner on a 390×844 phone still saw cut or
// covered (issue 32, a second look): each at the size it was seen at, each written to fail on the page before its fix.
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';
import { assertCardWordsInside, cardWordsInside } from './statusCardFitCases.mjs';
import { measureTexts, panelFit, selectFits } from './textFit.mjs';

const projector = { width: 1024, height: 768 };

export function speakerFitCases({ browser, base, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  // The picker's names, and the hook deletion's label, are read on failing-migration's page at 9.718 s that the
  // "Why is it waiting?" check below opens (one load): each check says what it found wrong in its own words.
  const pickerNamesWhole = {
    says: 'the scenario picker shows every scenario name whole, inside the window',
    async check(page) {
      const fits = await selectFits(page, '[data-testid="scenario-picker"]');
      assert.ok(fits.length > 15, `the picker offers ${fits.length} scenarios`);
      const cut = fits.filter((f) => f.needs > f.room || f.right > projector.width);
      assert.deepEqual(cut, [], 'names the picker cuts ("A release wit…")');
    },
  };
  // The label of a hook's deletion lay over the deleted Job's bar, drawn until the Job was gone a moment later.
  const hookLabelCoversNoBar = {
    says: '"BeforeHookCreation" label at 9.718 s covers no bar of the timeline',
    async check(page) {
      const over = await page.evaluate(() => {
        const label = [...document.querySelectorAll('text.tl-hook-label')].find(
          (t) => t.textContent === 'BeforeHookCreation',
        );
        const box = label.getBoundingClientRect();
        const bars = [...label.ownerSVGElement.querySelectorAll('rect.tl-segment')].map((r) =>
          r.getBoundingClientRect(),
        );
        return {
          label: [box.left, box.right].map(Math.round),
          under: bars
            .filter(
              (b) => b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top,
            )
            .map((b) => [b.left, b.right].map(Math.round)),
        };
      });
      assert.deepEqual(over.under, [], `the BeforeHookCreation label at ${over.label} lies over bars`);
    },
  };

  // The answer's last line was cut by the panel's fixed height (it scrolled inside, with nothing to say so): at
  // failing-migration's failed hook and at three-tier's start (one Application's answer). The all-Applications
  // answer (a sync window's hold) still scrolls past 16rem: the timeline's top must stay on the first screen.
  for (const [query, what, more] of [
    [
      '?scenario=failing-migration&t=9.718',
      'failing-migration at 9.718 s',
      [hookLabelCoversNoBar, pickerNamesWhole],
    ],
    ['?scenario=three-tier', 'three-tier at 0', []],
  ])
    test(`learner fit: at 1024×768 "Why is it waiting?" shows its whole answer, no line cut (${what})${more.map((m) => `; ${m.says}`).join('')}`, () =>
      withPage(
        query,
        async (page) => {
          await waitForSettledLayout(page);
          const panel = await panelFit(page, '.now-bar > .why');
          assert.ok(panel.hidden <= 1, `the panel hides ${panel.hidden} px of its answer`);
          assert.ok(panel.lastBottom <= panel.boxBottom, `its last line is cut: ${JSON.stringify(panel)}`);
          for (const { check } of more) await check(page);
        },
        { viewport: projector },
      ));

  // A hook deleted by BeforeHookCreation at each retry put its label three times over itself, presenting
  // auto-sync-refuses-retry on a projector: a label with no room beside the one before it is left to the hover card.
  test('speaker fit: presenting auto-sync-refuses-retry at 1024×768, no two texts of the timeline lie over each other', () =>
    withPage(
      '?scenario=auto-sync-refuses-retry&present=1&t=60',
      async (page) => {
        await waitForSettledLayout(page);
        const found = await page.evaluate(() => {
          const texts = [...document.querySelectorAll('svg[data-testid="timeline"] text')]
            .filter((t) => t.textContent && t.getClientRects().length > 0)
            .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }));
          const over = [];
          for (const [i, a] of texts.entries())
            for (const b of texts.slice(i + 1))
              if (
                a.box.left < b.box.right - 1 &&
                b.box.left < a.box.right - 1 &&
                a.box.top < b.box.bottom - 1 &&
                b.box.top < a.box.bottom - 1
              )
                over.push(
                  `"${a.text}" at ${Math.round(a.box.left)} and "${b.text}" at ${Math.round(b.box.left)}`,
                );
          return { count: texts.filter((t) => t.text === 'BeforeHookCreation').length, over };
        });
        assert.ok(found.count >= 1, 'the first BeforeHookCreation label is drawn');
        assert.deepEqual(found.over, [], 'texts of the timeline over each other');
      },
      { viewport: projector },
    ));

  // Compare in presenter mode drew its texts at 14-22 px on a projector, where the one-run presenter draws every
  // text at 24 px or more (speakerCases.mjs): the same measure, over every text of the comparison, its drawings'
  // too (at the size they are drawn, their scale included).
  test('speaker fit: ?compare=article&present=1 at 1024×768 draws every text at 24 px or more, none cut', () =>
    withPage(
      '?compare=article&present=1',
      async (page) => {
        // A drawing's label cut to its column ends in an ellipsis.
        const texts = await measureTexts(page, {
          roots: ['[data-testid="compare-view"]'],
          skip: '.visually-hidden, title, [aria-hidden="true"]',
          cutBy: 'ellipsis',
          svgScale: true,
          chars: 40,
        });
        assert.ok(texts.length >= 30, `only ${texts.length} texts measured`);
        const small = texts.filter((t) => t.size < 23.9).map((t) => `${t.size.toFixed(1)} px: ${t.text}`);
        assert.ok(small.length === 0, `texts under 24 px:\n${[...new Set(small)].join('\n')}`);
        assert.deepEqual(
          texts.filter((t) => t.cut).map((t) => t.text),
          [],
          'texts cut',
        );
      },
      {
        viewport: projector,
        ready: (page) => page.waitForSelector('[data-testid="compare-run"] [data-testid="compare-run-svg"]'),
      },
    ));

  // On a phone, presenting progressive-sync opens on two beats (the set's generation and its first step) in a box
  // beside the header's buttons, a third of the screen high: it ended mid-word ("Step 1. platform-").
  test(`speaker fit: at 390×844 the phone presenter tells progressive-sync's first beats whole, no word cut, and ${cardWordsInside}`, () =>
    withPage(
      '?scenario=progressive-sync&present=1',
      async (page) => {
        await waitForSettledLayout(page);
        const beat = await page.evaluate(() => {
          const box = document.querySelector('[data-testid="beat-now"]');
          const shown = box.querySelector('.shown');
          return {
            text: shown.innerText.trim(),
            hidden: box.scrollHeight - box.clientHeight,
            textBottom: Math.round(shown.getBoundingClientRect().bottom),
            boxBottom: Math.round(box.getBoundingClientRect().bottom),
            time: document.querySelector('main > section.time').getBoundingClientRect().height,
          };
        });
        assert.match(beat.text, /^Generation\..*\.$/s, beat.text);
        assert.ok(beat.hidden <= 1, `the beat's box hides ${beat.hidden} px of it`);
        assert.ok(beat.textBottom <= beat.boxBottom, JSON.stringify(beat));
        // The timeline keeps a fifth of the screen at least under it.
        assert.ok(beat.time >= 0.2 * 844, `the timeline's box is ${beat.time} px high`);
        await assertCardWordsInside(page);
      },
      { viewport: { width: 390, height: 844 } },
    ));

  // On a phone the app lanes pan inside the time section, and the cursor at 30 s pans them; their caption panned
  // with them and was cut at the left ("phase, tionSet's, gressing,").
  test("learner fit: at 390×844 the app lanes' caption and key stay in view while the drawing pans (progressive-sync at 30 s)", () =>
    withPage(
      '?scenario=progressive-sync&t=30',
      async (page) => {
        await waitForSettledLayout(page);
        const seen = await page.evaluate(() => {
          const time = document.querySelector('main > section.time');
          const box = time.getBoundingClientRect();
          const parts = ['.app-lanes > p.key', '.app-lanes > .lane-key'].map((sel) => {
            const r = document.querySelector(sel).getBoundingClientRect();
            return { sel, left: Math.round(r.left - box.left), right: Math.round(box.right - r.right) };
          });
          return { panned: time.scrollLeft, parts };
        });
        assert.ok(seen.panned > 0, 'the drawing did not pan: the case no longer tells anything');
        const cut = seen.parts.filter((p) => p.left < 0 || p.right < 0);
        assert.deepEqual(cut, [], "cut at the time section's edge");
      },
      { viewport: { width: 390, height: 844 } },
    ));

  return cases;
}
