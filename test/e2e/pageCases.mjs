// The browser cases, run against one target (the served dist/ or the single file over file://).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertSameState,
  axeLightAndDark,
  readEndT,
  readState,
  readT,
  scrubTo,
  selectSpeed,
  waitForStatus,
  pageOpener,
} from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

/** Where each scenario must end (contract.md §2 words; the scenarios' own `expect:`). */
const ends = {
  'three-tier': { 'operation-phase': 'Succeeded', 'sync-status': 'Synced', 'health-status': 'Healthy' },
  'failing-migration': {
    'operation-phase': 'Failed',
    'sync-status': 'OutOfSync',
    'health-status': 'Healthy',
  },
  'failing-smoke-test': { 'operation-phase': 'Failed', 'sync-status': 'Synced', 'health-status': 'Healthy' },
};

export function pageCases({ browser, base, root, results, full }) {
  const cases = [];
  const pages = [];
  const label = base.startsWith('file:') ? 'file' : 'http';
  const shots = join(results, 'e2e');
  mkdirSync(shots, { recursive: true });

  const test = (name, fn) => cases.push({ name, fn });
  /** Open a page for one case: it must log no error and stay on its origin; its requests are kept for the list. */
  const withPage = pageOpener(browser, base, { collect: pages });

  for (const [scenario, end] of Object.entries(ends)) {
    test(`${scenario} plays at max speed to ${Object.values(end).join('/')}`, () =>
      withPage(`?scenario=${scenario}`, async (page) => {
        await selectSpeed(page, 'max');
        await page.click('[data-testid="play"]');
        await waitForStatus(page, end);
        assert.equal(await readT(page), await readEndT(page));
      }));
  }

  test('failing-migration leaves the Deployment on 6.7.1', () =>
    withPage('?scenario=failing-migration', async (page) => {
      await page.keyboard.press('End');
      await waitForStatus(page, ends['failing-migration']);
      const versions = await page.getAttribute(
        '[data-testid="workload-Deployment/checkout"]',
        'data-versions',
      );
      assert.equal(versions, '6.7.1');
      const why = await page.textContent('[data-testid="why-headline"]');
      assert.match(
        why,
        /^PreSync hook checkout-migrate failed → Sync phase will not start; SyncFail hooks run/,
      );
    }));

  test('playing advances the virtual clock by speed × real time', () =>
    withPage('?scenario=three-tier', async (page) => {
      await selectSpeed(page, '8');
      const before = Date.now();
      await page.click('[data-testid="play"]');
      await page.waitForTimeout(1000);
      await page.click('[data-testid="pause"]');
      const elapsed = (Date.now() - before) / 1000;
      const t = await readT(page);
      // At 8× the cursor moves 8 virtual seconds per real second, less a frame or two at each end.
      assert.ok(t > 8 * 0.8 && t <= 8 * elapsed + 0.5, `t = ${t} after ${elapsed} s at 8×`);
      await page.waitForTimeout(300);
      assert.equal(await readT(page), t, 'pause stops the clock');
    }));

  test('step, scrub and a link land on the state playing reaches', async () => {
    let played;
    let stepped;
    // One page plays for a while and then, from the start again, steps: two moments to reach otherwise.
    await withPage('?scenario=three-tier', async (page) => {
      await selectSpeed(page, '4');
      await page.click('[data-testid="play"]');
      await page.waitForTimeout(1500);
      await page.click('[data-testid="pause"]');
      played = await readState(page);
      await page.keyboard.press('Home');
      assert.equal(await readT(page), 0, 'Home goes back to the start');
      for (let i = 0; i < 12; i++) await page.click('[data-testid="step"]');
      stepped = await readState(page);
      assert.ok(stepped.t > 0, 'twelve steps move the cursor');
    });
    // A fresh page scrubs to each moment, then opens each as a link (a new document each, as a link opens it).
    await withPage('?scenario=three-tier', async (page) => {
      for (const target of [played, stepped]) {
        await scrubTo(page, target.t);
        assertSameState(await readState(page), target, `scrubbed to ${target.t}`);
      }
      for (const target of [played, stepped]) {
        await page.goto(`${base}?scenario=three-tier&t=${target.t}`);
        // As openPage waits: the picker shows the scenario once its run is there.
        await page.waitForFunction(
          () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'three-tier',
        );
        assertSameState(await readState(page), target, `opened at t=${target.t}`);
      }
    });
  });

  test('a link with scenario and t opens failing-smoke-test at that moment', async () => {
    let moment;
    await withPage('?scenario=failing-smoke-test', async (page) => {
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      moment = await readState(page);
      assert.equal(moment.phase, 'Running');
      const search = await page.evaluate(() => location.search);
      assert.match(search, /scenario=failing-smoke-test/);
      assert.match(search, new RegExp(`t=${moment.t}(&|$)`));
    });
    await withPage(`?scenario=failing-smoke-test&t=${moment.t}`, async (page) => {
      assertSameState(await readState(page), moment, `opened at t=${moment.t}`);
      assert.equal(await page.inputValue('[data-testid="scenario-picker"]'), 'failing-smoke-test');
    });
  });

  test('keyboard: Space plays and pauses, arrows step, PageDown and End jump, ? opens the legend', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.keyboard.press('ArrowRight');
      const first = await readT(page);
      assert.ok(first > 0, 'ArrowRight steps to the next event');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await readT(page), 0, 'ArrowLeft steps back');
      await page.keyboard.press('PageDown');
      const wave = await readT(page);
      assert.ok(wave >= first, 'PageDown goes to the next wave');
      await page.keyboard.press('Home');
      await page.keyboard.press('Space');
      await page.waitForSelector('[data-testid="pause"]');
      await page.waitForTimeout(300);
      await page.keyboard.press('Space');
      await page.waitForSelector('[data-testid="play"]');
      assert.ok((await readT(page)) > 0, 'Space played for a moment');
      await page.keyboard.press('End');
      await waitForStatus(page, ends['three-tier']);
      await page.keyboard.press('?');
      await page.waitForSelector('[data-testid="legend"][open]');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="legend"]:not([open])', { state: 'attached' });
    }));

  test('a longer wave delay re-runs the sync, shows the countdown and ends it later', () =>
    withPage('?scenario=three-tier', async (page) => {
      const before = await readEndT(page);
      await page.fill('[data-testid="wave-delay"]', '12');
      await page.press('[data-testid="wave-delay"]', 'Enter');
      await page.waitForFunction(
        (end) => Number(document.querySelector('[data-testid="scrubber"]').max) > end,
        before,
      );
      assert.match(await page.evaluate(() => location.search), /waveDelay=12/);
      await page.locator('[data-testid="wave-delay"]').blur();
      // The first wave delay starts with the PreSync step; one second later 11 s of it are left.
      await page.keyboard.press('PageDown');
      await scrubTo(page, (await readT(page)) + 1);
      assert.equal(await page.textContent('[data-testid="why-headline"]'), 'wave delay: 11.0 s left');
      await page.keyboard.press('End');
      await waitForStatus(page, ends['three-tier']);
    }));

  test('the smoke-test toggle makes three-tier fail while the app stays Healthy', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.check('[data-testid="toggle-smoke"]');
      await page.keyboard.press('End');
      await waitForStatus(page, {
        'operation-phase': 'Failed',
        'sync-status': 'Synced',
        'health-status': 'Healthy',
      });
      assert.match(await page.textContent('[data-testid="callout"]'), /Sync Failed, app Healthy/);
      assert.match(await page.evaluate(() => location.search), /fail=smoke/);
    }));

  test("a toggle that changes an annotation re-runs the sync: the claim in its pod's wave binds, and the link keeps it", () =>
    withPage('?scenario=pvc-wait-for-first-consumer', async (page) => {
      await page.keyboard.press('End');
      await waitForStatus(page, { 'operation-phase': 'Running', 'health-status': 'Progressing' });
      await page.check('[data-testid="toggle-oneWave"]');
      await page.keyboard.press('End');
      await waitForStatus(page, {
        'operation-phase': 'Succeeded',
        'sync-status': 'Synced',
        'health-status': 'Healthy',
      });
      assert.match(await page.evaluate(() => location.search), /fail=oneWave/);
    }));

  test('maintenance-page: the stack says what a visitor sees before wave 1, during wave 2 and after wave 3', async () => {
    // src/cursor/visitorAt.ts: the old site until the wave 1 hook completes (4.1 s), the maintenance page while
    // wave 2 rolls the frontend (5 to 22 s), the new site once the wave 3 hook has completed (31.3 s).
    const visitorAt = async (page) => {
      await page.locator('[data-testid="visitor"]').scrollIntoViewIfNeeded();
      return page.textContent('[data-testid="visitor"]');
    };
    for (const [t, want] of [
      [1, /A visitor sees:\s*The old frontend, 6\.7\.0\./],
      [15, /A visitor sees:\s*The maintenance page \(maintenance-up put it up at 4\.1 s\)\./],
    ])
      await withPage(`?scenario=maintenance-page&t=${t}`, async (page) => {
        await page.waitForFunction(
          () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'maintenance-page',
        );
        assert.match(await visitorAt(page), want, `at ${t} s`);
      });
    await withPage('?scenario=maintenance-page', async (page) => {
      await page.keyboard.press('End');
      await waitForStatus(page, { 'operation-phase': 'Succeeded', 'health-status': 'Healthy' });
      await page.waitForFunction(() =>
        /The new frontend, 6\.7\.1\./.test(
          document.querySelector('[data-testid="visitor"]')?.textContent ?? '',
        ),
      );
      assert.match(await visitorAt(page), /A visitor sees:\s*The new frontend, 6\.7\.1\./);
    });
  });

  test('hpa-self-heal-fight at 1024x768: the HPA and self-heal fight, the end is OutOfSync and Healthy, and "Why did it end?" names the self-heal loop', () =>
    withPage(
      '?scenario=hpa-self-heal-fight',
      async (page) => {
        await page.keyboard.press('End');
        await waitForStatus(page, {
          'operation-phase': 'Succeeded',
          'sync-status': 'OutOfSync',
          'health-status': 'Healthy',
        });
        // "Why did it end?" names the fight that goes on, not "Nothing is waiting" (issue 32's small findings).
        assert.match(
          await page.textContent('[data-testid="why-headline"]'),
          /^The operation Succeeded, but the fight goes on: self-heal has synced \d+ times, and the app is OutOfSync again\.$/,
        );
        await page.check('[data-testid="toggle-respectIgnore"]');
        await page.keyboard.press('End');
        await waitForStatus(page, {
          'operation-phase': 'Succeeded',
          'sync-status': 'Synced',
          'health-status': 'Healthy',
        });
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  test('app-of-apps-update at 1024x768: shop ends Succeeded, Synced and Healthy, with and without the amended health check', () =>
    withPage(
      '?scenario=app-of-apps-update',
      async (page) => {
        const end = { 'operation-phase': 'Succeeded', 'sync-status': 'Synced', 'health-status': 'Healthy' };
        await page.keyboard.press('End');
        await waitForStatus(page, end);
        await page.check('[data-testid="toggle-amendedHealthCheck"]');
        // End once the toggle's re-run is on screen: pressed while it ran (a busy machine), End went to the end of
        // the run before it, and the new run, a longer one, showed that moment still Progressing.
        await page.waitForSelector('[data-testid="simulating"]', {
          state: 'detached',
          timeout: scaled(30_000),
        });
        await page.keyboard.press('End');
        await waitForStatus(page, end);
        assert.match(await page.evaluate(() => location.search), /amendedHealthCheck/);
      },
      { viewport: { width: 1024, height: 768 } },
    ));

  test('the scenario picker switches scenarios', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.selectOption('[data-testid="scenario-picker"]', 'failing-smoke-test');
      await page.locator('[data-testid="scenario-picker"]').blur();
      // The address bar names a scenario once it is on screen; End before that (its chunk still loading, as on a
      // busy machine) would end the old one.
      await page.waitForFunction(() => /scenario=failing-smoke-test/.test(location.search));
      await page.keyboard.press('End');
      await waitForStatus(page, ends['failing-smoke-test']);
    }));

  if (full) {
    // A succeeded run's page; a failed run's (failing-migration at its end, with the editor loaded) is editorCases'.
    test('axe finds no serious or critical violation in three-tier at its end, light and dark', () =>
      withPage(
        '?scenario=three-tier',
        async (page) => {
          await page.keyboard.press('End');
          await waitForStatus(page, ends['three-tier']);
          const list = (await axeLightAndDark(page, root)).map(
            (f) => `${f.colorScheme}: ${f.id} (${f.impact}) at ${f.targets.join(' | ')}`,
          );
          assert.deepEqual(list, [], 'axe violations');
        },
        // axe is injected as an inline script, which the page's own policy rightly refuses.
        { bypassCSP: true },
      ));
  }

  // Each page is checked for errors and other-origin requests by withPage itself, case by case: a summary case
  // would run while cases started beside it are still open. This one proves the requests are recorded at all.
  test("no request leaves the page's origin", () => {
    const all = pages.flatMap((p) => p.requests);
    writeFileSync(join(shots, `requests-${label}.txt`), [...new Set(all)].join('\n') + '\n');
    assert.ok(all.length > 0, 'requests were recorded');
  });

  return cases;
}
