// Browser cases for predict mode, the Last Sync card and the result table (issues 8 and 9): the future stays
// hidden until it is watched, the run stops at a question and goes on once it is answered and explained, and the
// status panel and result table say what Argo CD's UI and `argocd app get --show-operation` say.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readT, waitForStatus, pageOpener } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

const text = (page, id) => page.textContent(`[data-testid="${id}"]`).then((s) => (s ?? '').trim());

export function predictCases({ browser, base, results, shots }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('predict mode hides the end, stops at a question, explains the answer and goes on', () =>
    withPage('?scenario=three-tier&predict=1&speed=8', async (page, record) => {
      await page.waitForSelector('[data-testid="predict-question"]');
      // No end anywhere: not in the time card, not as a final phase.
      assert.doesNotMatch(
        await text(page, 'virtual-time').then(() => page.textContent('.status .card.time')),
        /of \d/,
      );
      assert.equal(await text(page, 'operation-phase'), 'Running');
      assert.match(await text(page, 'summary'), /Predict mode/);
      const first = await text(page, 'predict-question');
      assert.match(first, /Will this sync apply Deployment\/\S+\?/);
      await page.click('[data-testid="predict-choice-0"]');
      assert.match(await text(page, 'predict-verdict'), /^Right\. Yes: Deployment\/frontend was applied/);
      await page.click('[data-testid="predict-continue"]');
      // It plays on and stops at the next question, a phase boundary, before the answer is on screen.
      await page.waitForFunction(() =>
        /Which phase runs next/.test(
          document.querySelector('[data-testid="predict-question"]')?.textContent ?? '',
        ),
      );
      const t = await readT(page);
      assert.ok(t > 0 && t < 18.13, `stopped before Sync wave -1 starts: t = ${t}`);
      assert.equal(await text(page, 'operation-phase'), 'Running');
      assert.doesNotMatch(await page.textContent('.status .card.time'), /of \d/);
      if (shots) await page.screenshot({ path: join(results, 'predict-1280-light.png') });
      const choices = await page.$$eval('[data-testid^="predict-choice-"]', (b) =>
        b.map((x) => x.textContent),
      );
      await page.click(`[data-testid="predict-choice-${choices.indexOf('PostSync')}"]`);
      assert.match(await text(page, 'predict-verdict'), /^Not quite\. Sync: every PreSync hook completed/);
      await page.click('[data-testid="predict-moment"]');
      // The moment link moves the cursor to the step the answer is about (Sync starts at 18.13 s).
      await page
        .waitForFunction(
          () => Number(document.querySelector('[data-testid="virtual-time"]')?.getAttribute('data-t')) >= 18,
          undefined,
          { timeout: 5000 },
        )
        .catch(() => {});
      assert.ok((await readT(page)) >= 18, 'the moment link moved the cursor to the step');
      assert.deepEqual(record.errors, []);
    }));

  test('predict mode on failing-migration: the end question is judged from the run, then the end shows', () =>
    withPage('?scenario=failing-migration&predict=1&speed=8', async (page) => {
      let judged = false;
      for (let i = 0; i < 8; i++) {
        const q = await page
          .waitForSelector('[data-testid="predict-question"]', { timeout: scaled(20_000) })
          .catch(() => null);
        if (!q) break;
        const question = await text(page, 'predict-question');
        if (question === 'How does the operation end?') {
          assert.equal(await text(page, 'operation-phase'), 'Running');
          await page.click('[data-testid="predict-choice-1"]');
          assert.match(await text(page, 'predict-verdict'), /^Right\. Failed at 15\.0 s/);
          judged = true;
        } else await page.click('[data-testid="predict-choice-0"]');
        await page.click('[data-testid="predict-continue"]');
        if (question.startsWith('The operation ended')) break;
      }
      assert.ok(judged, 'the end question "How does the operation end?" was asked');
      await page.waitForSelector('[data-testid="predict-finished"]', { timeout: scaled(20_000) });
      await waitForStatus(page, { 'operation-phase': 'Failed' });
      assert.match(await page.textContent('.status .card.time'), /of \d/);
    }));

  test('last-sync card: Syncing while it runs, Sync failed on failing-migration, Sync OK on three-tier, each to its revision', async () => {
    await withPage('?scenario=failing-migration&t=5', async (page) => {
      await waitForStatus(page, { 'operation-phase': 'Running' });
      assert.equal(await text(page, 'last-sync-title'), 'Syncing');
      assert.match(await text(page, 'last-sync-revision'), /^to 6\.7\.0 \([0-9a-f]{7}\)$/);
    });
    await withPage('?scenario=failing-migration&t=1000', async (page) => {
      await waitForStatus(page, { 'operation-phase': 'Failed' });
      assert.equal(await text(page, 'last-sync-title'), 'Sync failed');
      assert.match(await text(page, 'last-sync-revision'), /^to 6\.7\.0 \([0-9a-f]{7}\)$/);
    });
    await withPage('?scenario=three-tier&t=1000', async (page) => {
      await waitForStatus(page, { 'operation-phase': 'Succeeded' });
      assert.equal(await text(page, 'last-sync-title'), 'Sync OK');
      assert.match(await text(page, 'last-sync-revision'), /^to v1 \([0-9a-f]{7}\)$/);
    });
  });

  test('result table: the CLI summary block and its rows, hooks as the CLI prints them', () =>
    withPage('?scenario=failing-migration&t=1000', async (page) => {
      await waitForStatus(page, { 'operation-phase': 'Failed' });
      // Parts below the fold are not rendered until seen (content-visibility: auto), so the table is scrolled to.
      await page.locator('[data-testid="result-summary"]').scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="result-summary"]')?.innerText.includes('Operation:'),
      );
      const summary = await page.innerText('[data-testid="result-summary"]');
      for (const label of ['Operation', 'Sync Revision', 'Phase', 'Start', 'Finished', 'Duration', 'Message'])
        assert.match(summary, new RegExp(`^${label}:`, 'm'), `${label} in the summary`);
      assert.match(summary, /Phase:\s+Failed/);
      assert.match(summary, /Start:\s+2026-01-01 00:00:00 \+0000 UTC/);
      assert.match(summary, /Duration:\s+15s/);
      // The rows are drawn in idle steps after the page is interactive (rowsInTasks.svelte.ts).
      await page.waitForSelector('[data-testid="result-table"][aria-busy="false"]', { state: 'attached' });
      const cells = await page.$$eval('[data-testid="result-table"] tr', (rows) =>
        rows.map((row) =>
          [...row.cells].map((cell) => cell.textContent.replace(/\blogs$/, '').trim()).join('|'),
        ),
      );
      assert.equal(cells[0], 'GROUP|KIND|NAMESPACE|NAME|STATUS|HEALTH|HOOK|MESSAGE');
      assert.ok(
        cells.some((row) => row.startsWith('batch|Job|checkout-dev|checkout-migrate|Failed|Synced|PreSync|')),
        cells.join('\n'),
      );
      assert.ok(
        cells.includes('apps|Deployment|checkout-dev|checkout|OutOfSync|Healthy||'),
        cells.join('\n'),
      );
      // The smoke-test hook an earlier sync left live is a row of status.resources with no sync status or health
      // (controller/state.go L1040), which `argocd app get` prints with empty cells.
      assert.equal(cells.at(-1), 'batch|Job|checkout-dev|checkout-smoke-test||||', cells.join('\n'));
    }));

  for (const [width, height] of shots
    ? [
        [1280, 720],
        [390, 844],
      ]
    : [])
    for (const colorScheme of ['light', 'dark'])
      test(`predict and last-sync screenshots at ${width}×${height} ${colorScheme}`, async () => {
        await withPage(
          '?scenario=failing-migration&predict=1',
          async (page) => {
            await page.waitForSelector('[data-testid="predict-question"]');
            await page.screenshot({ path: join(results, `predict-${width}-${colorScheme}.png`) });
          },
          { viewport: { width, height }, colorScheme },
        );
        await withPage(
          '?scenario=failing-migration&t=1000',
          async (page) => {
            await waitForStatus(page, { 'operation-phase': 'Failed' });
            await page.screenshot({ path: join(results, `lastsync-${width}-${colorScheme}.png`) });
            await page.locator('[data-testid="result-summary"]').screenshot({
              path: join(results, `result-${width}-${colorScheme}.png`),
            });
          },
          { viewport: { width, height }, colorScheme },
        );
      });
  // Issue 32, the learner's second finding: predict judged "applied (configured)" while the terminal printed
  // `deployment.apps/checkout unchanged`. Argo CD keeps kubectl's output as the task's message (gitops-engine
  // sync_context.go applyObject): predict, the result table and the terminal now say the same word.
  test('predict on failing-smoke-test: the first answer quotes kubectl’s "unchanged", as the terminal and the result table do', () =>
    withPage('?scenario=failing-smoke-test&predict=1&speed=8', async (page) => {
      await page.waitForSelector('[data-testid="predict-question"]');
      assert.equal(await text(page, 'predict-question'), 'Will this sync apply Deployment/checkout?');
      await page.click('[data-testid="predict-choice-0"]');
      const verdict = await text(page, 'predict-verdict');
      assert.match(
        verdict,
        /^Right\. Yes: Deployment\/checkout was applied at .*kubectl printed "deployment\.apps\/checkout unchanged"/,
      );
      assert.doesNotMatch(verdict, /configured/);
      // The moment link moves the cursor to the apply: the terminal prints the same word in the result table.
      await page.click('[data-testid="predict-moment"]');
      await page.waitForFunction(
        () => Number(document.querySelector('[data-testid="virtual-time"]')?.getAttribute('data-t')) > 0,
      );
      const input = page.locator('[data-testid="terminal"]');
      await input.fill('argocd app get checkout-dev --show-operation');
      await input.press('Enter');
      await page.waitForFunction(
        () =>
          /Deployment\s+checkout-dev\s+checkout\s+Synced\s+\S+\s+deployment\.apps\/checkout unchanged/.test(
            document.querySelector('[data-testid="terminal-output"]')?.textContent ?? '',
          ),
        undefined,
        { timeout: scaled(20_000) },
      );
    }));

  return cases;
}
