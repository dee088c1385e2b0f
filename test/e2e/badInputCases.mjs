// Browser cases of the "Bad input" on the page: a name (an object's, a container's) the API server refuses,
// and a replica count over the run limit, are marked on their line in the editor, and an edit the browser's storage
// refuses is kept in the page and said so. (An edit past the run's time limit, and the reload after it, are speed
// cases: they race a run against the wall clock.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  assertSameState,
  encodeEdit,
  readEndT,
  readState,
  waitForStatus,
  pageOpener,
} from './pageHelpers.mjs';

const threeTierEnd = { 'operation-phase': 'Succeeded', 'sync-status': 'Synced', 'health-status': 'Healthy' };

export function badInputCases({ browser, base, root }) {
  const test = (name, fn) => ({ name, fn });
  const lines = parse(readFileSync(join(root, 'scenarios/three-tier.yaml'), 'utf8'))
    .revisions.at(-1)
    .manifests.split('\n');
  const lineOf = (pattern, from = 0) => {
    const index = lines.findIndex((line, i) => i >= from && pattern.test(line));
    assert.ok(index >= 0, `no line matches ${pattern}`);
    return index;
  };
  const nameLine = lineOf(/^ {2}name: database-config$/);
  const frontendWaveLine = lineOf(/sync-wave: "2"/, lineOf(/^ {2}name: frontend$/));
  const frontendReplicasLine = lineOf(/^ {2}replicas: 2$/, lineOf(/^ {2}name: frontend$/));
  const webContainerLine = lineOf(/- name: web$/);

  const withPage = pageOpener(browser, base);

  return [
    test('bad input: a name Kubernetes refuses is marked on its line in the API server words, the last good run stays', () =>
      withPage('?scenario=three-tier', async (page) => {
        await page.keyboard.press('End');
        await waitForStatus(page, threeTierEnd);
        const good = await readState(page);
        await openEditor(page);
        await goToLineEnd(page, nameLine);
        // Selected and replaced in one insertion: every name on the way (`database-confi`, …) is valid, and a slow
        // machine ran one of them, replacing the last good run, before the bad name came.
        for (let i = 0; i < 'database-config'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
        await page.keyboard.insertText('Bad_Name!!');
        const error = await page.waitForSelector('[data-testid="manifest-error"]');
        // The column is the name's own: `  name: ` is eight characters, so the value starts at column 9.
        assert.match(
          (await error.textContent()).trim(),
          new RegExp(
            `^Line ${nameLine + 1}, column 9: metadata\\.name: Invalid value: "Bad_Name!!": a lowercase RFC 1123 subdomain`,
          ),
        );
        assert.equal(
          (await page.textContent('.cm-errorLine'))?.trim(),
          'name: Bad_Name!!',
          'the line is marked',
        );
        // The session refuses the text after the re-run delay: the same words, and the run on screen stays.
        const refused = await page.waitForSelector('[data-testid="input-error"]');
        assert.match(await refused.textContent(), /metadata\.name: Invalid value: "Bad_Name!!"/);
        assertSameState(await readState(page), good, 'after a refused name');
      })),

    test('bad input: a container name Kubernetes refuses is marked on its line in the API server words', () =>
      withPage('?scenario=three-tier', async (page) => {
        await page.keyboard.press('End');
        await waitForStatus(page, threeTierEnd);
        const good = await readState(page);
        await openEditor(page);
        await goToLineEnd(page, webContainerLine);
        for (let i = 0; i < 'web'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
        await page.keyboard.insertText('Bad_Name');
        const error = await page.waitForSelector('[data-testid="manifest-error"]');
        const column = lines[webContainerLine].length - 'web'.length + 1;
        assert.match(
          (await error.textContent()).trim(),
          new RegExp(
            `^Line ${webContainerLine + 1}, column ${column}: spec\\.template\\.spec\\.containers\\[0\\]\\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 label`,
          ),
        );
        assert.equal(
          (await page.textContent('.cm-errorLine'))?.trim(),
          '- name: Bad_Name',
          'the line is marked',
        );
        const refused = await page.waitForSelector('[data-testid="input-error"]');
        assert.match(await refused.textContent(), /containers\[0\]\.name: Invalid value: "Bad_Name"/);
        assertSameState(await readState(page), good, 'after a refused container name');
      })),

    test('bad input: an edit over the replicas limit is refused at the field, marked in the editor, the last good run stays', () =>
      withPage('?scenario=three-tier', async (page) => {
        await page.keyboard.press('End');
        await waitForStatus(page, threeTierEnd);
        const good = await readState(page);
        await openEditor(page);
        await goToLineEnd(page, frontendReplicasLine);
        // The old count selected and replaced in one insertion, so that no run of an intermediate text starts: after
        // a Backspace, `replicas:` with no value is a valid Deployment of one replica, and a slow machine ran it
        // (replacing the last good run) before the insertion came; typing the digits one by one would run 1,000.
        await page.keyboard.press('Shift+ArrowLeft');
        await page.keyboard.insertText('100000');
        // Reading the text finds nothing wrong; the run refuses it, and says where: at the value, column 13.
        const refused = await page.waitForSelector('[data-testid="input-error"]');
        assert.equal(
          (await refused.textContent()).trim(),
          `three-tier (edited):${frontendReplicasLine + 1}:13: Deployment/frontend: spec.replicas: 100000 is over the limit of 1000 replicas per workload`,
        );
        const error = await page.waitForSelector('[data-testid="manifest-error"]');
        assert.match(
          (await error.textContent()).trim(),
          new RegExp(
            `^Line ${frontendReplicasLine + 1}, column 13: Deployment/frontend: spec\\.replicas: 100000 is over`,
          ),
        );
        assert.equal(
          (await page.textContent('.cm-errorLine'))?.trim(),
          'replicas: 100000',
          'the line is marked',
        );
        assertSameState(await readState(page), good, 'after a refused replica count');
      })),

    test('bad input: with the browser storage full, an edit runs, stays in the page and the page says it is not saved', () =>
      withPage('?scenario=three-tier', async (page) => {
        // A full localStorage: every save of an edit throws, as Chromium's does past the quota.
        await page.evaluate(() => {
          const setItem = Storage.prototype.setItem;
          Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith('sandbox-manifests:'))
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            return setItem.call(this, key, value);
          };
        });
        const endBefore = await readEndT(page);
        await openEditor(page);
        await goToLineEnd(page, frontendWaveLine);
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Backspace');
        await page.keyboard.type('3');
        const notice = await page.waitForSelector('[data-testid="manifest-not-saved"]');
        assert.match(await notice.textContent(), /storage is full, so your edits are kept in this page only/);
        // The edit was not dropped: it runs (one more wave, one more wave delay), and it is still in the editor.
        await page.waitForFunction(
          (end) => Number(document.querySelector('[data-testid="scrubber"]').max) > end,
          endBefore,
        );
        assert.match(await page.textContent('[data-testid="manifest-editor"] .cm-content'), /sync-wave: "3"/);
        assert.equal(await page.evaluate(() => localStorage.getItem('sandbox-manifests:three-tier')), null);
        // Another scenario and back: the edit is still there, from the page's memory.
        await page.selectOption('[data-testid="scenario-picker"]', 'failing-migration');
        await page.waitForFunction(() => !location.search.includes('three-tier'));
        await page.selectOption('[data-testid="scenario-picker"]', 'three-tier');
        await page.waitForFunction(
          () =>
            document.querySelector(
              '[data-testid="order-row"][data-key="Deployment/frontend"] td:nth-child(2)',
            )?.textContent === '3',
        );
      })),
    // Words from the link met plain-object tables: `scenario=constructor` made the head's preload script
    // ask for Object's constructor as a chunk (a 404 in the console).
    // One tab opens each name's link in turn (a document each, as a link opens it).
    test('bad input: ?scenario=constructor, __proto__ or toString opens the default scenario, says so, and requests nothing bogus', () =>
      withPage('?scenario=constructor', async (page, record) => {
        for (const [i, name] of ['constructor', '__proto__', 'toString'].entries()) {
          if (i > 0) await page.goto(`${base}?scenario=${name}`);
          const message = await page.waitForSelector('[data-testid="unknown-scenario"]');
          assert.match(
            await message.textContent(),
            new RegExp(`no scenario "${name}", so the default scenario`),
          );
          await page.waitForFunction(
            () => document.querySelector('[data-testid="scenario-picker"]')?.value === 'three-tier',
          );
        }
        assert.deepEqual(
          // The page's own address carries the name in its query; no file requested may.
          record.requests.filter((url) =>
            /constructor|__proto__|toString|native/.test(new URL(url).pathname),
          ),
          [],
          'files requested by a name from the link',
        );
      })),

    // `zoom=0,1e-300` showed "Zoom 9.06e+301×" and logged NaN errors; the page's own limit is 200×. Issue 31:
    // `zoom=1e308,1.7e308` logged NaN errors (pageOpener fails the case on any console error). A zoom past the
    // longest run there is (86,400 s) is not one the page can show: the whole sync is shown. One tab, a link each.
    test('bad input: a linked zoom of 0,1e-300 is held at 200×, and one of 1e308,1.7e308 shows the whole sync, with no errors', () =>
      withPage('?scenario=three-tier&zoom=0,1e-300', async (page) => {
        await page.waitForSelector('[data-testid="zoom-level"]');
        await page.waitForFunction(
          () => document.querySelector('[data-testid="zoom-level"]')?.textContent !== 'Zoom 1×',
        );
        assert.equal(await page.textContent('[data-testid="zoom-level"]'), 'Zoom 200×', 'zoom=0,1e-300');
        await page.goto(`${base}?scenario=three-tier&zoom=1e308,1.7e308`);
        await page.waitForSelector('[data-testid="zoom-level"]');
        await page.keyboard.press('End');
        await waitForStatus(page, threeTierEnd);
        assert.equal(await page.textContent('[data-testid="zoom-level"]'), 'Zoom 1×', 'zoom=1e308,1.7e308');
      })),

    // Issue 31: a garbage, cut or wrongly shaped `do=` was dropped with no word (an `edit=` gets one). The page
    // says what it dropped and why, and runs the scenario without the commands.
    test("bad input: a link's do= that is cut short, garbage or of another shape is named on the page", async () => {
      for (const [value, reason] of [
        ['W1s0MCwia3ViZWN0', /the link may have been cut short/],
        ['not!base64', /holds characters a do= value never has/],
        ['W1tdXQ', /command 1 is not \[seconds, command\]/],
      ])
        await withPage(`?scenario=three-tier&do=${value}`, async (page) => {
          const message = await page.waitForSelector('[data-testid="link-do-broken"]');
          const text = await message.textContent();
          assert.match(text, /^\s*The link's terminal commands \(do=\) could not be read: /);
          assert.match(text, reason);
          assert.match(text, /None of them was run\.\s*$/);
          await page.keyboard.press('End');
          await waitForStatus(page, threeTierEnd);
        });
    }),

    // A link whose edit inflated to 600 MiB took the tab to 2.5 GB and silently showed no edit. Inflating
    // stops at the 4 MiB the sandbox reads, and the page says so; a 64 MiB bomb is the same case, faster to build.
    test("bad input: a link's edit that inflates past 4 MiB is not read, and the page says so", () => {
      const bomb = encodeEdit(new Uint8Array(64 * 1024 * 1024).fill(97));
      // In the hash, which no server sees: an 87 KB query is over the test server's header limit.
      return withPage(`#scenario=three-tier&edit=${bomb}`, async (page) => {
        const message = await page.waitForSelector('[data-testid="link-edit-broken"]');
        assert.match(await message.textContent(), /inflate past 4 MiB, the most the sandbox reads/);
        await page.keyboard.press('End');
        await waitForStatus(page, threeTierEnd);
      });
    }),
  ];
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
