// Browser cases for the self-study scenarios: each of the four answers is in the picker and ends on the
// page as its `expect:` block says, with the engine's own waiting message for the two that never end.
import assert from 'node:assert/strict';
import { pageOpener, readEndT, readT, reloadPage, selectSpeed, waitForStatus } from './pageHelpers.mjs';

/** Where each study scenario ends (contract.md §2 words; the scenarios' own `expect:`). */
const ends = {
  'succeeded-progressing': {
    'operation-phase': 'Succeeded',
    'sync-status': 'Synced',
    'health-status': 'Healthy',
  },
  'succeeded-then-degraded': {
    'operation-phase': 'Succeeded',
    'sync-status': 'Synced',
    'health-status': 'Degraded',
  },
  'failed-degraded': { 'operation-phase': 'Failed', 'sync-status': 'OutOfSync', 'health-status': 'Degraded' },
  'stuck-load-balancer': {
    'operation-phase': 'Running',
    'sync-status': 'Synced',
    'health-status': 'Progressing',
    'operation-message': 'waiting for healthy state of /Service/frontend',
  },
  'hook-never-completes': {
    'operation-phase': 'Running',
    'sync-status': 'OutOfSync',
    'health-status': 'Healthy',
    'operation-message': 'waiting for completion of hook batch/Job/database-migration',
  },
};

export function studyCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('study scenarios are all offered in the scenario picker', () =>
    withPage('?scenario=three-tier', async (page) => {
      const offered = await page.$$eval('[data-testid="scenario-picker"] option', (options) =>
        options.map((o) => o.value),
      );
      for (const id of Object.keys(ends))
        assert.ok(offered.includes(id), `${id} is in the picker: ${offered}`);
    }));

  for (const [scenario, end] of Object.entries(ends)) {
    test(`study ${scenario} plays at max speed to ${Object.values(end).join(' / ')}`, () =>
      withPage(`?scenario=${scenario}`, async (page) => {
        await selectSpeed(page, 'max');
        await page.click('[data-testid="play"]');
        await waitForStatus(page, end);
        assert.equal(await readT(page), await readEndT(page));
      }));
  }
  test("study failing-migration: at the end the migration's whole log opens from the result table, and closes", () =>
    withPage('?scenario=failing-migration', async (page) => {
      await page.keyboard.press('End');
      await waitForStatus(page, { 'operation-phase': 'Failed' });
      await page.click('[data-testid="result-logs-Job/checkout-migrate"]');
      const whole = await page.textContent('[data-testid="log-panel"]');
      assert.match(whole, /kubectl logs job\/checkout-migrate -n checkout-dev/);
      assert.match(whole, /migrating schema for checkout 6\.7\.0/);
      assert.match(whole, /ERROR: relation "orders" already exists/);
      await page.click('[data-testid="log-close"]');
      assert.equal(await page.$('[data-testid="log-panel"]'), null);
    }));

  test('study failing-migration at t=9: the stack view opens the log with only the lines written by then', () =>
    withPage('?scenario=failing-migration&t=9', async (page) => {
      await page.click('[data-testid="hook-logs-Job/checkout-migrate"]');
      const lines = await page.textContent('[data-testid="log-lines"]');
      assert.match(lines, /migrating schema for checkout 6\.7\.0/);
      assert.doesNotMatch(lines, /ERROR/);
    }));
  test('study quiz: an answer is explained with a link to its moment, and kept after a reload', () =>
    withPage('?scenario=three-tier', async (page) => {
      await page.evaluate(() => localStorage.removeItem('argocd-sync-sandbox:quiz'));
      await reloadPage(page);
      await page.check('[data-testid="quiz-choice-presync-fails-0"]');
      const verdict = await page.textContent('[data-testid="quiz-verdict-presync-fails"]');
      assert.match(verdict, /^\s*Right\./);
      const href = await page.getAttribute('[data-testid="quiz-link-presync-fails"]', 'href');
      assert.equal(href, '?scenario=failing-migration&t=15.05');
      await page.check('[data-testid="quiz-choice-stuck-2"]');
      assert.match(await page.textContent('[data-testid="quiz-verdict-stuck"]'), /^\s*Not quite\./);
      await reloadPage(page);
      assert.equal(await page.isChecked('[data-testid="quiz-choice-presync-fails-0"]'), true);
      assert.equal(await page.isChecked('[data-testid="quiz-choice-stuck-2"]'), true);
      // Out of every question the page asks (each has its verdict slot), however many the quiz holds.
      const asked = await page.locator('[data-testid^="quiz-choice-"][data-testid$="-0"]').count();
      assert.ok(asked >= 7, `only ${asked} questions`);
      // A question's number stands before the question, as read and as heard (the group's name), not before its
      // first choice, where the list's marker fell beside a fieldset's legend.
      for (const [n, start] of [
        [1, 'The PreSync migration fails'],
        [2, 'Two resources have sync-wave'],
      ])
        assert.equal(
          await page.getByRole('group', { name: `${n}. ${start}` }).count(),
          1,
          `question ${n} is not named "${n}. ${start}…"`,
        );
      assert.equal(
        (await page.textContent('[data-testid="quiz-progress"]')).trim(),
        `2 of ${asked} answered, 1 right`,
      );
      await page.click('[data-testid="quiz-link-presync-fails"]');
      await waitForStatus(page, { 'operation-phase': 'Failed', 'sync-status': 'OutOfSync' });
      await page.evaluate(() => localStorage.removeItem('argocd-sync-sandbox:quiz'));
    }));
  return cases;
}
