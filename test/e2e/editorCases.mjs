// Browser cases of the manifest editor and the order table (src/ui/manifests), run against one target like
// pageCases. The editor is CodeMirror, which draws only the lines near its viewport, so a case moves the
// cursor with the keyboard to a line number worked out here from the scenario file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  assertSameState,
  axeLightAndDark,
  pageOpener,
  readEndT,
  readState,
  reloadPage,
  waitForStatus,
} from './pageHelpers.mjs';

const threeTierEnd = { 'operation-phase': 'Succeeded', 'sync-status': 'Synced', 'health-status': 'Healthy' };

export function editorCases({ browser, base, root, results, full, shots }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const synced = parse(readFileSync(join(root, 'scenarios/three-tier.yaml'), 'utf8')).revisions.at(
    -1,
  ).manifests;
  const lines = synced.split('\n');
  /** The 0-based index of the first line matching `pattern` at or after line `from`. */
  const lineOf = (pattern, from = 0) => {
    const index = lines.findIndex((line, i) => i >= from && pattern.test(line));
    assert.ok(index >= 0, `no line matches ${pattern}`);
    return index;
  };
  const nameLine = lineOf(/^ {2}name: database-config$/);
  const replicasLine = lineOf(/^ {2}replicas: 1$/);
  const frontendWaveLine = lineOf(/sync-wave: "2"/, lineOf(/^ {2}name: frontend$/));

  const withPage = pageOpener(browser, base);

  test('the editor loads when scrolled to, marks a YAML error on its line and keeps the last good run', () =>
    withPage('?scenario=three-tier', async (page, record) => {
      await page.keyboard.press('End');
      await waitForStatus(page, threeTierEnd);
      const good = await readState(page);
      const timeline = await page.innerHTML('[data-testid="timeline"]');
      assert.equal(await page.getAttribute('[data-testid="manifest-editor"]', 'data-ready'), 'false');
      assert.ok(
        !record.requests.some((url) => url.includes('createEditor')),
        'CodeMirror loaded before it was needed',
      );

      await openEditor(page);
      await goToLineEnd(page, nameLine);
      await page.keyboard.type(': oops');
      const error = await page.waitForSelector('[data-testid="manifest-error"]');
      assert.match(await error.textContent(), new RegExp(`^\\s*Line ${nameLine + 1}, column \\d+:`));
      assert.equal(
        (await page.textContent('.cm-errorLine'))?.trim(),
        'name: database-config: oops',
        'the error line is marked',
      );
      assert.equal(
        await page.locator('.cm-gutter-lint .cm-lint-marker-error').count(),
        1,
        'one gutter marker',
      );
      await page.waitForSelector('[data-testid="order-stale"]');

      // After the re-run delay the session rejects the text: the error shows and the last good run stays.
      await page.waitForSelector('[data-testid="input-error"]');
      assertSameState(await readState(page), good, 'after a YAML error');
      assert.equal(await page.innerHTML('[data-testid="timeline"]'), timeline, 'the timeline is unchanged');
      if (shots) {
        await page
          .locator('[data-testid="manifest-panel"]')
          .screenshot({ path: join(results, 'editor-error.png') });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page
          .locator('[data-testid="manifest-panel"]')
          .screenshot({ path: join(results, 'editor-error-dark.png') });
        await page.emulateMedia({ colorScheme: 'light' });
      }

      for (let i = 0; i < ': oops'.length; i++) await page.keyboard.press('Backspace');
      await page.waitForSelector('[data-testid="manifest-error"]', { state: 'detached' });
      await page.waitForSelector('[data-testid="input-error"]', { state: 'detached' });
      assert.equal(await page.locator('.cm-errorLine').count(), 0, 'the mark is gone');
      assert.equal(await page.locator('[data-testid="order-stale"]').count(), 0, 'the plan is current again');

      // A quoted replicas is read (the API server refuses it at sync, as in Argo CD), but marked where it is written:
      // a lint warning, not an error, with the decoding message the sync will meet.
      await goToLineEnd(page, replicasLine);
      await page.keyboard.press('Backspace');
      await page.keyboard.type('"1"');
      await page.waitForSelector('.cm-gutter-lint .cm-lint-marker-warning');
      assert.equal(await page.locator('[data-testid="manifest-error"]').count(), 0, 'a warning is no error');
      assert.equal(await page.locator('.cm-lint-marker-error').count(), 0, 'no error marker');
      assert.equal(await page.textContent('.cm-lintRange-warning'), '"1"', 'the value is marked');
      for (let i = 0; i < '"1"'.length; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('1');
      await page.waitForSelector('.cm-gutter-lint .cm-lint-marker-warning', { state: 'detached' });
    }));

  test('a sync-wave edit re-plans the order, re-runs, survives a reload, and reset undoes it', () =>
    withPage('?scenario=three-tier', async (page) => {
      const endBefore = await readEndT(page);
      const frontendWave = () =>
        page.textContent('[data-testid="order-row"][data-key="Deployment/frontend"] td:nth-child(2)');
      assert.equal(await frontendWave(), '2');

      await openEditor(page);
      await goToLineEnd(page, frontendWaveLine);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('3');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="order-row"][data-key="Deployment/frontend"] td:nth-child(2)')
            ?.textContent === '3',
      );
      // One more wave means one more step, so one more wave delay: the re-run ends later.
      await page.waitForFunction(
        (end) => Number(document.querySelector('[data-testid="scrubber"]').max) > end,
        endBefore,
      );
      const endEdited = await readEndT(page);
      assert.match(await page.textContent('[data-testid="manifest-revision"]'), /\(edited\)/);
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="scrubber"]').focus();
      await page.keyboard.press('End');
      await waitForStatus(page, threeTierEnd);

      await reloadPage(page);
      // The address bar carries the edit (edit=…), so the reload reopens it from the link (the browser's saved copy
      // is kept too, below).
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="order-row"][data-key="Deployment/frontend"] td:nth-child(2)')
            ?.textContent === '3',
      );
      assert.equal(await frontendWave(), '3', 'the edit is back after a reload');
      // And so is its run, which comes from the simulation worker a moment after the restored text.
      await page.waitForFunction(
        (end) => Number(document.querySelector('[data-testid="scrubber"]').max) === end,
        endEdited,
      );
      const saved = await page.evaluate(() => localStorage.getItem('sandbox-manifests:three-tier'));
      assert.match(saved, /sync-wave: \\"3\\"/);

      await page.click('[data-testid="manifest-reset"]');
      await page.waitForFunction(
        (end) => Number(document.querySelector('[data-testid="scrubber"]').max) === end,
        endBefore,
      );
      assert.equal(await frontendWave(), '2', 'reset restores the scenario');
      assert.equal(await page.locator('[data-testid="manifest-restored"]').count(), 0);
      assert.equal(await page.evaluate(() => localStorage.getItem('sandbox-manifests:three-tier')), null);
      await reloadPage(page);
      assert.equal(
        await page.locator('[data-testid="manifest-restored"]').count(),
        0,
        'nothing to restore after reset',
      );
    }));

  test("the order table highlights the step at the timeline's cursor", () =>
    withPage('?scenario=three-tier', async (page) => {
      const highlighted = () =>
        page.$$eval('[data-testid="order-row"][aria-current="step"]', (rows) =>
          rows.map((r) => r.dataset.key),
        );
      // A key's step reaches the table in a later frame than the key itself: wait until the rows say `keys`, then
      // assert on what they say (so a wrong highlight fails with the rows it shows, after the wait).
      const expectHighlighted = async (keys, message) => {
        await page
          .waitForFunction(
            (keys) =>
              [...document.querySelectorAll('[data-testid="order-row"][aria-current="step"]')]
                .map((r) => r.dataset.key)
                .join('|') === keys.join('|'),
            keys,
            { timeout: 10_000 },
          )
          .catch(() => {});
        assert.deepEqual(await highlighted(), keys, message);
      };
      // The rows are drawn in idle steps after the page is interactive (rowsInTasks.svelte.ts).
      await page.waitForSelector('[data-testid="order-table"][aria-busy="false"]', { state: 'attached' });
      assert.deepEqual(await highlighted(), [], 'the namespace is created before the first step (§2.7)');
      await page.keyboard.press('Shift+ArrowRight');
      await expectHighlighted(['Namespace/three-tier', 'Job/database-migration']);
      await page.keyboard.press('Shift+ArrowRight');
      await expectHighlighted(['ConfigMap/database-config']);
      await page.keyboard.press('End');
      await waitForStatus(page, threeTierEnd);
      assert.deepEqual(await highlighted(), [], 'nothing runs after the operation ended');
    }));

  // axe on the loaded editor and order table, with a YAML error marked, in the whole page at failing-migration's
  // end: one page load and one pass per theme serve the editor, the order table and the rest of a failed run's
  // page (pageCases' axe case covers a succeeded run's page).
  if (full) {
    test('axe finds no serious or critical violation in failing-migration at its end with the loaded editor and order table, light and dark', async () => {
      let found;
      await withPage(
        '?scenario=failing-migration',
        async (page) => {
          await page.keyboard.press('End');
          await waitForStatus(page, {
            'operation-phase': 'Failed',
            'sync-status': 'OutOfSync',
            'health-status': 'Healthy',
          });
          await openEditor(page);
          await goToLineEnd(page, 3);
          await page.keyboard.type(': oops');
          await page.waitForSelector('[data-testid="manifest-error"]');
          found = await axeLightAndDark(page, root);
        },
        // axe is injected as an inline script, which the page's own policy rightly refuses.
        { bypassCSP: true },
      );
      const list = found.map((f) => `${f.colorScheme}: ${f.id} (${f.impact}) at ${f.targets.join(' | ')}`);
      assert.equal(found.length, 0, `axe violations:\n${list.join('\n')}`);
    });
  }

  return cases;
}

/** Bring the panel into view, wait for CodeMirror, and put the focus in it. */
async function openEditor(page) {
  await page.locator('[data-testid="manifest-panel"]').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="manifest-editor"][data-ready="true"] .cm-content');
  await page.click('[data-testid="manifest-editor"] .cm-content');
}

/** Move the editor's cursor to the end of a 0-based line, with the keys a user would press. */
async function goToLineEnd(page, index) {
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}
