// Browser cases for the punchline (issue 30): a link with punchline=1 opens a scenario at the moment it is about,
// the caption in the call-out box, and "Jump to the punchline" beside the picker seeks there; at a projector's
// 1024×768 and a phone's 390×844.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageOpener, readT } from './pageHelpers.mjs';

const text = (page, id) => page.textContent(`[data-testid="${id}"]`).then((s) => (s ?? '').trim());

export function punchlineCases({ browser, base, results, shots }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const caption =
    "The sync Failed while the app is Healthy: the PostSync smoke test failed, and hooks do not count in the app's health.";

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    const size = `${viewport.width}×${viewport.height}`;
    test(`punchline: failing-smoke-test's link opens on its punchline with the caption at ${size}`, () =>
      withPage(
        '?scenario=failing-smoke-test&punchline=1',
        async (page) => {
          await page.waitForSelector('[data-testid="callout"]');
          // The moment the scenario is about: the sync Failed, the app Healthy, at t 35 (the operation's end).
          assert.equal(await readT(page), 35);
          assert.equal(await text(page, 'operation-phase'), 'Failed');
          assert.equal(await text(page, 'health-status'), 'Healthy');
          assert.equal(await text(page, 'callout'), `The punchline. ${caption}`);
          await page
            .waitForFunction(() => {
              const r = document.querySelector('[data-testid="callout"]').getBoundingClientRect();
              return r.top >= 0 && r.bottom <= innerHeight + 1;
            })
            .catch(() => {});
          // Seen whole on the screen, not cut or scrolled away: the caption is what the link is for.
          const box = await page.$eval('[data-testid="callout"]', (el) => {
            const r = el.getBoundingClientRect();
            return {
              left: r.left,
              right: r.right,
              top: r.top,
              bottom: r.bottom,
              overflow: el.scrollHeight - el.clientHeight,
            };
          });
          assert.ok(
            box.left >= 0 && box.right <= viewport.width,
            `the caption fits the width: ${JSON.stringify(box)}`,
          );
          assert.ok(box.overflow <= 1, 'the caption does not scroll');
          // On screen without scrolling by hand: below the timeline at this size, the page brings it up.
          assert.ok(
            box.top >= 0 && box.bottom <= viewport.height + 1,
            `the caption is in view: ${JSON.stringify(box)}`,
          );
          // The address bar keeps the moment and the punchline, so a reload shows the caption again.
          await page.waitForFunction(() => /punchline=1/.test(location.search));
          assert.match(await page.evaluate(() => location.search), /[?&]t=35(&|$)/);
          // The Punchline button beside the picker keeps the header one row at a projector's 1024 px.
          if (viewport.width === 1024) {
            const rows = await page.$$eval('header .tools > *', (els) => [
              ...new Set(
                els.filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top)),
              ),
            ]);
            assert.equal(rows.length, 1, `the header's tools are on one row: tops ${rows}`);
          }
          if (shots) await page.screenshot({ path: join(results, `punchline-${viewport.width}.png`) });
          // Away from the moment the caption goes; "Jump to the punchline" brings the cursor and caption back.
          await page.click('[data-testid="step-back"]');
          assert.ok((await readT(page)) < 35, 'stepped back before the punchline');
          assert.doesNotMatch(await page.innerText('main'), /The punchline\./);
          await page.click('[data-testid="jump-punchline"]');
          assert.equal(await readT(page), 35);
          assert.equal(await text(page, 'callout'), `The punchline. ${caption}`);
        },
        { viewport },
      ));
  }

  test('punchline: "Jump to the punchline" beside the picker seeks three-tier to its PostSync, captioned', () =>
    withPage('?scenario=three-tier', async (page) => {
      assert.equal(await page.$('[data-testid="callout"]'), null);
      await page.click('[data-testid="jump-punchline"]');
      await page.waitForSelector('[data-testid="callout"]');
      assert.equal(await readT(page), 48.133);
      assert.equal(await text(page, 'operation-phase'), 'Running');
      assert.match(
        await text(page, 'callout'),
        /^The punchline\. The app is Synced and Healthy, yet the operation is still Running/,
      );
    }));

  // Issue 32's small findings: on a phone the call-out's slot kept the height of the run's longest call-out while
  // the punchline's caption was shown, so a short caption sat over an empty band. hpa-self-heal-fight's caption is
  // shorter than its other call-outs: the box is as tall as its text.
  test('punchline at 390×844: the call-out box is as tall as its caption, with no empty space under it', () =>
    withPage(
      '?scenario=hpa-self-heal-fight&punchline=1',
      async (page) => {
        await page.waitForSelector('[data-testid="callout"]');
        const fit = await page.$eval('[data-testid="callout"]', (el) => {
          const box = el.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(el);
          const text = range.getBoundingClientRect();
          const style = getComputedStyle(el);
          return {
            box: box.height,
            text: text.height,
            padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
            borders: parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth),
          };
        });
        // The text's box leaves out the lines' half-leading (a few px); before, a band of 103 px was empty.
        // The text's box leaves out the lines' half-leading (a few px); before, a band of 103 px was empty.
        const empty = fit.box - fit.text - fit.padding - fit.borders;
        assert.ok(
          empty <= 8,
          `${Math.round(empty)} px of empty space under the caption: ${JSON.stringify(fit)}`,
        );
      },
      { viewport: { width: 390, height: 844 } },
    ));

  return cases;
}
