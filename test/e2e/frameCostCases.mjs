// Browser cases of what one frame costs while playing (issue 32: many-resources at 8×, the p95 frame interval
// ≤ 16.7 ms). A frame time depends on how busy the machine is; what a frame writes into the page does not, and
// every write makes the browser restyle, and often lay out and repaint, what it touched. So these cases count
// writes.
import assert from 'node:assert/strict';
import { pageOpener, reloadPage } from './pageHelpers.mjs';

/** Plays from where the page is until its cursor passes `t` (virtual seconds), and leaves it playing. */
async function playUntil(page, t) {
  await page.click('[data-testid="play"]');
  await page.waitForFunction(
    (until) => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t) > until,
    t,
    { timeout: 60_000 },
  );
}

export function frameCostCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  // The groups' count chips, the cursor's time and the tick labels it covers are drawn again as the cursor moves;
  // each value is written only when it differs, and a text changes its node in place (setText.ts): writing the
  // same attribute again, or a new text node for the same or a new text, is a change of the DOM all the same.
  test('frame cost: playing many-resources at 8×, the timeline writes no value it already has and replaces no text node', () =>
    withPage('?scenario=many-resources&speed=8&t=40', async (page) => {
      await page.waitForSelector('[data-testid="timeline"] g.tl-group-counts');
      await page.waitForSelector('[data-testid="timeline-cursor"] .tl-now', { state: 'attached' });
      await page.evaluate(() => {
        const seen = (window.__frameCost = { writes: 0, same: [], replaced: [], frames: 0, counts: 0 });
        const where = (node) => {
          const el = node.nodeType === 1 ? node : node.parentElement;
          return `${el.tagName}.${el.getAttribute('class') ?? ''}`;
        };
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            seen.writes++;
            if (r.type === 'attributes') {
              if (r.attributeName === 'data-counts') seen.counts++;
              // Only the last write of an attribute in a batch can be compared with what it holds now.
              const last = records.findLast(
                (o) => o.target === r.target && o.attributeName === r.attributeName,
              );
              if (last === r && r.oldValue === r.target.getAttribute(r.attributeName))
                seen.same.push(`${where(r.target)} ${r.attributeName}="${r.oldValue}"`);
            } else if (r.type === 'childList') {
              const text = (nodes) => [...nodes].some((n) => n.nodeType === 3);
              if (text(r.addedNodes) && text(r.removedNodes)) seen.replaced.push(where(r.target));
            }
          }
        });
        for (const el of document.querySelectorAll(
          '[data-testid="timeline"], [data-testid="timeline-cursor"]',
        ))
          observer.observe(el, {
            subtree: true,
            attributes: true,
            attributeOldValue: true,
            childList: true,
            characterData: true,
          });
        const frame = () => {
          seen.frames++;
          if (!window.__frameCostStop) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      // Far enough for resources to turn Healthy, so the groups' counts change and their chips are drawn again.
      await playUntil(page, 56);
      // Pause (the button is Pause while playing: a click on Play waited for the run's end, then played it again).
      await page.click('[data-testid="pause"]');
      const seen = await page.evaluate(() => {
        window.__frameCostStop = true;
        return window.__frameCost;
      });
      assert.ok(
        seen.writes > 20,
        `playing wrote ${seen.writes} times in the timeline: the cursor did not move`,
      );
      assert.ok(seen.counts > 0, 'no group count changed while playing: the case does not test the chips');
      assert.deepEqual(seen.same.slice(0, 10), [], `${seen.same.length} writes of a value already there`);
      assert.deepEqual(seen.replaced.slice(0, 10), [], `${seen.replaced.length} text nodes replaced`);
    }));

  // One history.replaceState cost about 6 ms of a 16.7 ms frame, and the link was written every 500 ms while
  // playing. It is now written when playing stops, once in five seconds while playing, and when the page may be
  // reloaded, left or its link copied (urlWriter.ts, addressBar.svelte.ts): a pause still shows the moment in the
  // address bar, and a reload opens the time the cursor had reached.
  test('frame cost: playing many-resources at 8×, the address bar is written only when playing stops or the link may be read', () =>
    withPage('?scenario=many-resources&speed=8&t=40', async (page) => {
      const readT = () =>
        page.evaluate(() => Number(document.querySelector('[data-testid="virtual-time"]').dataset.t));
      const searchT = () => page.evaluate(() => Number(new URLSearchParams(location.search).get('t')));
      await page.evaluate(() => {
        window.__linkWrites = 0;
        const replace = history.replaceState.bind(history);
        history.replaceState = (...args) => {
          window.__linkWrites++;
          return replace(...args);
        };
      });
      // Two seconds of wall time: four writes before the change.
      await playUntil(page, 56);
      assert.equal(await page.evaluate(() => window.__linkWrites), 0, 'link writes while playing');
      // The window loses focus (to the address bar, or another window): the link is written with the cursor's time.
      const t = await page.evaluate(() => {
        dispatchEvent(new Event('blur'));
        return Number(document.querySelector('[data-testid="virtual-time"]').dataset.t);
      });
      assert.ok(Math.abs((await searchT()) - t) < 0.5, `the link says t=${await searchT()}, the cursor ${t}`);
      assert.equal(await page.evaluate(() => window.__linkWrites), 1);

      await page.keyboard.press('Space');
      await page.waitForFunction(() => !/autoplay/.test(location.search));
      const paused = await readT();
      // The link writes t to the hundredth of a second.
      assert.ok(
        Math.abs((await searchT()) - paused) < 0.01,
        `the link says t=${await searchT()}, paused at ${paused}`,
      );
      await reloadPage(page);
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]')?.dataset.t) > 0,
      );
      assert.ok(
        Math.abs((await readT()) - paused) < 0.01,
        `reloaded at t=${await readT()}, paused at ${paused}`,
      );
    }));

  // Written once in five seconds while playing, the link carries the cursor's time of that write, not the time
  // playing started: a reload by the browser's button (no key reaches the page) opens at most five seconds behind.
  test('frame cost: playing three-tier, the link written after five seconds carries the cursor’s time of then', () =>
    withPage('?scenario=three-tier&t=2', async (page) => {
      await page.evaluate(() => {
        window.__links = [];
        const replace = history.replaceState.bind(history);
        history.replaceState = (...args) => {
          window.__links.push({
            link: String(args[2]),
            t: Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
          });
          return replace(...args);
        };
      });
      await page.click('[data-testid="play"]');
      await page.waitForFunction(() => window.__links.length > 0, null, { timeout: 60_000 });
      const [first] = await page.evaluate(() => window.__links);
      const linked = Number(new URL(first.link, 'http://sandbox/').searchParams.get('t'));
      assert.ok(linked > 2, `the first link written while playing says t=${linked}, where playing started`);
      assert.ok(Math.abs(linked - first.t) < 0.5, `the link says t=${linked}, the cursor was at ${first.t}`);
    }));

  // A running CSS animation makes the browser restyle its element on every frame the page draws, whether the
  // compositor runs it or not: playing many-resources at 8×, the spinning status icons below the fold were a third
  // of the elements restyled (test/bench/playTrace.mjs). Out of view they stand still (stillOffScreen.svelte.ts),
  // paused they all stand still (the virtual time does: a spinning icon kept a page left open drawing frames, 8% of
  // a core), and with reduced motion asked for they do not spin at all.
  test('frame cost: playing many-resources at 8×, no status icon spins out of view, none while paused, and none with reduced motion', () =>
    withPage('?scenario=many-resources&speed=8&t=44', async (page) => {
      // Each spinning icon: whether it is in view, whether it is marked to stand still out of view, whether it spins.
      const icons = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('svg.spin')].map((icon) => {
            const r = icon.getBoundingClientRect();
            return {
              seen: r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
              still: icon.classList.contains('off-screen'),
              spins: icon.getAnimations().some((a) => a.playState === 'running'),
              where: icon.closest('[class]')?.parentElement?.className,
            };
          }),
        );
      const running = async () => (await icons()).filter((icon) => icon.spins);
      const twoFrames = () =>
        page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await playUntil(page, 52);
      // Paused, and two frames later: an icon shown in the last frame has had its first view check (an
      // IntersectionObserver answers after the frame it observed in), which a sample mid-play could come before.
      await page.click('[data-testid="pause"]');
      await twoFrames();
      assert.deepEqual(await running(), [], 'icons spinning while the run is paused');
      const paused = await icons();
      assert.ok(
        paused.some((icon) => icon.seen),
        'no spinning icon in view: the case does not test the spinners',
      );
      assert.deepEqual(
        paused.filter((icon) => !icon.seen && !icon.still),
        [],
        'icons out of view that would spin while playing',
      );
      // Playing again, the icons in view spin.
      await page.click('[data-testid="play"]');
      await twoFrames();
      const spinning = await running();
      assert.ok(
        spinning.some((icon) => icon.seen),
        `no icon in view spins while playing: ${JSON.stringify(spinning)}`,
      );
      await page.emulateMedia({ reducedMotion: 'reduce' });
      assert.deepEqual(await running(), [], 'icons spinning with reduced motion');
    }));

  return cases;
}
