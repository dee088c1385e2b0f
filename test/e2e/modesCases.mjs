// Browser cases for the modes that compose: presenter × predict × several Applications, a child
// Application's way back (button, Escape, Back), no stray seeks in presenter mode, the drop-down focus rule and a
// blank screen, at a projector's 1024×768 and a phone's 390×844.
import assert from 'node:assert/strict';
import { readT, pageOpener } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

const text = (page, id) =>
  page.evaluate((i) => document.querySelector(`[data-testid="${i}"]`)?.textContent?.trim() ?? '', id);
const shown = (page, selector) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return getComputedStyle(el).display !== 'none' && box.width > 0 && box.height > 0;
  }, selector);
const endOf = (page) => page.evaluate(() => Number(document.querySelector('[data-testid="scrubber"]').max));

const viewports = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

export function modesCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  /** Press `key` until predict mode says the run is over, at most `limit` times; returns the times seen. */
  async function pressToEnd(page, key, limit) {
    const seen = [];
    for (let i = 0; i < limit; i++) {
      if (await page.$('[data-testid="predict-finished"]')) return { presses: i, seen };
      await page.keyboard.press(key);
      await page.waitForTimeout(60);
      seen.push(await readT(page));
    }
    return { presses: limit, seen };
  }

  for (const viewport of viewports)
    test(`modes: presenter + predict at ${viewport.width}: the question is on screen, PageDown shows the answer, then goes on to the end`, () =>
      withPage(
        '?scenario=failing-smoke-test&present=1&predict=1',
        async (page) => {
          await page.waitForSelector('[data-testid="predict-question"]');
          assert.ok(await shown(page, '[data-testid="predict-question"]'), 'the question is hidden');
          // The beat would tell the answer before the room guesses it: the question takes its place.
          assert.equal(await shown(page, '[data-testid="beat-now"]'), false);
          await page.keyboard.press('PageDown');
          await page.waitForSelector('[data-testid="predict-verdict"]');
          assert.match(await text(page, 'predict-verdict'), /^Skipped\. /);
          assert.equal(await readT(page), 0, 'showing the answer does not move the run');
          const { presses, seen } = await pressToEnd(page, 'PageDown', 60);
          assert.ok(presses < 60, `PageDown never reached the end: ${seen.join(', ')}`);
          assert.ok(
            seen.every((t, i) => i === 0 || t >= seen[i - 1]),
            `PageDown went back: ${seen.join(', ')}`,
          );
          assert.equal(await readT(page), await endOf(page));
        },
        { viewport },
      ));

  test('modes: predict, then p: Space, → and End step through the questions in presenter mode too', () =>
    withPage(
      '?scenario=failing-smoke-test&predict=1',
      async (page) => {
        await page.keyboard.press('p');
        await page.waitForFunction(() => document.querySelector('.page')?.classList.contains('presenting'));
        await page.waitForSelector('[data-testid="predict-question"]');
        const first = await text(page, 'predict-question');
        await page.keyboard.press('ArrowRight');
        await page.waitForSelector('[data-testid="predict-verdict"]');
        // Pressed again, → goes on: the question goes and the run steps, up to the next question.
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(
          (q) => document.querySelector('[data-testid="predict-question"]')?.textContent?.trim() !== q,
          first,
        );
        for (let i = 0; i < 40 && !(await page.$('[data-testid="predict-question"]')); i++)
          await page.keyboard.press('ArrowRight');
        assert.ok(await shown(page, '[data-testid="predict-question"]'), '→ never reached the next question');
        assert.equal(await page.$('[data-testid="predict-verdict"]'), null);
        // Space on an unanswered question shows its answer rather than playing past it.
        const t = await readT(page);
        await page.keyboard.press(' ');
        await page.waitForSelector('[data-testid="predict-verdict"]');
        assert.equal(await readT(page), t);
        // End skips every question on the way and shows the end of the run.
        await page.keyboard.press('End');
        await page.waitForFunction(
          () =>
            Number(document.querySelector('[data-testid="virtual-time"]').getAttribute('data-t')) >=
            Number(document.querySelector('[data-testid="scrubber"]').max) - 1e-6,
        );
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  for (const viewport of viewports)
    test(`modes: presenter + app-of-apps at ${viewport.width}: a lane opens a child; ← All Applications, Escape and Back return`, () =>
      withPage(
        '?scenario=app-of-apps&present=1',
        async (page) => {
          const start = page.url();
          const openChild = async () => {
            // In presenter mode a lane opens on a double-click: one stray click mid-talk opens nothing.
            await page.dblclick('[data-testid="app-lanes"] > [data-app="projects"]');
            await page.waitForFunction(
              () => document.querySelector('[data-testid="open-app"]')?.textContent === 'projects',
            );
            assert.match(page.url(), /[?&]app=projects/);
            assert.ok(await shown(page, '[data-testid="all-apps"]'), 'no way back on screen');
          };
          const overview = () =>
            page.waitForFunction(
              () =>
                document.querySelector('[data-testid="open-app"]') === null &&
                document.querySelector('[data-testid="app-lanes"]') !== null &&
                !/[?&]app=/.test(location.search),
            );
          await openChild();
          await page.click('[data-testid="all-apps"]');
          await overview();
          await openChild();
          await page.keyboard.press('Escape');
          await overview();
          await openChild();
          await page.goBack();
          await overview();
          // Back stayed on the page, at the entry it was opened with.
          assert.equal(new URL(page.url()).pathname, new URL(start).pathname);
          assert.ok(
            await page.evaluate(() => document.querySelector('.page')?.classList.contains('presenting')),
          );
          await page.goForward();
          await page.waitForFunction(
            () => document.querySelector('[data-testid="open-app"]')?.textContent === 'projects',
          );
        },
        { viewport },
      ));

  test('modes: a drop-down focused and closed without a pick hands PageDown back to the page', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.focus('[data-testid="scenario-picker"]');
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(150);
      assert.equal(
        await page.evaluate(() => document.querySelector('[data-testid="scenario-picker"]').value),
        'three-tier',
      );
      assert.ok((await readT(page)) > 0, 'PageDown did not step the run');
    }));

  test('modes: presenter: a click on the timeline or the lanes never seeks; b and . blank the screen and bring it back, as PowerPoint does', () =>
    withPage(
      '?scenario=three-tier&present=1&t=5',
      async (page) => {
        const box = await page.locator('[data-testid="timeline"]').boundingBox();
        await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
        await page.mouse.click(box.x + box.width * 0.6, box.y + 10);
        await page.waitForTimeout(150);
        assert.equal(await readT(page), 5, 'a click on the timeline sought');
        await page.keyboard.press('b');
        await page.waitForSelector('[data-testid="blank-screen"]');
        const cover = await page.locator('[data-testid="blank-screen"]').boundingBox();
        assert.ok(cover.width >= 1024 && cover.height >= 768, JSON.stringify(cover));
        // The key that brings the screen back does nothing else.
        await page.keyboard.press('PageDown');
        await page.waitForSelector('[data-testid="blank-screen"]', { state: 'detached' });
        assert.equal(await readT(page), 5, 'the key that brought the screen back stepped');
        await page.keyboard.press('.');
        await page.waitForSelector('[data-testid="blank-screen"]');
        await page.keyboard.press('.');
        await page.waitForSelector('[data-testid="blank-screen"]', { state: 'detached' });
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  /** What the status cards say, and of which Application. */
  const cards = (page) =>
    page.evaluate(() => {
      const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
      return {
        app: text('status-app').replace(/^· /, ''),
        health: text('health-status'),
        sync: text('sync-status'),
        lastSync: text('last-sync-title'),
      };
    });

  for (const viewport of viewports)
    test(`modes: status cards at ${viewport.width}: at the "Held" beat of progressive-sync-backend-fails they name platform-frontend and do not read Healthy · Synced · Sync OK`, () =>
      withPage(
        '?scenario=progressive-sync-backend-fails&t=80&present=1',
        async (page) => {
          await page.waitForFunction(() => document.querySelector('[data-testid="status-app"]'));
          const c = await cards(page);
          assert.equal(c.app, 'platform-frontend', JSON.stringify(c));
          assert.deepEqual({ health: c.health, sync: c.sync }, { health: 'Missing', sync: 'OutOfSync' });
          assert.notEqual(c.lastSync, 'Sync OK');
          // Presenting, the name is said once, in the Last Sync card's title (three times it was cut at 24 px).
          const named =
            (await shown(page, '[data-testid="status-app"]')) ||
            (await shown(page, '[data-testid="last-sync-app"]'));
          assert.ok(named, 'the name is not on screen');
        },
        { viewport },
      ));

  test('modes: status cards: during app-of-apps-without-health\'s InvalidSpecError they name checkout, Unknown, not "Sync OK"', () =>
    withPage('?scenario=app-of-apps-without-health&t=8', async (page) => {
      await page.waitForFunction(() => document.querySelector('[data-testid="status-app"]'));
      const c = await cards(page);
      assert.deepEqual(c, { app: 'checkout', health: 'Unknown', sync: 'Unknown', lastSync: '' });
      assert.match(
        await page.textContent('section.status'),
        /Application referencing project team-checkout which does not exist/,
      );
      // The Application health check, where it matters: this run has none, and
      // the panel holds Argo CD's docs' own argocd-cm snippet (docs/operator-manual/health.md) to copy.
      const lua = () =>
        page.evaluate(() => ({
          state: document.querySelector('[data-testid="health-lua-state"]')?.textContent ?? '',
          code: document.querySelector('[data-testid="health-lua"] pre')?.textContent ?? '',
        }));
      const without = await lua();
      assert.match(without.state, /This run has none/);
      assert.match(without.code, /resource\.customizations\.health\.argoproj\.io_Application: \|/);
      assert.match(without.code, /hs\.status = obj\.status\.health\.status/);
      await page.click('[data-testid="health-lua-copy"]');
      await page.waitForSelector('[data-testid="health-lua"] [role="status"]');
      // An open Application is the one the cards describe, whatever the story says.
      await page.click('[data-testid="app-lanes"] > [data-app="projects"]');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="status-app"]')?.textContent?.trim() === '· projects',
      );
      // With the toggle that adds it, the panel says this run has it.
      await page.click('text=Add the Application health check');
      await page.waitForFunction(() =>
        /This run has it/.test(document.querySelector('[data-testid="health-lua-state"]')?.textContent ?? ''),
      );
    }));

  test('modes: wave delay 2 to 0 on three-tier says why nothing changed; 10 s changes the run and the note goes', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.fill('[data-testid="wave-delay"]', '0');
      await page.press('[data-testid="wave-delay"]', 'Enter');
      await page.waitForSelector('[data-testid="knob-note"]', { timeout: scaled(20_000) });
      assert.match(
        await text(page, 'knob-note'),
        /^Nothing changed with a wave delay of 0 s instead of 2 s: .*5 s/,
      );
      await page.fill('[data-testid="wave-delay"]', '10');
      await page.press('[data-testid="wave-delay"]', 'Enter');
      await page.waitForSelector('[data-testid="knob-note"]', { state: 'detached', timeout: scaled(20_000) });
    }));

  test('modes: failing-migration: "Make the migration fail" is ticked and says its manifests fail it', () =>
    withPage('?scenario=failing-migration', async (page) => {
      const box = page.locator('[data-testid="toggle-migration"]');
      assert.equal(await box.isChecked(), true);
      assert.equal(await box.isDisabled(), true);
      assert.match(
        await text(page, 'toggle-migration-note'),
        /Job\/checkout-migrate fails in this revision's own manifests/,
      );
      // The smoke test's switch is a plain one: off, and it can be switched on.
      assert.equal(await page.locator('[data-testid="toggle-smoke"]').isChecked(), false);
    }));

  const phone = { viewport: { width: 390, height: 844 } };

  test('modes: ? in presenter mode shows a key to every lane stripe and bar pattern', () =>
    withPage(
      '?scenario=app-of-apps&present=1',
      async (page) => {
        await page.keyboard.press('?');
        await page.waitForSelector('[data-testid="legend"] [data-testid="lane-key"]');
        const key = await page.textContent('[data-testid="legend"] [data-testid="lane-key"]');
        for (const word of [
          'operation',
          'sync',
          'health',
          'rollout',
          'Healthy',
          'Progressing',
          'Degraded',
          'Missing',
          'Unknown',
          'Suspended',
          'wave delay',
        ])
          assert.ok(key.includes(word), `the key does not say "${word}"`);
        // Each swatch is filled with the pattern the bars use, drawn in the dialog itself.
        const filled = await page.$$eval('[data-testid="legend"] [data-testid="lane-key"] li rect', (rects) =>
          rects.map((r) => {
            const fill = r.getAttribute('fill');
            const id = /url\(#(.+)\)/.exec(fill ?? '')?.[1];
            return !id || document.getElementById(id) !== null;
          }),
        );
        assert.ok(filled.length >= 8 && filled.every(Boolean), JSON.stringify(filled));
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  test('modes: presenter at 1024×768: a stop counter, and a caption at every PageDown stop no beat tells', () =>
    withPage(
      '?scenario=three-tier&present=1',
      async (page) => {
        const seen = [];
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press('PageDown');
          await page.waitForTimeout(40);
          const stop = await page.evaluate(() => ({
            counter: document.querySelector('[data-testid="beat-counter"]')?.textContent?.trim() ?? '',
            caption: document.querySelector('[data-testid="stop-caption"]')?.textContent?.trim() ?? '',
            beat: document.querySelector('[data-testid="beat-now"] .shown')?.textContent?.trim() ?? '',
            t: Number(document.querySelector('[data-testid="virtual-time"]').getAttribute('data-t')),
          }));
          if (seen.length > 0 && seen.at(-1).t === stop.t) break;
          seen.push(stop);
        }
        assert.ok(seen.length >= 8, `only ${seen.length} stops`);
        const total = Number(seen[0].counter.split(' / ')[1]);
        seen.forEach((s, i) => {
          assert.match(s.counter, /^\d+ \/ \d+$/);
          // Every stop says something: its beat, or a caption told from the run's events there.
          assert.ok(
            s.caption !== '' || !/^Next, at/.test(s.beat),
            `stop ${i + 1} at ${s.t} s has no caption`,
          );
        });
        assert.equal(seen.at(-1).counter, `${total} / ${total}`);
        assert.ok(
          seen.filter((s) => s.caption !== '').length >= 3,
          JSON.stringify(seen.map((s) => s.caption)),
        );
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  test("modes: phone: the timeline's row labels stay at the left edge while the drawing pans", () =>
    withPage(
      '?scenario=three-tier&t=3',
      async (page) => {
        await page.waitForSelector('svg[data-testid="timeline"] text.tl-label');
        await page.evaluate(() => {
          const box = document.querySelector('section.time');
          box.scrollLeft = 240;
          box.dispatchEvent(new Event('scroll'));
        });
        await page.waitForTimeout(100);
        const { box, label, lanes, scrolled } = await page.evaluate(() => {
          const section = document.querySelector('section.time');
          const first = [...document.querySelectorAll('svg[data-testid="timeline"] text.tl-label')].find(
            (t) => t.textContent.trim() !== '',
          );
          return {
            box: section.getBoundingClientRect().left,
            label: first.getBoundingClientRect().left,
            // The status lanes' names (Operation, Sync status, App health) stay in view too.
            lanes: [...section.querySelectorAll('.lanes svg text.label')].map((t) => [
              t.getBoundingClientRect().left,
              t.getBoundingClientRect().right,
            ]),
            scrolled: section.scrollLeft,
          };
        });
        assert.ok(scrolled > 100, `the box did not pan (${scrolled})`);
        assert.ok(label >= box && label < box + 48, `the label is at ${label}, the box at ${box}`);
        assert.equal(lanes.length, 3, 'three status lanes named');
        // Right-aligned at the lanes' start as before the pan, so wholly inside the box (not panned off its left).
        const boxRight = await page.evaluate(
          () => document.querySelector('section.time').getBoundingClientRect().right,
        );
        for (const [left, right] of lanes)
          assert.ok(
            left >= box && right <= boxRight,
            `a status lane's name at ${left}–${right}, the box at ${box}`,
          );
      },
      phone,
    ));

  test("modes: phone: the last sync's card shows its whole message; the terminal's input is 16 px with no autocorrect, smart quotes are made plain, and chips run", () =>
    withPage(
      '?scenario=failing-migration&t=40',
      async (page) => {
        const m = await page.evaluate(() => {
          const el = document.querySelector('[data-testid="operation-message"]');
          return { text: el.textContent, scroll: el.scrollHeight, client: el.clientHeight };
        });
        assert.match(m.text, /completed unsuccessfully/, "the last sync's message");
        assert.ok(m.scroll <= m.client + 1, `the last sync's message is cut: ${JSON.stringify(m)}`);
        // On a phone the terminal, two screens down, is built once the page has settled (AfterPaint's belowFold).
        await page.waitForSelector('[data-testid="terminal"]', { state: 'attached' });
        const input = await page.evaluate(() => {
          const el = document.querySelector('[data-testid="terminal"]');
          return {
            size: parseFloat(getComputedStyle(el).fontSize),
            autocorrect: el.getAttribute('autocorrect'),
            autocapitalize: el.getAttribute('autocapitalize'),
            spellcheck: el.getAttribute('spellcheck'),
            enterkeyhint: el.getAttribute('enterkeyhint'),
          };
        });
        assert.ok(input.size >= 16, `the input is ${input.size} px: iOS zooms`);
        assert.deepEqual(
          { ...input, size: undefined },
          {
            size: undefined,
            autocorrect: 'off',
            autocapitalize: 'off',
            spellcheck: 'false',
            enterkeyhint: 'send',
          },
        );
        // What an iPhone's keyboard makes of the course's sed line.
        const field = page.locator('[data-testid="terminal"]');
        await field.fill('argocd app get checkout-dev —show-operation | sed -n ‘/^GROUP/,$p’');
        await field.press('Enter');
        await page.waitForFunction(() =>
          /GROUP\s+KIND/.test(document.querySelector('[data-testid="terminal-output"]')?.textContent ?? ''),
        );
        assert.doesNotMatch(await page.textContent('[data-testid="terminal-output"]'), /unknown|error/i);
        // A chip runs its command.
        await page.click('[data-testid="terminal-chips"] button:has-text("get jobs")');
        await page.waitForFunction(() =>
          /checkout-migrate/.test(
            [...document.querySelectorAll('[data-testid="terminal-output"] .cmd')].at(-1)?.parentElement
              ?.textContent ?? '',
          ),
        );
        assert.match(
          await page.textContent('[data-testid="terminal-output"]'),
          /\$ kubectl -n checkout-dev get jobs/,
        );
      },
      phone,
    ));

  test("modes: phone: the guide's Keys line is for a keyboard, not shown on a phone", () =>
    withPage(
      '?scenario=three-tier',
      async (page) => {
        // On a phone the guide, two screens down, is built once the page has settled (AfterPaint's belowFold).
        await page.waitForSelector('[data-testid="guide"]', { state: 'attached' });
        assert.equal(await shown(page, '[data-testid="guide"] .keys'), false);
        assert.ok(await shown(page, '[data-testid="guide"]'));
      },
      phone,
    ));

  return cases;
}
