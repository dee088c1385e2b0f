// Browser cases for the self-study terminal (contract.md §2 `terminal` / `terminal-output`): the course
// module's steps 2–4 and its "break it on purpose" exercise, typed as the module writes them, against the
// simulated cluster at the cursor. Step 5 (the revert) needs a second operation in one run: it is walked on the
// control-plane `revert` scenario in revertTerminalCases.mjs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readEndT, readT, scrubTo, typeInTerminal as type, pageOpener } from './pageHelpers.mjs';

async function toEnd(page) {
  await scrubTo(page, await readEndT(page));
}

export function terminalCases({ browser, base, results, full, shots }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('terminal: course step 2 — before the release both hooks left a finished Job, the migration its log', () =>
    withPage('?scenario=failing-migration', async (page) => {
      assert.equal(await readT(page), 0);
      const jobs = await type(page, 'kubectl -n checkout-dev get jobs');
      assert.match(jobs, /^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE$/m);
      assert.match(jobs, /^checkout-migrate\s+Complete\s+1\/1\s/m);
      assert.match(jobs, /^checkout-smoke-test\s+Complete\s+1\/1\s/m);
      const log = await type(page, 'kubectl -n checkout-dev logs job/checkout-migrate');
      assert.equal(log.trim(), 'migrating schema for checkout 6.7.1\nmigration complete');
    }));

  test('terminal: course step 3 — the order table of the last sync (PreSync, wave -1 ConfigMap, PostSync)', () =>
    withPage('?scenario=failing-smoke-test', async (page) => {
      await toEnd(page);
      const table = await type(page, "argocd app get checkout-dev --show-operation | sed -n '/^GROUP/,$p'");
      const lines = table.trim().split('\n');
      assert.match(lines[0], /^GROUP\s+KIND\s+NAMESPACE\s+NAME\s+STATUS\s+HEALTH\s+HOOK\s+MESSAGE$/);
      assert.ok(
        lines.some((l) =>
          /^batch\s+Job\s+checkout-dev\s+checkout-migrate\s+Succeeded\s+Synced\s+PreSync/.test(l),
        ),
        table,
      );
      assert.ok(
        lines.some((l) => /^\s+ConfigMap\s+checkout-dev\s+checkout-config\s/.test(l)),
        table,
      );
      assert.ok(
        lines.some((l) => /checkout-smoke-test\s+Failed\s+Synced\s+PostSync/.test(l)),
        table,
      );
    }));

  test('terminal: course step 4 — Phase Failed with the PreSync message, the image still 6.7.1, both hooks’ logs', () =>
    withPage('?scenario=failing-migration', async (page) => {
      await toEnd(page);
      // As the module writes it. The real CLI prints Phase and Message only with --show-operation
      // (cmd/argocd/commands/app.go: printOperationResult runs under `if showOperation`), so this shows Sync Status.
      const status = await type(page, "argocd app get checkout-dev | grep -E 'Phase|Message|Sync Status'");
      assert.match(status, /^Sync Status:\s+OutOfSync/m);
      const op = await type(
        page,
        "argocd app get checkout-dev --show-operation | grep -E 'Phase|Message|Sync Status'",
      );
      assert.match(op, /^Phase:\s+Failed$/m);
      assert.match(op, /^Message:\s+one or more synchronization tasks completed unsuccessfully$/m);
      const image = await type(
        page,
        "kubectl -n checkout-dev get deploy checkout -o jsonpath='{.spec.template.spec.containers[0].image}'; echo",
      );
      assert.equal(image.trim(), 'ghcr.io/stefanprodan/podinfo:6.7.1');
      const migrate = await type(page, 'kubectl -n checkout-dev logs job/checkout-migrate');
      assert.equal(
        migrate.trim(),
        'migrating schema for checkout 6.7.0\nERROR: relation "orders" already exists',
      );
      const report = await type(page, 'kubectl -n checkout-dev logs job/checkout-sync-failed');
      assert.match(report, /sync of checkout-dev failed: PreSync hook checkout-migrate failed/);
      // The sync never succeeds in this run: `argocd app wait` says so instead of hanging.
      const wait = await type(page, 'argocd app wait checkout-dev --sync --health');
      assert.match(wait, /never happens in this run/);
    }));

  test('terminal: break it on purpose — the smoke test fails, the app stays Healthy, both hooks’ logs', () =>
    withPage('?scenario=failing-smoke-test', async (page) => {
      // The run's sync starts at t 0, the cursor's moment: `--async` starts it and, as the CLI (app.go: no wait
      // with --async), prints nothing.
      const started = await type(page, 'argocd app sync checkout-dev --async');
      assert.equal(started.trim(), '');
      // `argocd app sync` without --async waits for the operation, so the cursor moves to its end.
      await type(page, 'argocd app sync checkout-dev');
      assert.ok((await readT(page)) > 0, 'the cursor moved to the end of the sync');
      const tail = await type(page, 'kubectl -n checkout-dev logs job/checkout-smoke-test | tail -2');
      assert.match(tail, /503/);
      const report = await type(page, 'kubectl -n checkout-dev logs job/checkout-sync-failed');
      assert.match(report, /notified #team-checkout/);
      const health = await type(
        page,
        "argocd app get checkout-dev --show-operation | grep -E 'Phase|Health Status'",
      );
      assert.match(health, /^Health Status:\s+Healthy$/m);
      assert.match(health, /^Phase:\s+Failed$/m);
      // A second sync cannot start in the same run, and the terminal says so in one line.
      const again = await type(page, 'argocd app sync checkout-dev');
      assert.match(
        again,
        /has no sync of checkout-dev after .* \(its syncs start at 0\.0 s\); the sandbox cannot start one of its own/,
      );
    }));

  test('terminal: history, Tab completion and one-line errors', () =>
    withPage('?scenario=three-tier', async (page) => {
      const input = page.locator('[data-testid="terminal"]');
      const missing = await type(page, 'kubectl get x');
      assert.equal(missing.trim(), 'error: the server doesn\'t have a resource type "x"');
      await input.fill('kubectl get st');
      await input.press('Tab');
      assert.equal(await input.inputValue(), 'kubectl get statefulsets ');
      await input.fill('');
      await input.press('ArrowUp');
      assert.equal(await input.inputValue(), 'kubectl get x');
      const pipe = await type(page, 'kubectl get pods | wc -l');
      assert.match(pipe, /wc: not available here/);
    }));

  if (full && shots) {
    test('terminal: screenshots at 1280×720 (light and dark) and 390×844', async () => {
      for (const [viewport, colorScheme] of [
        [{ width: 1280, height: 720 }, 'light'],
        [{ width: 1280, height: 720 }, 'dark'],
        [{ width: 390, height: 844 }, 'light'],
      ]) {
        await withPage(
          '?scenario=failing-migration',
          async (page) => {
            await toEnd(page);
            await type(page, 'kubectl -n checkout-dev get pods');
            const input = page.locator('[data-testid="terminal"]');
            await input.fill('kubectl get jobs nope');
            await input.press('Enter');
            await input.fill('argocd app get checkout-dev --show-operation');
            await input.press('Enter');
            await page.evaluate(() =>
              document.getElementById('terminal-title')?.scrollIntoView({ block: 'start' }),
            );
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            assert.ok(overflow <= 0, `the page does not scroll sideways (${overflow} px too wide)`);
            await page.screenshot({
              path: join(results, `terminal-${viewport.width}x${viewport.height}-${colorScheme}.png`),
            });
          },
          { viewport, colorScheme },
        );
      }
    });
  }
  // Issue 32, the learner's third finding: the course's chip `argocd app get … | grep -E 'Phase|Message|Sync Status'`
  // prints no Phase line, faithfully (app.go printHeader prints the operation block only with --show-operation),
  // and the page said nothing of why. On a phone, where the commands are chips to tap.
  test('terminal: the Phase chip without --show-operation prints no Phase line and a note that says why (390×844)', () =>
    withPage(
      '?scenario=failing-migration',
      async (page) => {
        await toEnd(page);
        const chip = page.locator('[data-testid="terminal-chips"] button', {
          hasText: "argocd app get checkout-dev | grep -E 'Phase|Message|Sync Status'",
        });
        assert.match(await chip.getAttribute('title'), /only with --show-operation/);
        await chip.click();
        const note = page.locator('[data-testid="terminal-note"]');
        await note.waitFor();
        assert.equal(
          (await note.textContent()).trim(),
          'No Phase line: “argocd app get” prints the operation (Phase, Message) only with --show-operation, so without it the grep finds only the Sync Status line.',
        );
        const out = await page.locator('[data-testid="terminal-output"]').textContent();
        assert.match(out, /^Sync Status:\s+OutOfSync/m);
        assert.doesNotMatch(out, /^Phase:/m);
        // The note wraps inside the screen: it is prose, not a line of the CLI's output.
        const box = await note.boundingBox();
        assert.ok(box && box.width <= 390, `the note fits the phone's width: ${JSON.stringify(box)}`);
      },
      { viewport: { width: 390, height: 844 } },
    ));

  return cases;
}
