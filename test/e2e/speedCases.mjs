// Browser cases of the page's speed ("Speed", the page hang; src/scenarios/workerRunner.ts): re-runs happen in a
// Web Worker, so the page answers keys while one is under way; a run past the time limit is stopped with a
// message while the previous run stays; both work in dist/ over http and in the one-file build from file://,
// and nothing is requested from another origin.
import assert from 'node:assert/strict';
import { encodeEdit, pageOpener, readEndT, readState, readT, reloadPage } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

/** An edit far too large to simulate in the time limit: 4 Deployments of 1,000 replicas (4,000 pods). */
const hugeEdit = Array.from(
  { length: 4 },
  (_, i) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: big-${i}
spec:
  replicas: 1000
  selector:
    matchLabels: { app: big-${i} }
  template:
    metadata:
      labels: { app: big-${i} }
    spec:
      containers:
        - name: web
          image: nginx:1.27
`,
).join('---\n');

export function speedCases({ browser, base }) {
  const test = (name, fn) => ({ name, fn });
  const withPage = pageOpener(browser, base);
  return [
    test('speed: a toggle re-run runs in the worker, keys act while it runs, and it ends with the new result', () =>
      withPage('?scenario=many-resources', async (page) => {
        await page.keyboard.press('End');
        const succeeded = await readState(page);
        assert.equal(succeeded.phase, 'Succeeded');
        const oldEnd = await readEndT(page);
        await page.keyboard.press('Home');
        // The migration toggle starts a re-run, and End is pressed while it runs. Both happen inside one task of
        // the page (the click, then the key, with only microtasks between them for Svelte to update the DOM), so
        // the worker's answer, which arrives as a task of its own, cannot come in between however fast the engine
        // is: the case used to race a real run and failed when the run ended before the key was pressed.
        const during = await page.evaluate(async () => {
          const settle = async () => {
            for (let i = 0; i < 20; i++) await Promise.resolve();
          };
          document.querySelector('[data-testid="toggle-migration"]').click();
          await settle();
          const simulating = document.querySelector('[data-testid="simulating"]') !== null;
          document.body.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true }),
          );
          await settle();
          return {
            simulating,
            stillSimulating: document.querySelector('[data-testid="simulating"]') !== null,
            t: Number(document.querySelector('[data-testid="virtual-time"]').dataset.t),
          };
        });
        // An in-thread run would have finished inside the click, with no progress shown: this one is in the worker.
        assert.ok(during.simulating, 'the re-run shows its progress (it runs in the worker)');
        assert.ok(during.stillSimulating, 'the key was handled while the re-run was still running');
        assert.equal(during.t, oldEnd, 'End acted on the run on screen while the new one ran');
        await page.waitForSelector('[data-testid="simulating"]', {
          state: 'detached',
          timeout: scaled(30_000),
        });
        await page.keyboard.press('End');
        const after = await readState(page);
        assert.equal(after.phase, 'Failed', 'the toggled run (a failing migration) is on screen');
        assert.notEqual(await readEndT(page), oldEnd);
      })),
    test('speed: an edit too large for the time limit is stopped with a message and the previous run stays', () =>
      // A half-second limit (runLimit=0.5) stops this edit whatever the machine's speed: four Deployments of 1,000
      // replicas take seconds, while the default 10 s would let a fast machine finish them.
      withPage('?scenario=three-tier&runLimit=0.5', async (page) => {
        await page.keyboard.press('End');
        const good = await readState(page);
        assert.equal(good.phase, 'Succeeded');
        await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
        await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
        await page.click('[data-testid="manifest-editor"] .cm-content');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(hugeEdit);
        await page.waitForSelector('[data-testid="simulating"]', { timeout: scaled(10_000) });
        const failure = await page.waitForSelector('[data-testid="run-failure"]', {
          timeout: scaled(30_000),
        });
        assert.match(
          (await failure.textContent()) ?? '',
          /^The simulation was stopped after 0\.5 s of wall time, at virtual \d+\.\d s: the input is too large or never ends\. The last good run is still shown\.$/,
        );
        // The message names the limit it was stopped at, the link's 0.5 s, not the default 10 s: that shows the
        // link's runLimit was used, at any load of the machine (a time measured here was not, issue 31).
        assert.equal(await page.locator('[data-testid="simulating"]').count(), 0);
        const kept = await readState(page);
        assert.equal(kept.phase, good.phase);
        assert.equal(kept.table, good.table);
        // The page stayed usable throughout: the cursor still moves (keys outside the editor drive the timeline).
        await page.evaluate(() => document.activeElement?.blur());
        await page.keyboard.press('Home');
        assert.equal(await readT(page), 0);
      })),
    test('speed: after a reload, an edit whose run was stopped is restored but not run until asked', () =>
      withPage('?scenario=three-tier&runLimit=0.5', async (page) => {
        await page.keyboard.press('End');
        const good = await readState(page);
        await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
        await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
        await page.click('[data-testid="manifest-editor"] .cm-content');
        await page.keyboard.press('Control+A');
        await page.keyboard.insertText(hugeEdit);
        await page.waitForSelector('[data-testid="run-failure"]', { timeout: scaled(30_000) });

        // As after a tab that froze on it: the page is opened again on the same address, with the saved edit.
        await reloadPage(page);
        const notice = await page.waitForSelector('[data-testid="manifest-unfinished"]');
        assert.match(
          (await notice.textContent()).replace(/\s+/g, ' '),
          /their last run did not finish .* so they are not run yet/,
        );
        await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
        await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
        assert.match(await page.textContent('[data-testid="manifest-editor"] .cm-content'), /name: big-0/);
        // Nothing runs: the scenario's own run is on screen, and no run of the edit has started.
        assert.equal(await page.locator('[data-testid="simulating"]').count(), 0);
        await page.evaluate(() => document.activeElement?.blur());
        await page.keyboard.press('End');
        const shown = await readState(page);
        assert.equal(shown.phase, good.phase);
        assert.equal(shown.table, good.table);

        // Asked to, the page runs the edit (under the default time limit now: the link's runLimit is not kept).
        await page.click('[data-testid="manifest-run-restored"]');
        await page.waitForSelector('[data-testid="manifest-unfinished"]', { state: 'detached' });
        await page.waitForSelector('[data-testid="simulating"]', { timeout: scaled(10_000) });
      })),
    test("edit link: a link's edit whose run was stopped is restored on reload, not run again until asked", () =>
      // As a typed edit is (the case above): the link's edit is marked running in this browser until its run ends.
      withPage(`?scenario=three-tier&runLimit=0.5&edit=${encodeEdit(hugeEdit)}`, async (page) => {
        await page.waitForSelector('[data-testid="run-failure"]', { timeout: scaled(30_000) });
        await reloadPage(page);
        await page.waitForSelector('[data-testid="manifest-unfinished"]');
        await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
        await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
        assert.match(await page.textContent('[data-testid="manifest-editor"] .cm-content'), /name: big-0/);
        assert.equal(await page.locator('[data-testid="simulating"]').count(), 0);
        assert.equal(await page.locator('[data-testid="run-failure"]').count(), 0);
        await page.evaluate(() => document.activeElement?.blur());
        await page.keyboard.press('End');
        assert.equal((await readState(page)).phase, 'Succeeded', "the scenario's own run is on screen");
        await page.click('[data-testid="manifest-run-restored"]');
        await page.waitForSelector('[data-testid="simulating"]', { timeout: scaled(10_000) });
      })),
  ];
}
