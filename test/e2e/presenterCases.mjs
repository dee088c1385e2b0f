// Browser cases for the presenter mode, story beats with times and the cold visitor: the page as a speaker
// projects it (1024×768, 1280×720, 1920×1080) and as a first-time visitor opens it (390×844 too).
import assert from 'node:assert/strict';
import { pageOpener, readT, reloadPage, waitForSettledLayout } from './pageHelpers.mjs';

/** What presenter mode shows and hides, and how large the timeline's text is drawn. */
async function presenterView(page) {
  return page.evaluate(() => {
    const shown = (selector) => {
      const el = document.querySelector(selector);
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return getComputedStyle(el).display !== 'none' && box.width > 0 && box.height > 0;
    };
    const svg = document.querySelector('[data-testid="timeline"]');
    // The rendered size of the row labels: the font size the browser drew each label at, times the <svg>'s
    // own scale on screen (an <svg> shrunk to fit would draw smaller type than its font-size says), to 0.1 px:
    // a box of 985.6 px for an <svg> 986 wide is subpixel layout, not a smaller type.
    const scale = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));
    const sizes = [...svg.querySelectorAll('text.tl-label, text.tl-tick, .tl-legend-item text')]
      .filter((t) => t.textContent.trim() !== '')
      .map((t) => Math.round(parseFloat(getComputedStyle(t).fontSize) * scale * 10) / 10);
    return {
      presenting: document.querySelector('.page')?.classList.contains('presenting') ?? false,
      editor: shown('[data-testid="manifest-panel"]'),
      results: shown('section.results'),
      quiz: shown('[data-testid="quiz"]'),
      stack: shown('.stack-panel'),
      beat: shown('[data-testid="beat-now"]'),
      // What is seen: the box also holds every beat of the run unseen, to keep one height for the whole run.
      beatText: document.querySelector('[data-testid="beat-now"] .shown')?.innerText?.trim() ?? '',
      beatSize: shown('[data-testid="beat-now"]')
        ? parseFloat(getComputedStyle(document.querySelector('[data-testid="beat-now"]')).fontSize)
        : 0,
      timeline: shown('[data-testid="timeline"]'),
      status: shown('[data-testid="operation-phase"]'),
      minText: Math.min(...sizes),
      labels: sizes.length,
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      // Everything the main view shows must be on screen: its right and bottom edges inside the window.
      statusBottom: document.querySelector('section.status').getBoundingClientRect().bottom,
      timeRight: document.querySelector('section.time').getBoundingClientRect().right,
      timeTop: document.querySelector('section.time').getBoundingClientRect().top,
      search: location.search,
    };
  });
}

/** How wide the timeline's marks placed in time are drawn (its reveal clip), in px. */
function revealedWidth(page) {
  return page.evaluate(() =>
    Number(document.querySelector('[data-testid="timeline"] clipPath rect')?.getAttribute('width') ?? NaN),
  );
}

export function presenterCases({ browser, base, full }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('presenter: present=1 hides the editor, the tables and the quiz, and shows the beat of the moment', () =>
    withPage('?scenario=failing-migration&t=12&present=1', async (page) => {
      const v = await presenterView(page);
      assert.ok(v.presenting, 'presenter mode is off');
      assert.deepEqual(
        { editor: v.editor, results: v.results, quiz: v.quiz, stack: v.stack },
        { editor: false, results: false, quiz: false, stack: false },
      );
      assert.ok(v.timeline && v.status && v.beat, JSON.stringify(v));
      // At 12 s the SyncFail hook has been created (10 s): its beat is the one shown, alone and large.
      assert.match(v.beatText, /^SyncFail\. A failed task ends the sync[^\n]*$/);
      assert.ok(v.beatSize >= 20, `the beat is told in ${v.beatSize} px type`);
      assert.match(v.search, /present=1/);
    }));

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    // On a phone the timeline keeps a readable width and pans inside its box: its end is reached by panning.
    const phone = viewport.width < 700;
    test(`presenter: at ${viewport.width}×${viewport.height} timeline text is ≥ 18 px and nothing scrolls sideways or is cut off`, () =>
      withPage(
        '?scenario=failing-migration&present=1',
        async (page) => {
          if (!phone) {
            // Reveal as you go (drawing the whole run at t 0 would spoil the ending): at the
            // start nothing is drawn in time, the link says reveal=1, and End draws the run up to its end.
            await page.check('[data-testid="reveal"]');
            await page.waitForFunction(() => /[?&]reveal=1/.test(location.search));
            assert.equal(await revealedWidth(page), 0, 'the future is drawn with reveal on at t 0');
          }
          await page.keyboard.press('End');
          await waitForSettledLayout(page);
          const v = await presenterView(page);
          if (!phone) {
            assert.ok((await revealedWidth(page)) > 300, 'End with reveal on does not draw the run');
            // The beat in type for the back of a room, and a key to every bar pattern on screen (not only in
            // `?`), inside the window.
            // (Under 760 px of height the rows need the lines: 1280×720 keeps 1.2rem, about 21 px.)
            // 24 px on a projector (issue 32's floor for every presenter text: at 28 px the beat took the lines the
            // caption and the key at 24 px need).
            const beatGoal = viewport.height >= 760 ? 24 : 20;
            assert.ok(v.beatSize >= beatGoal, `the beat is told in ${v.beatSize} px type`);
            const key = await page.evaluate(() => {
              const el = document.querySelector('[data-testid="presenter-key"]');
              const r = el?.getBoundingClientRect();
              return r && { bottom: r.bottom, right: r.right, items: el.querySelectorAll('li').length };
            });
            assert.ok(key && key.items >= 8, `presenter key: ${JSON.stringify(key)}`);
            assert.ok(key.bottom <= v.innerHeight && key.right <= v.innerWidth, JSON.stringify(key));
          }
          assert.ok(v.labels > 10, `only ${v.labels} labels measured`);
          assert.ok(v.minText >= 18, `timeline text drawn at ${v.minText.toFixed(1)} px`);
          assert.ok(
            v.scrollWidth <= v.innerWidth,
            `page scrolls sideways: ${v.scrollWidth} > ${v.innerWidth}`,
          );
          assert.ok(
            v.scrollHeight <= v.innerHeight,
            `page scrolls down: ${v.scrollHeight} > ${v.innerHeight}`,
          );
          assert.ok(v.timeRight <= v.innerWidth, `timeline ends at ${v.timeRight}`);
          // The timeline and its lanes take most of the screen: only the status cards, the beat and the
          // transport are above them.
          // The presenter goal is the beat in 28 px type, taking the room that was left empty under the rows: the
          // timeline starts lower than the third of the screen it used to (0.35).
          const top = phone ? 0.75 : 0.42;
          assert.ok(v.timeTop < v.innerHeight * top, `timeline starts at ${v.timeTop}, low on the screen`);
          // The failure's end, the last thing on the axis, is inside the drawing (not cut off on the right).
          const end = await page.evaluate(() => {
            const g = document.querySelector('[data-testid="timeline"] g.tl-end text');
            const box = document.querySelector('section.time');
            return {
              right: g ? g.getBoundingClientRect().right + box.scrollLeft : 0,
              reach: box.getBoundingClientRect().left + box.scrollWidth,
            };
          });
          const limit = phone ? end.reach : v.innerWidth;
          assert.ok(end.right > 0 && end.right <= limit, `"Failed at …" ends at ${end.right}, past ${limit}`);
          if (phone) {
            // Panned, the status lanes' and the rows' names stay at the box's left edge, drawn over the marks,
            // and what is placed in time is cut at their column's edge (no bar's text under a name).
            const pinned = await page.evaluate(async () => {
              const box = document.querySelector('section.time');
              box.scrollLeft = 150;
              await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
              const svg = document.querySelector('[data-testid="timeline"]');
              const clipLeft =
                svg.getBoundingClientRect().left +
                Number(svg.querySelector('clipPath rect').getAttribute('x'));
              const names = [
                ...box.querySelectorAll('.lanes text.label, [data-testid="timeline"] text.tl-label'),
              ];
              // The names on screen (the section's last rows may be below the window's edge).
              const onScreen = names.filter((name) => name.getBoundingClientRect().bottom <= innerHeight);
              return onScreen.map((name) => {
                const r = name.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return {
                  name: name.textContent,
                  inView: r.left >= box.getBoundingClientRect().left,
                  onTop: hit === name,
                  clear: r.right <= clipLeft + 1,
                };
              });
            });
            const wrong = pinned.filter((n) => !n.inView || !n.onTop || !n.clear);
            assert.ok(pinned.length > 5 && wrong.length === 0, JSON.stringify(wrong));
          }
        },
        { viewport },
      ));
  }

  test('presenter: the present button and the p key toggle the mode, wherever the focus was left', () =>
    withPage('?scenario=three-tier', async (page) => {
      assert.equal((await presenterView(page)).presenting, false);
      const normalSize = (await presenterView(page)).minText;
      await page.click('[data-testid="present"]');
      await page.waitForFunction(() => document.querySelector('.page.presenting'));
      await waitForSettledLayout(page);
      const on = await presenterView(page);
      assert.ok(on.minText >= 18 && on.minText > normalSize, `${normalSize} → ${on.minText}`);
      assert.match(on.search, /present=1/);
      // The button keeps the focus after the click; p still leaves the mode, and PageDown still steps.
      await page.keyboard.press('p');
      await page.waitForFunction(() => !document.querySelector('.page.presenting'));
      assert.doesNotMatch((await presenterView(page)).search, /present=/);
      await page.keyboard.press('p');
      await page.waitForFunction(() => document.querySelector('.page.presenting'));
      const t0 = await readT(page);
      await page.keyboard.press('PageDown');
      assert.ok((await readT(page)) > t0, 'PageDown does nothing in presenter mode');
      // Typing p into a text field is typing, not a mode switch.
      await page.keyboard.press('p');
      await page.waitForFunction(() => !document.querySelector('.page.presenting'));
      await page.focus('[data-testid="wave-delay"]');
      await page.keyboard.press('p');
      assert.equal((await presenterView(page)).presenting, false, 'p in a field switched the mode');
    }));

  test('story: the beat the cursor has passed is highlighted, a click seeks to a beat, PageDown stops at beats', () =>
    withPage('?scenario=failing-migration&t=7', async (page) => {
      const current = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="story"] li[aria-current="step"] strong')].map(
            (s) => s.textContent,
          ),
        );
      assert.deepEqual(await current(), ['PreSync']);
      await page.click('[data-testid="story"] li[data-beat="2"] button');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="virtual-time"]').dataset.t === '10',
      );
      assert.deepEqual(await current(), ['SyncFail']);
      // From 0, PageDown reaches the PreSync beat's time (the hook created at 5 s) on its way.
      await page.keyboard.press('Home');
      const stops = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('PageDown');
        stops.push(await readT(page));
      }
      assert.ok(stops.includes(5), `no stop at the PreSync beat: ${stops.join(', ')}`);
    }));

  test('guide: the reading guide links Argo CD docs, names the version, dismisses and stays dismissed after a reload', () =>
    withPage('?scenario=three-tier', async (page, record) => {
      const guide = await page.evaluate(() => {
        const el = document.querySelector('[data-testid="guide"]');
        return el
          ? { text: el.textContent, links: [...el.querySelectorAll('a')].map((a) => a.href) }
          : undefined;
      });
      assert.ok(guide, 'no guide for a first visit');
      assert.match(guide.text, /Did the sync fail\?/);
      assert.match(guide.text, /Is the app healthy\?/);
      assert.match(guide.text, /Argo CD 3\.x/);
      assert.match(guide.text, /argocd-semantics\.md/);
      for (const page of [
        'user-guide/sync-waves/',
        'user-guide/resource_hooks/',
        'operator-manual/health/',
        'user-guide/sync-options/',
      ])
        assert.ok(
          guide.links.includes(`https://argo-cd.readthedocs.io/en/stable/${page}`),
          `no link to ${page}`,
        );
      await page.click('[data-testid="guide-dismiss"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="guide"]'));
      await reloadPage(page);
      assert.equal(await page.$('[data-testid="guide"]'), null, 'the guide came back after a reload');
      // The links are links only: the page requested nothing from readthedocs.
      assert.ok(!record.requests.some((url) => url.includes('readthedocs')));
    }));

  test('questions: the picker and the guide group scenarios by the question a user arrives with, and a link opens one', () =>
    withPage('?scenario=three-tier', async (page) => {
      const groups = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="scenario-picker"] optgroup')].map((g) => ({
          label: g.label,
          ids: [...g.querySelectorAll('option')].map((o) => o.value),
        })),
      );
      const stuck = groups.find((g) => g.label === 'Why is my sync stuck?');
      assert.ok(stuck, `no "Why is my sync stuck?" group: ${groups.map((g) => g.label).join(' | ')}`);
      assert.ok(
        stuck.ids.includes('hook-never-completes') && stuck.ids.includes('pvc-wait-for-first-consumer'),
      );
      assert.ok(groups.some((g) => g.label === 'Why did my sync fail while the app is Healthy?'));
      await page.click('[data-testid="question-index"] summary');
      const link = page.locator('[data-testid="question-link"]', {
        hasText: 'a volume that waits for its first consumer',
      });
      await link.click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="scenario-picker"]')?.value === 'pvc-wait-for-first-consumer',
      );
      // It opens on the symptom: the punchline's moment (t 20, the claim Pending) and its caption (issue 30).
      await page.waitForSelector('[data-testid="callout"]');
      assert.match(
        await page.textContent('[data-testid="callout"]'),
        /The punchline\.\s+The PersistentVolumeClaim stays Pending/,
      );
      assert.equal(await readT(page), 20);
    }));

  test('guide: with localStorage throwing, the page still opens and the guide still dismisses', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.evaluate(() => {
        Storage.prototype.setItem = () => {
          throw new DOMException('full', 'QuotaExceededError');
        };
      });
      await page.click('[data-testid="guide-dismiss"]');
      await page.waitForFunction(() => !document.querySelector('[data-testid="guide"]'));
    }));

  test('head: the favicon and the link-preview description are there', () =>
    withPage('?scenario=three-tier', async (page) => {
      const head = await page.evaluate(async () => {
        const icon = document.querySelector('link[rel="icon"]');
        const meta = (sel) => document.querySelector(sel)?.getAttribute('content') ?? '';
        // A data: URL is read as it is (the page's policy lets it fetch its own origin only); a file is fetched.
        // A PNG's first bytes say so (issue 32: an SVG icon is drawn on the page's main thread).
        const href = icon?.getAttribute('href') ?? '';
        const bytes = href.startsWith('data:')
          ? atob(href.slice(href.indexOf(',') + 1))
          : String.fromCharCode(...new Uint8Array(await (await fetch(icon.href)).arrayBuffer()));
        return {
          icon: icon?.getAttribute('href') ?? '',
          png: bytes.slice(1, 4),
          description: meta('meta[name="description"]'),
          ogTitle: meta('meta[property="og:title"]'),
          ogDescription: meta('meta[property="og:description"]'),
        };
      });
      // dist/ links the file in public/; the one-file build carries it inline.
      if (full) assert.equal(head.icon, './favicon.png');
      else assert.match(head.icon, /^data:image\/png;base64,/);
      assert.equal(head.png, 'PNG');
      assert.ok(head.description.length > 50, head.description);
      assert.equal(head.ogTitle, 'Argo CD Sync Sandbox');
      assert.ok(head.ogDescription.length > 50);
    }));

  return cases;
}
