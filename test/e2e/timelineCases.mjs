// Browser cases of the timeline's zoom, row groups and export, and of edits that travel in the link.
// Each case opens its own page; downloads are read back from disk and checked as files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { layoutInvalidations } from './layoutInvalidations.mjs';
import {
  encodeEdit,
  pageOpener,
  readEndT,
  readT,
  reloadPage,
  scrubTo,
  typeInTerminal,
  waitForSettledLayout,
} from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

const svgSel = '[data-testid="timeline"]';

const zoomLevel = (page) => page.textContent('[data-testid="zoom-level"]');

/** The x of the status lanes' stretches, to see them follow the timeline's zoom. */
const laneXs = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.lanes rect:not(.track)')].map((r) =>
      Math.round(Number(r.getAttribute('x'))),
    ),
  );

/** Zoom in with Ctrl + wheel over the middle of the plot, as a user would. */
async function zoomIn(page, atX) {
  await page.locator(svgSel).scrollIntoViewIfNeeded();
  const box = await page.locator(svgSel).boundingBox();
  await page.mouse.move(atX ?? box.x + box.width * 0.6, box.y + 150);
  await page.keyboard.down('Control');
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -30);
  await page.keyboard.up('Control');
  await page.waitForFunction(
    () => !/Zoom 1×/.test(document.querySelector('[data-testid="zoom-level"]').textContent),
  );
}

export function timelineCases({ browser, base, root, results, shots, full }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  const manifests = (id) =>
    parse(readFileSync(join(root, `scenarios/${id}.yaml`), 'utf8')).revisions.at(-1).manifests;

  test('timeline: the zoom level shows, the status lanes follow it, and the button resets it', () =>
    withPage('?scenario=three-tier&t=30', async (page) => {
      assert.equal((await zoomLevel(page)).trim(), 'Zoom 1×');
      assert.equal(await page.isDisabled('[data-testid="zoom-reset"]'), true);
      const before = await laneXs(page);
      // Zoomed about the cursor, which then stays in view.
      await page.locator(svgSel).scrollIntoViewIfNeeded();
      await zoomIn(
        page,
        await page.evaluate(() => document.querySelector('.tl-now-line').getBoundingClientRect().x),
      );
      assert.match((await zoomLevel(page)).trim(), /^Zoom \d+(\.\d)?×$/);
      await page.waitForFunction((xs) => {
        const now = [...document.querySelectorAll('.lanes rect:not(.track)')].map((r) =>
          Math.round(Number(r.getAttribute('x'))),
        );
        return now.join() !== xs.join();
      }, before);
      // The lanes and the timeline share one time axis: their cursors stand on one vertical line.
      const [laneCursor, timelineCursor] = await page.evaluate(() => [
        document.querySelector('.lanes line.cursor').getBoundingClientRect().x,
        document.querySelector('.tl-now-line').getBoundingClientRect().x,
      ]);
      assert.ok(Math.abs(laneCursor - timelineCursor) <= 2, `cursors ${laneCursor} and ${timelineCursor}`);
      await page.click('[data-testid="zoom-reset"]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="zoom-level"]').textContent.includes('1×'),
      );
      assert.deepEqual(await laneXs(page), before);
    }));

  test('timeline: a double-click resets the zoom and does not move the cursor', () =>
    withPage('?scenario=three-tier&t=20', async (page) => {
      await zoomIn(page);
      const box = await page.locator(svgSel).boundingBox();
      await page.mouse.dblclick(box.x + box.width * 0.8, box.y + 150);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="zoom-level"]').textContent.includes('1×'),
      );
      await page.waitForTimeout(200);
      assert.equal(await readT(page), 20, 'the double-click moved the cursor');
      // A single click still seeks.
      await page.mouse.click(box.x + box.width * 0.8, box.y + 150);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) !== 20,
      );
    }));

  test('timeline: many-resources collapses by wave to fit 1280×720, and a group opens with a click or Enter', () =>
    withPage('?scenario=many-resources', async (page) => {
      // The terminal reads the shipped run's object history, which the chunk holds as patches (historyPatches.ts):
      // at the end every one of the 43 Deployments is there, each version rebuilt from its patches.
      await scrubTo(page, await readEndT(page));
      const deployments = (await typeInTerminal(page, 'kubectl -n shop get deployments')).trim().split('\n');
      assert.match(deployments[0], /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
      assert.equal(
        deployments.filter((l) => /^\S+\s+(\d+)\/\1\s/.test(l)).length,
        43,
        deployments.join('\n'),
      );
      const measure = () =>
        page.evaluate(() => ({
          height: document.querySelector('[data-testid="timeline"]').getBoundingClientRect().height,
          groups: document.querySelectorAll('g.tl-row-label[data-type="group"]').length,
          objects: document.querySelectorAll('g.tl-row-label[data-type="object"]').length,
        }));
      const collapsed = await measure();
      assert.ok(
        collapsed.height <= 720,
        `the timeline is ${collapsed.height} px high, over the 720 px screen`,
      );
      assert.equal(collapsed.groups, 11);
      const wave3 = 'g.tl-row-label[data-key="group:Sync:3"]';
      await page.click(`${wave3} text.tl-label`);
      await page.waitForFunction(
        (sel) => document.querySelector(sel).getAttribute('aria-expanded') === 'true',
        wave3,
      );
      assert.equal((await measure()).objects, collapsed.objects + 24);
      // The choice is kept while playing and across a re-run (a failure toggle).
      await page.click('[data-testid="play"]');
      await page.waitForTimeout(400);
      await page.click('[data-testid="pause"]');
      await page.getByLabel('Make the smoke test fail').check();
      await page.waitForTimeout(500);
      assert.equal(await page.getAttribute(wave3, 'aria-expanded'), 'true');
      // Enter on the focused label closes it again, and the page's keys do not act on it.
      const t = await readT(page);
      await page.focus(wave3);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (sel) => document.querySelector(sel).getAttribute('aria-expanded') === 'false',
        wave3,
      );
      await page.keyboard.press(' ');
      await page.waitForFunction(
        (sel) => document.querySelector(sel).getAttribute('aria-expanded') === 'true',
        wave3,
      );
      assert.equal(await readT(page), t);
      assert.equal(await page.$('[data-testid="pause"]'), null, 'Space on a group also played');
    }));

  // A laptop's size and a phone's: the drawing exported is the one on screen, as wide as the screen gives it (on a
  // phone wider than the screen, panned inside its box). 1024×768 draws it as 1280×720 does, narrower: the same
  // code and the same check. The one-file build checks its downloads at one size.
  const exportSizes = [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ];
  for (const viewport of full ? exportSizes : exportSizes.slice(0, 1))
    test(`timeline: Export SVG and PNG at ${viewport.width}×${viewport.height} download valid files named <scenario>-t<seconds>`, () =>
      withPage(
        '?scenario=many-resources&t=47',
        async (page) => {
          const shown = await page.evaluate(() =>
            Number(document.querySelector('[data-testid="timeline"]').getAttribute('width')),
          );
          const [svgDownload] = await Promise.all([
            page.waitForEvent('download'),
            page.click('[data-testid="export-svg"]'),
          ]);
          assert.equal(svgDownload.suggestedFilename(), 'many-resources-t47.svg');
          const svgText = readFileSync(await svgDownload.path(), 'utf8');
          const parsed = await page.evaluate((text) => {
            const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
            const root = doc.documentElement;
            return {
              error: doc.querySelector('parsererror')?.textContent ?? null,
              name: root.localName,
              width: Number(root.getAttribute('width')),
              height: Number(root.getAttribute('height')),
              title: root.querySelector('title')?.textContent,
            };
          }, svgText);
          assert.equal(parsed.error, null);
          assert.equal(parsed.name, 'svg');
          assert.equal(parsed.title, 'many-resources at t = 47s');
          assert.doesNotMatch(svgText, /currentColor|var\(--/);
          assert.equal(parsed.width, shown, 'the file is not the drawing on screen');
          // The collapsed wave 3 group, its label as drawn (on a phone it is cut to its column).
          assert.match(svgText, /wave 3 · 2/);

          const [pngDownload] = await Promise.all([
            page.waitForEvent('download'),
            page.click('[data-testid="export-png"]'),
          ]);
          assert.equal(pngDownload.suggestedFilename(), 'many-resources-t47.png');
          const png = readFileSync(await pngDownload.path());
          assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
          // IHDR: width and height at 2× device pixels of the SVG.
          assert.equal(png.readUInt32BE(16), parsed.width * 2);
          assert.equal(png.readUInt32BE(20), parsed.height * 2);
        },
        { viewport },
      ));

  test('links: an edited link opened in a fresh browser restores the edit and t, even on a reload', async () => {
    // An edit that makes the run longer than the scenario's own (about 66 s): six more waves after the last, each
    // adding ARGOCD_SYNC_WAVE_DELAY. A t past the scenario's own end is cut if the edit runs after t is set.
    const extra = [3, 4, 5, 6, 7, 8]
      .map(
        (w) =>
          `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: later-${w}\n  annotations:\n    argocd.argoproj.io/sync-wave: "${w}"\n`,
      )
      .join('');
    const text = `${manifests('three-tier').trimEnd()}\n${extra}`;
    const link = `?scenario=three-tier&t=70.25&edit=${encodeEdit(text)}`;
    await withPage(link, async (page) => {
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="manifest-revision"]')?.textContent.includes('(edited)'),
      );
      // The edited run comes from the worker a moment later; t is set once it is there, never cut before.
      await page.waitForSelector('[data-testid="simulating"]', {
        state: 'detached',
        timeout: scaled(30_000),
      });
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 0,
      );
      assert.equal(await readT(page), 70.25);
      assert.ok((await readEndT(page)) > 70.25, 'the edited run is not the one shown');
      assert.notEqual(await page.$('g.tl-row-label[data-key$="/later-8"]'), null);
      const search = await page.evaluate(() => location.search);
      assert.match(search, /[?&]t=70\.25(&|$)/);
      assert.match(search, /&edit=[\w-]+$/);
      // A reload keeps t and the edit, and saved edits of this browser are not mixed in.
      await page.evaluate(() =>
        localStorage.setItem(
          'sandbox-manifests:three-tier',
          JSON.stringify({
            v: 1,
            text: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: only\n',
            base: 'x',
          }),
        ),
      );
      await reloadPage(page);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="manifest-revision"]')?.textContent.includes('(edited)'),
      );
      await page.waitForSelector('[data-testid="simulating"]', {
        state: 'detached',
        timeout: scaled(30_000),
      });
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 0,
      );
      assert.equal(await readT(page), 70.25);
      assert.equal(await page.evaluate(() => location.search), search);
      assert.equal(await page.$('g.tl-row-label[data-key$="/only"]'), null);
      // Moving the cursor writes the new t beside the same edit.
      await scrubTo(page, 12);
      await page.waitForFunction(() => /[?&]t=12(&|$)/.test(location.search));
      assert.match(await page.evaluate(() => location.search), /&edit=[\w-]+$/);
    });
  });

  test('links: an edit too long for a link is not written, and the page says so', () =>
    withPage('?scenario=three-tier&t=5', async (page) => {
      await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
      await page.click('[data-testid="manifest-editor"] .cm-content');
      const before = await page.evaluate(() => location.search);
      let seed = 11;
      const noise = Array.from({ length: 14000 }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return 'abcdefghijklmnopqrstuvwxyz0123456789'[seed % 36];
      }).join('');
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText(
        `\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: ${noise}\n`,
      );
      const note = await page.waitForSelector('[data-testid="link-too-long"]', { timeout: scaled(20_000) });
      assert.match(await note.textContent(), /too large to share in a link/);
      assert.equal(await page.evaluate(() => location.search), before, 'the address bar changed');
    }));

  // Screenshots to look at (test-results/timeline-*.png), with the timeline scrolled to the top of the screen.
  for (const viewport of shots
    ? [
        { width: 1024, height: 768 },
        { width: 1280, height: 720 },
        { width: 390, height: 844 },
      ]
    : []) {
    for (const colorScheme of ['light', 'dark']) {
      test(`timeline: screenshot of many-resources collapsed at ${viewport.width}×${viewport.height}, ${colorScheme}`, () =>
        withPage(
          '?scenario=many-resources&t=47',
          async (page) => {
            await page.evaluate(() =>
              document.querySelector('[data-testid="timeline-tools"]').scrollIntoView({ block: 'start' }),
            );
            const name = `timeline-many-resources-${viewport.width}x${viewport.height}-${colorScheme}.png`;
            await page.screenshot({ path: join(results, name) });
            const svgHeight = await page.evaluate(
              () => document.querySelector('[data-testid="timeline"]').getBoundingClientRect().height,
            );
            assert.ok(svgHeight <= viewport.height, `${svgHeight} px high at ${viewport.height}`);
          },
          { viewport, colorScheme },
        ));
    }
  }

  // The drawings are laid out once per run: playing moves the cursor, the reveal's clip and the status lanes'
  // summary, and touches nothing else (issue 32: the timeline laid out and redrew every row on every frame, as
  // its end of axis was read from an object made again at every moment). The timeline's cursor is drawn over
  // its drawing (cursorOverlay.ts): its layer in the <svg> is not touched at all.
  test('timeline: playing redraws only the cursor, not the rows', () =>
    withPage('?scenario=many-resources&speed=8&t=40', async (page) => {
      await page.waitForSelector(`${svgSel} g.tl-row-label`);
      await page.evaluate(() => {
        const touched = (window.__touched = new Set());
        const where = (node) => {
          const el = node.nodeType === 1 ? node : node.parentElement;
          // The status lanes' frame has layers of the same names (its cursor is in its own layer-cursor).
          const layer = el.closest('[class^="layer-"]')?.getAttribute('class');
          return el.closest('.lanes') ? `lanes:${layer ?? el.tagName}` : (layer ?? el.tagName);
        };
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            touched.add(where(r.target));
            for (const n of r.addedNodes) touched.add(where(r.target) + '+' + n.nodeName);
          }
        });
        for (const svg of document.querySelectorAll('[data-testid="timeline"], .lanes svg'))
          observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
        const moved = new MutationObserver(() => touched.add('overlay'));
        moved.observe(document.querySelector('[data-testid="timeline-cursor"]'), {
          subtree: true,
          attributes: true,
        });
      });
      await page.click('[data-testid="play"]');
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 50,
      );
      // Pause: a click on Play (the button is Pause while playing) waited for the run's end, then played it again.
      await page.click('[data-testid="pause"]');
      const touched = await page.evaluate(() => [...window.__touched].sort());
      // The ticks the cursor covers, the groups' counts at the cursor, the clip and the lanes' cursor and label.
      const allowed = [
        'overlay',
        'layer-axis',
        'layer-groupCounts',
        'rect',
        'lanes:layer-cursor',
        'lanes:svg',
      ];
      assert.deepEqual(
        touched.filter((where) => !allowed.includes(where.split('+')[0])),
        [],
        `playing changed ${touched.join(', ')}`,
      );
      assert.ok(touched.includes('overlay'), `the cursor did not move: ${touched.join(', ')}`);
    }));

  // The cursor and the veil over the future move by CSS transforms over the drawing (cursorOverlay.ts): the
  // browser lays out nothing of the <svg> of a thousand rows for them (issue 32: drawn inside it, the cursor's
  // line, veil and time made the browser lay out the drawing and repaint its section on every frame at 8×).
  // Only the groups' counts, which change as resources finish, and the tick labels the time box covers may be.
  test('timeline: playing at 8×, the browser lays out nothing of the drawing for the cursor', () =>
    withPage('?scenario=many-resources&speed=8&t=40', async (page) => {
      await page.waitForSelector(`${svgSel} g.tl-row-label`);
      await page.waitForSelector('[data-testid="timeline-cursor"] .tl-now', { state: 'attached' });
      const trace = await layoutInvalidations(page);
      await page.click('[data-testid="play"]');
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > 48,
      );
      // Pause (the button is Pause while playing: a click on Play waited for the run's end at 97 s, then played it
      // again from 0, tracing six more seconds than the case is about).
      await page.click('[data-testid="pause"]');
      const testId = (id) => (el) => el.attr('data-testid') === id;
      const { seen, layouts } = await trace.stop((el) => {
        if (!el.closest(testId('timeline'))) return el.closest(testId('timeline-cursor')) ? 'overlay' : null;
        return el.closest((e) => e.attr('class')?.startsWith('layer-'))?.attr('class') ?? el.tag;
      });
      assert.ok(layouts > 10, `the page laid out ${layouts} times while playing`);
      const inDrawing = seen.filter(
        (s) => s.where && s.where !== 'overlay' && !['layer-groupCounts', 'layer-axis'].includes(s.where),
      );
      assert.deepEqual(
        inDrawing.map((s) => `${s.where}: ${s.node} (${s.reason})`),
        [],
        'laid out in the timeline while playing',
      );
    }));

  // The play bar paints the run's shape on its track (issue 32): a speaker jumps by eye, a learner sees the story
  // before pressing Play.
  test('play bar: the track shows the waves, the hooks, the health and the verdict, and a mark seeks there', () =>
    withPage('?scenario=failing-migration', async (page) => {
      await page.waitForSelector('[data-testid="run-mark"][data-kind="verdict"]');
      const marks = await page.$$eval('[data-testid="run-mark"]', (els) =>
        els.map((el) => ({
          kind: el.dataset.kind,
          t: Number(el.dataset.t),
          label: el.getAttribute('aria-label'),
        })),
      );
      const kinds = new Set(marks.map((m) => m.kind));
      for (const kind of ['wave', 'hook-start', 'hook-result', 'verdict'])
        assert.ok(kinds.has(kind), `no ${kind} mark among ${marks.map((m) => m.label).join('; ')}`);
      const verdict = marks.find((m) => m.kind === 'verdict');
      assert.match(verdict.label, /Sync Failed$/);
      const failed = marks.find((m) => m.kind === 'hook-result' && /checkout-migrate Failed/.test(m.label));
      assert.ok(failed, 'no failed hook mark');
      // A click on the hook's failure seeks there.
      await page.click(`[data-testid="run-mark"][data-kind="hook-result"][data-t="${failed.t}"]`);
      await page.waitForFunction(
        (t) => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) === t,
        failed.t,
      );
      // Enter on the verdict's mark seeks to the end of the operation.
      await page.focus('[data-testid="run-mark"][data-kind="verdict"]');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (t) => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) === t,
        verdict.t,
      );
    }));

  // Issue 32's small findings: on a phone the lanes and the timeline pan inside their box (TimeSection.svelte), and
  // the timeline's tools ("Group by wave", zoom, export) panned away with the drawing; they stay at the box's left.
  test('timeline at 390×844: panning the timeline leaves its "Group by wave" button where it was', () =>
    withPage(
      '?scenario=failing-migration&t=10',
      async (page) => {
        await waitForSettledLayout(page);
        const group = page.locator('[data-testid="timeline-group"]');
        const before = await group.boundingBox();
        const panned = await page.$eval('main > section.time', (el) => {
          el.scrollLeft = el.scrollWidth;
          return el.scrollLeft;
        });
        assert.ok(panned > 100, `the box pans ${panned} px`);
        // The drawing moved under the tools; the button did not.
        await page
          .waitForFunction(
            (x) =>
              Math.abs(
                document.querySelector('[data-testid="timeline-group"]').getBoundingClientRect().x - x,
              ) < 1,
            before.x,
            { timeout: scaled(3000) },
          )
          .catch(() => {});
        const after = await group.boundingBox();
        assert.ok(Math.abs(after.x - before.x) < 1, `the button moved from x ${before.x} to ${after.x}`);
        assert.ok(
          after.x >= 0 && after.x + after.width <= 390,
          `the button is on screen: ${JSON.stringify(after)}`,
        );
        // Panning the tools never widens the box: it still pans no further than its drawings.
        const room = await page.$eval('main > section.time', (el) => el.scrollWidth - el.clientWidth);
        assert.ok(room <= panned + 1, `the box grew to pan ${room} px (it panned ${panned})`);
        // It still groups, and is a pressed toggle.
        await group.click();
        assert.equal(await group.getAttribute('aria-pressed'), 'true');
      },
      { viewport: { width: 390, height: 844 } },
    ));

  return cases;
}
