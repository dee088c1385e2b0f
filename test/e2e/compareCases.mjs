// Browser cases for the compare view: two or more runs on one time axis, the first divergence marked and
// named, the differences listed in words, at 1024×768 and on a 390×844 phone (stacked), and in presenter mode.
import assert from 'node:assert/strict';
import { axeLightAndDark, pageOpener } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

/** Wait until every run of the compare view is drawn and the comparison is said. */
function compareDrawn(page) {
  return page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid="compare-run-svg"] g.row').length > 0 &&
      document.querySelector('[data-testid="compare-divergence"]') !== null,
    undefined,
    { timeout: scaled(30_000) },
  );
}

/** Where each run's drawing puts things on screen: its plot edges, cursor and divergence line, in page px. */
async function geometry(page) {
  return page.evaluate(() => {
    const runs = [...document.querySelectorAll('[data-testid="compare-run"]')].map((section) => {
      const svg = section.querySelector('svg');
      const box = svg.getBoundingClientRect();
      const scale = box.width / Number(svg.getAttribute('width'));
      const lineX = (el) => (el ? box.left + Number(el.getAttribute('x1')) * scale : null);
      return {
        label: section.getAttribute('aria-label'),
        top: section.getBoundingClientRect().top,
        bottom: section.getBoundingClientRect().bottom,
        plotLeft: box.left + Number(svg.dataset.plotLeft) * scale,
        plotRight: box.left + Number(svg.dataset.plotRight) * scale,
        cursor: lineX(svg.querySelector('[data-testid="compare-cursor"]')),
        divergence: lineX(svg.querySelector('[data-testid="compare-divergence-line"]')),
        labelSizes: [...svg.querySelectorAll('text.label')].map(
          (t) => parseFloat(getComputedStyle(t).fontSize) * scale,
        ),
      };
    });
    return {
      runs,
      t: Number(document.querySelector('[data-testid="compare-time"]').dataset.t),
      divergence: document.querySelector('[data-testid="compare-divergence"]').innerText,
      differences: [...document.querySelectorAll('[data-testid="compare-differences"] li')].map(
        (li) => li.innerText,
      ),
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      presenting: document.documentElement.classList.contains('presenting'),
      search: location.search,
    };
  });
}

/** Every run's cursor, plot and divergence line at the same x: one virtual time, one x. */
function assertAligned(g) {
  assert.ok(g.runs.length >= 2, `${g.runs.length} runs drawn`);
  const [first, ...rest] = g.runs;
  for (const run of rest) {
    for (const key of ['plotLeft', 'plotRight', 'cursor', 'divergence'])
      assert.ok(
        Math.abs(run[key] - first[key]) < 0.5,
        `${run.label} ${key} ${run[key]} ≠ ${first.label} ${first[key]}`,
      );
  }
}

export function compareCases({ browser, base, root }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);
  /** Open the compare view at `viewport`, and run `fn` once every run is drawn and the comparison is said. */
  const withCompare = (query, viewport, fn) => withPage(query, fn, { viewport, ready: compareDrawn });

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`compare: three-tier vs progressive-sync on one axis at ${size}, first divergence and differences named`, () =>
      withCompare('?compare=three-tier,progressive-sync', viewport, async (page) => {
        let g = await geometry(page);
        assertAligned(g);
        assert.equal(g.runs[0].label, 'three-tier');
        assert.equal(g.runs[1].label, 'progressive-sync');
        assert.match(
          g.divergence,
          /^First divergence\. At 5 s: three-tier: not yet \(StatefulSet postgres is created at 23\.1 s\); progressive-sync: StatefulSet postgres is created\.$/,
        );
        // The divergence line stands at 5 s on the shared axis: a 5/length of the plot's width from its left.
        const domainEnd = await page.evaluate(() =>
          Number(document.querySelector('[data-testid="compare-run-svg"]').dataset.domainEnd),
        );
        const expected = g.runs[0].plotLeft + ((g.runs[0].plotRight - g.runs[0].plotLeft) * 5) / domainEnd;
        assert.ok(
          Math.abs(g.runs[0].divergence - expected) < 1,
          `divergence at ${g.runs[0].divergence}, 5 s is ${expected}`,
        );
        assert.ok(
          g.differences.includes(
            'Deployment backend-api: three-tier: created at 33.1 s, after StatefulSet postgres Healthy at 30.7 s; Healthy at 38.4 s vs progressive-sync: created at 13.1 s, after StatefulSet postgres Healthy at 13.1 s; Healthy at 19.4 s.',
          ),
          g.differences.join('\n'),
        );
        // Playing moves one cursor through every run: the same x in each while it plays.
        await page.keyboard.press(' ');
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="compare-time"]').dataset.t) > 2,
        );
        await page.keyboard.press(' ');
        g = await geometry(page);
        assert.ok(g.t > 2, `t ${g.t}`);
        assertAligned(g);
        // Stepping goes to the next moment of any run: from 0, the migration's creation at 5 s.
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowRight');
        g = await geometry(page);
        assert.equal(g.t, 5);
        assert.ok(
          g.scrollWidth <= g.innerWidth,
          `the page is ${g.scrollWidth} px wide in a ${g.innerWidth} px window`,
        );
        if (viewport.width < 500) {
          // On a phone the runs are stacked, one under the other, each the full width.
          assert.ok(g.runs[1].top >= g.runs[0].bottom, 'the runs overlap');
          assert.ok(g.runs[0].plotRight - g.runs[0].plotLeft > 300, 'the plot is a sliver');
        }
      }));
  }

  test('compare: presenter mode, a failure toggle against the scenario: large type, the divergence, PageDown', () =>
    withCompare(
      '?compare=three-tier,three-tier~migration&present=1',
      { width: 1024, height: 768 },
      async (page) => {
        let g = await geometry(page);
        assert.ok(g.presenting, 'presenter mode is off');
        assertAligned(g);
        assert.ok(Math.min(...g.runs.flatMap((r) => r.labelSizes)) >= 18, `labels ${g.runs[0].labelSizes}`);
        assert.match(
          g.divergence,
          /At 13\.1 s: three-tier: hook Job database-migration completes; three-tier~migration: not yet \(hook Job database-migration fails at /,
        );
        assert.ok(
          g.differences.some((d) => /three-tier~migration: the operation ended at .*Failed/.test(d)),
          g.differences.join('\n'),
        );
        await page.keyboard.press('PageDown');
        await page.keyboard.press('PageDown');
        g = await geometry(page);
        assert.ok(g.t > 5, `PageDown twice went to ${g.t}`);
        assert.match(g.search, /compare=three-tier,three-tier~migration&present=1/);
        // A clicker's "blank" key (b or .) blacks the screen here as on the one-run page; the next key only
        // brings the comparison back, it does not move it.
        await page.keyboard.press('.');
        await page.waitForSelector('[data-testid="blank-screen"]');
        await page.keyboard.press('PageDown');
        await page.waitForSelector('[data-testid="blank-screen"]', { state: 'detached' });
        assert.equal((await geometry(page)).t, g.t, 'the key that brought the screen back moved the cursor');
      },
    ));

  test('compare: the wave delay 0 s against 2 s in three-tier makes no difference, and says so', () =>
    withCompare('?compare=three-tier,three-tier~waveDelay=0', { width: 1024, height: 768 }, async (page) => {
      const g = await geometry(page);
      assert.match(g.divergence, /^No divergence\./);
      assert.equal(g.search, '?compare=three-tier,three-tier~waveDelay=0', 'the link reads as it was typed');
      assert.deepEqual(g.differences, [
        'Nothing: the runs create the same things at the same moments and end alike.',
      ]);
    }));

  // Issue 31: the same run named twice threw Svelte's each_key_duplicate (the runs were keyed by their label), and
  // so did the same bad run twice (the problems by their text). Both show, each in its place; pageOpener fails the
  // case on the console error.
  test('compare: the same run twice shows both, no divergence, and the same unknown run twice is said twice', () =>
    withCompare('?compare=three-tier,three-tier', { width: 1024, height: 768 }, async (page) => {
      const g = await geometry(page);
      assert.deepEqual(
        g.runs.map((r) => r.label),
        ['three-tier', 'three-tier'],
      );
      assert.match(g.divergence, /^No divergence\./);
      await page.goto(base + '?compare=no-such,no-such');
      await page.waitForSelector('[data-testid="compare-problems"]');
      const problems = await page.$$eval('[data-testid="compare-problems"] li', (lis) =>
        lis.map((li) => li.innerText),
      );
      assert.equal(
        problems.filter((p) => /^no-such: no scenario "no-such"/.test(p)).length,
        2,
        problems.join(' | '),
      );
    }));

  test('compare: the Compare runs link of the one-run page opens the run against its first toggle', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    try {
      const page = await context.newPage();
      await page.goto(base + '?scenario=three-tier');
      await page.click('[data-testid="compare-link"]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="compare-run"]').length === 2,
        undefined,
        {
          timeout: scaled(30_000),
        },
      );
      assert.match(
        decodeURIComponent(new URL(page.url()).search),
        /^\?compare=three-tier,three-tier~migration$/,
      );
    } finally {
      await context.close();
    }
  });

  test('compare: a link naming an unknown scenario says so on the page, and one-run parameters are named as not shown', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(base + '?compare=three-tier,no-such&embed=1&do=W1tdXQ');
      await page.waitForSelector('[data-testid="compare-problems"]');
      assert.match(
        await page.innerText('[data-testid="compare-problems"]'),
        /no-such: no scenario "no-such"; known: three-tier/,
      );
      // What belongs to one run (embed=1, do=) is named, not dropped silently.
      assert.match(
        await page.innerText('[data-testid="compare-ignored"]'),
        /^Not shown here: embed=1 and do= apply to one run, not to a comparison;/,
      );
    } finally {
      await context.close();
    }
  });

  test('compare and embed: axe finds no serious or critical violation, light and dark', async () => {
    const found = [];
    // axe is injected as an inline script, which the page's own policy rightly refuses. One tab opens each view by
    // its link in turn, a document each.
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
    try {
      const page = await context.newPage();
      for (const query of [
        '?compare=article',
        '?compare=three-tier,three-tier~migration&present=1',
        '?embed=1&scenario=three-tier&t=30',
      ]) {
        await page.goto(base + query);
        await page.waitForFunction(
          () => document.querySelectorAll('svg g.row, svg text.tl-label').length > 3,
          undefined,
          { timeout: scaled(30_000) },
        );
        for (const v of await axeLightAndDark(page, root))
          found.push(`${query} ${v.colorScheme}: ${v.id} at ${v.targets.join(' | ')}`);
      }
    } finally {
      await context.close();
    }
    assert.deepEqual(found, []);
  });

  return cases;
}
