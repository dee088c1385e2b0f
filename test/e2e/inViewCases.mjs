// Browser cases for labels and answers a speaker and a learner saw cut or scrolled away (issue 32, a third look):
// each at the size it was seen at, each written to fail on the page before its fix.
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';
import { panelFit } from './textFit.mjs';

const phone = { width: 390, height: 844 };

export function inViewCases({ browser, base, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  // On a phone the lanes' names are pinned over the drawing as it pans to the cursor, and what lies under them is
  // cut at their edge: the steps' names over the lanes were cut there ("n-stack step 2").
  test("learner fit: at 390×844 no step name over the app lanes is cut at the pinned names' edge (progressive-sync at 30 s)", () =>
    withPage(
      '?scenario=progressive-sync&t=30',
      async (page) => {
        await waitForSettledLayout(page);
        const seen = await page.evaluate(() => {
          const svg = document.querySelector('.app-lanes > svg');
          const clip = svg.querySelector('[data-testid="reveal-veil"]');
          const box = svg.getBoundingClientRect();
          const scale = box.width / svg.width.baseVal.value;
          const edge = box.left + clip.x.baseVal.value * scale;
          const labels = [...svg.querySelectorAll('text.al-span-label')]
            .filter((t) => getComputedStyle(t).visibility !== 'hidden')
            .map((t) => {
              const r = t.getBoundingClientRect();
              return { text: t.textContent, left: Math.round(r.left), right: Math.round(r.right) };
            });
          return { panned: document.querySelector('main > section.time').scrollLeft, edge, labels };
        });
        assert.ok(seen.panned > 0, 'the drawing did not pan: the case no longer tells anything');
        const cut = seen.labels.filter((l) => l.left < seen.edge);
        assert.deepEqual(
          cut,
          [],
          `names that start left of the pinned names' edge at ${Math.round(seen.edge)} px`,
        );
        // Steps 2 and 3 run on in view at 30 s: both are named.
        assert.deepEqual(
          seen.labels.map((l) => l.text).filter((t) => /step [23]$/.test(t)),
          ['platform-stack step 2', 'platform-stack step 3'],
        );
      },
      { viewport: phone },
    ));

  // The phone presenter pans the drawing to the cursor; at the run's end the outcome's name, left of its line (no
  // room right of it), ran under the pinned row labels and was cut to "ailed at 15s".
  test('speaker fit: at 390×844 the phone presenter shows "Failed at 15s" whole, right of the pinned labels (failing-migration, at the end)', () =>
    withPage(
      '?scenario=failing-migration&present=1',
      async (page) => {
        await waitForSettledLayout(page);
        await page.keyboard.press('End');
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="virtual-time"]')?.textContent?.includes('17.1'),
        );
        await waitForSettledLayout(page);
        const seen = await page.evaluate(() => {
          const end = document.querySelector('g.tl-end text');
          const svg = end.ownerSVGElement;
          const clip = svg.querySelector('clipPath rect');
          const box = svg.getBoundingClientRect();
          const scale = box.width / svg.width.baseVal.value;
          const section = document.querySelector('main > section.time').getBoundingClientRect();
          const r = end.getBoundingClientRect();
          return {
            text: end.textContent,
            panned: document.querySelector('main > section.time').scrollLeft,
            left: Math.round(r.left),
            right: Math.round(r.right),
            edge: Math.round(box.left + clip.x.baseVal.value * scale),
            sectionRight: Math.round(section.right),
          };
        });
        assert.equal(seen.text, 'Failed at 15s');
        assert.ok(seen.panned > 0, 'the drawing did not pan: the case no longer tells anything');
        assert.ok(seen.left >= seen.edge, `cut at the pinned labels' edge: ${JSON.stringify(seen)}`);
        assert.ok(seen.right <= seen.sectionRight, `cut at the section's right: ${JSON.stringify(seen)}`);
      },
      { viewport: phone },
    ));

  // The all-Applications "Why is it waiting?" is held to 16rem (the timeline's top stays on a 1024×768 first
  // screen), and its long answers scrolled their last lines inside it: a sync window's hold, and two Applications
  // syncing on their own (each one's message said twice, and a parent's rule where there is no parent).
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1280, height: 720 },
  ])
    for (const [query, what] of [
      ['?scenario=sync-window-blocks-release&t=600', 'sync-window-blocks-release at 600 s'],
      ['?scenario=delete-app', 'delete-app at 0 s'],
    ])
      test(`learner fit: at ${viewport.width}×${viewport.height} the all-Applications "Why is it waiting?" shows its whole answer, no scroll (${what})`, () =>
        withPage(
          query,
          async (page) => {
            await waitForSettledLayout(page);
            const title = await page.evaluate(() =>
              document.querySelector('#platform-why-title')?.textContent.trim(),
            );
            assert.equal(title, 'Why is it waiting?');
            const panel = await panelFit(page, '.now-bar > .why');
            assert.ok(panel.hidden <= 1, `the panel hides ${panel.hidden} px of its answer`);
            assert.ok(panel.lastBottom <= panel.boxBottom, `its last line is cut: ${JSON.stringify(panel)}`);
          },
          { viewport },
        ));

  // Once the operation has ended, the line kept for the engine's message (so the headline does not jump while
  // playing) stood empty under "Why did it end?": a blank line between the title and the answer.
  test('learner fit: at 1024×768 "Why did it end?" has no blank line under its title (failing-migration, at the end)', () =>
    withPage(
      '?scenario=failing-migration',
      async (page) => {
        await page.keyboard.press('End');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="why-title"]')?.textContent.trim() === 'Why did it end?',
        );
        const gap = await page.evaluate(() => {
          const title = document.querySelector('[data-testid="why-title"]').getBoundingClientRect();
          // The first thing under the title that says something.
          let next = document.querySelector('[data-testid="why-title"]').nextElementSibling;
          while (next && next.textContent.trim() === '') next = next.nextElementSibling;
          return {
            first: next.className.split(' ')[0],
            gap: Math.round(next.getBoundingClientRect().top - title.bottom),
          };
        });
        // The panel's title is followed by its answer, with the heading's own margin between (0.4rem at most).
        assert.ok(gap.gap <= 8, `${gap.gap} px under the title, before .${gap.first}`);
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  // The scenario picker got a row of its own under the title (at 1024×768 it shows the whole name): on a phone the
  // header became five rows (title, picker, three of tools with the theme button alone on the last), a row more
  // than before, pushing the transport down. The picker's name stays whole: a select cut 16 of the 28 names at
  // 390 px, so a phone shows the chosen name wrapped under the select (delete-app's is the longest).
  for (const scenario of ['failing-migration', 'progressive-sync', 'delete-app'])
    test(`learner fit: at 390×844 the header is four rows at most, the picker's name whole (${scenario})`, () =>
      withPage(
        `?scenario=${scenario}`,
        async (page) => {
          const header = await page.evaluate(() => {
            const items = [
              ...document.querySelectorAll('header h1, header .picker, header .tools > *'),
            ].filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0);
            return {
              rows: [...new Set(items.map((e) => Math.round(e.getBoundingClientRect().top)))].sort(
                (a, b) => a - b,
              ),
            };
          });
          // A row's items are centred on it: tops within 8 px of each other are one row.
          const rows = header.rows.filter((top, i) => i === 0 || top - header.rows[i - 1] > 8);
          assert.ok(rows.length <= 4, `the header is ${rows.length} rows: tops ${header.rows}`);
          // What a phone shows of the picker: the name's box under the select, which the select covers whole.
          const shown = await page.evaluate(() => {
            const select = document.querySelector('[data-testid="scenario-picker"]');
            const box = document.querySelector('[data-testid="scenario-name"]');
            const r = box?.getBoundingClientRect();
            const s = select.getBoundingClientRect();
            return {
              text: box?.textContent.trim(),
              chosen: select.selectedOptions[0]?.textContent.trim(),
              cut: box ? box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight : true,
              right: r?.right,
              covered:
                !!r && s.left <= r.left && s.right >= r.right && s.top <= r.top && s.bottom >= r.bottom,
            };
          });
          assert.equal(shown.text, shown.chosen, "the picker does not show the chosen scenario's name");
          assert.ok(!shown.cut && shown.right <= 390, `the picker's name is cut: ${JSON.stringify(shown)}`);
          assert.ok(shown.covered, 'a tap on the name would miss the select');
        },
        { viewport: phone },
      ));

  // On a phone the timeline's box follows the cursor, and the legend under the rows panned away with the drawing:
  // at failing-migration's failure it read "d  Progressing … U" and its last line was cut to "w".
  test("learner fit: at 390×844 the timeline's legend stays whole in the box's view while the drawing pans (failing-migration at its failure)", () =>
    withPage(
      '?scenario=failing-migration&t=10.8',
      async (page) => {
        await waitForSettledLayout(page);
        const seen = await page.evaluate(() => {
          const box = document.querySelector('main > section.time');
          const view = box.getBoundingClientRect();
          const items = [...box.querySelectorAll('[data-testid="timeline"] g.tl-legend-item')].map((g) => {
            const r = g.getBoundingClientRect();
            return { text: g.textContent, left: Math.round(r.left), right: Math.round(r.right) };
          });
          return { panned: box.scrollLeft, left: view.left, right: view.right, items };
        });
        assert.ok(seen.panned > 0, 'the drawing did not pan: the case no longer tells anything');
        assert.ok(seen.items.length >= 10, `only ${seen.items.length} legend items`);
        assert.deepEqual(
          seen.items.filter((i) => i.left < seen.left || i.right > seen.right),
          [],
          `legend items outside the box's view, ${Math.round(seen.left)}–${Math.round(seen.right)} px`,
        );
      },
      { viewport: phone },
    ));

  return cases;
}
