// Browser cases for the terminal on control-plane runs: the course module's step 5, the revert, typed as
// the module writes it on the `revert` scenario (two operations and a commit in one run, each Application read
// from the run's object history at the cursor), and the "break it on purpose" exercise's step 3.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  openPage,
  readEndT,
  readState,
  readT,
  scrubTo,
  typeInTerminal as type,
  pageOpener,
} from './pageHelpers.mjs';

export function revertTerminalCases({ browser, base, results, shots }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('terminal revert: course steps 4–5 on the revert scenario — Failed in PreSync, git revert, wait succeeds', () =>
    withPage('?scenario=revert', async (page) => {
      // Step 4, after the 6.7.0 sync failed: the operation at the cursor, not the run's last one.
      await scrubTo(page, 100);
      const op = await type(
        page,
        "argocd app get checkout-dev --show-operation | grep -E 'Phase|Message|Sync Status'",
      );
      assert.match(op, /^Sync Status:\s+OutOfSync to [0-9a-f]{7}$/m);
      assert.match(op, /^Phase:\s+Failed$/m);
      assert.match(op, /^Message:\s+one or more synchronization tasks completed unsuccessfully$/m);
      const image = await type(
        page,
        "kubectl -n checkout-dev get deploy checkout -o jsonpath='{.spec.template.spec.containers[0].image}'; echo",
      );
      assert.equal(image.trim(), 'ghcr.io/stefanprodan/podinfo:6.7.1');
      const report = await type(page, 'kubectl -n checkout-dev logs job/checkout-sync-failed');
      assert.match(report, /sync of checkout-dev failed: PreSync hook checkout-migrate failed/);
      const before = await type(page, 'argocd app history checkout-dev');
      assert.equal(before.trim().split('\n').length, 3, before);

      // Step 5 as written. The sandbox cannot run git: the revert is the scenario's next commit.
      const reverted = await type(page, 'git revert --no-edit HEAD && git push -q');
      assert.match(reverted, /next commit is “revert 6\.7\.0” \([0-9a-f]{7}\) at 120\.0 s/);
      assert.equal(await readT(page), 120);
      assert.equal((await type(page, 'argocd app get checkout-dev --refresh >/dev/null')).trim(), '');
      const waited = await type(page, 'argocd app wait checkout-dev --sync --health --timeout 240');
      assert.match(waited, /^Name:\s+argocd\/checkout-dev$/m);
      assert.match(waited, /^Sync Status:\s+Synced to [0-9a-f]{7}$/m);
      assert.match(waited, /^Health Status:\s+Healthy$/m);
      assert.doesNotMatch(waited, /FATA/);
      const t = await readT(page);
      assert.ok(t > 120 && t < 240, `the cursor moved to the moment it holds (${t})`);
      if (shots) {
        await page.evaluate(() =>
          document.getElementById('terminal-title')?.scrollIntoView({ block: 'start' }),
        );
        await page.screenshot({ path: join(results, 'terminal-revert-wait-1280x720-light.png') });
      }

      // At the end the revert's sync has succeeded: two entries in the history, the page says Succeeded.
      await scrubTo(page, await readEndT(page));
      const after = await type(page, 'argocd app history checkout-dev');
      assert.match(after, /^1\s+2026-01-01 00:02:\d\d \+0000 UTC\s+main \([0-9a-f]{7}\)$/m);
      const done = await type(page, 'argocd app get checkout-dev --show-operation | grep Phase');
      assert.match(done, /^Phase:\s+Succeeded$/m);
      assert.equal((await readState(page)).phase, 'Succeeded');
    }));

  test('terminal revert: break it on purpose, step 3 as written — the hooks’ logs, the revert, the sync', () =>
    withPage('?scenario=failing-smoke-test', async (page) => {
      await scrubTo(page, await readEndT(page));
      const tail = await type(page, 'kubectl -n checkout-dev logs job/checkout-smoke-test | tail -2');
      assert.equal(tail.trim().split('\n').length, 2, tail);
      assert.match(tail, /503/);
      const report = await type(page, 'kubectl -n checkout-dev logs job/checkout-sync-failed');
      assert.match(report, /notified #team-checkout/);
      // One scenario holds one sync: the commands that would start another say so in one line each.
      const cd = await type(page, 'cd ~/work/checkout-config');
      assert.equal(cd.trim().split('\n').length, 1);
      const revert = await type(page, 'git revert --no-edit HEAD && git push -q');
      assert.match(revert, /^git: not available here/m);
      assert.equal((await type(page, 'argocd app get checkout-dev --refresh >/dev/null')).trim(), '');
      const sync = await type(page, 'argocd app sync checkout-dev');
      assert.match(sync, /the sandbox cannot start one of its own/);
      const health = await type(page, "argocd app get checkout-dev | grep -E 'Phase|Health Status'");
      assert.match(health, /^Health Status:\s+Healthy$/m);
    }));

  test('terminal revert: a run of several Applications lists each one as it is at the cursor', () =>
    withPage('?scenario=app-of-apps', async (page) => {
      const start = await type(page, 'argocd app list -o name');
      await scrubTo(page, await readEndT(page));
      const end = await type(page, 'argocd app list');
      const rows = end.trim().split('\n');
      assert.match(rows[0], /^NAME\s+CLUSTER\s+NAMESPACE\s+PROJECT\s+STATUS\s+HEALTH\s+SYNCPOLICY/);
      assert.ok(rows.length > 2, end);
      assert.ok(
        rows.slice(1).every((r) => /\sSynced\s+Healthy\s/.test(r)),
        end,
      );
      assert.ok(start.trim().split('\n').length < rows.length - 1, 'the children appear later than t 0');
    }));
  return cases;
}

/** The retried operation's attempts on the timeline (argocd-semantics.md §5.3), on auto-sync-refuses-retry. */
export function retryLaneCases({ browser, base, results, shots }) {
  const cases = [];
  cases.push({
    name: 'timeline retry attempts: each attempt and the back-off in a band of its own, in Argo CD’s words',
    fn: async () => {
      for (const [viewport, colorScheme] of [
        [{ width: 1280, height: 720 }, 'light'],
        ...(shots
          ? [
              [{ width: 1024, height: 768 }, 'dark'],
              [{ width: 390, height: 844 }, 'light'],
            ]
          : []),
      ]) {
        const record = await openPage(browser, base, '?scenario=auto-sync-refuses-retry', {
          viewport,
          colorScheme,
        });
        const { page } = record;
        try {
          await scrubTo(page, await readEndT(page));
          const spans = await page.$$eval('rect.tl-attempt', (rects) =>
            rects.map((r) => ({
              kind: r.getAttribute('data-kind'),
              n: Number(r.getAttribute('data-attempt')),
              title: r.querySelector('title')?.textContent,
              width: Number(r.getAttribute('width')),
            })),
          );
          assert.deepEqual(
            spans.map((s) => [s.kind, s.n, s.title]),
            [
              ['attempt', 0, 'first attempt'],
              ['backoff', 1, 'Retrying attempt #1 at 12:00AM'],
              ['attempt', 1, 'Attempt #1'],
            ],
          );
          assert.ok(
            spans.every((s) => s.width > 0),
            JSON.stringify(spans),
          );
          if (viewport.width >= 1024) {
            const labels = await page.$$eval('[data-testid="timeline-attempt"]', (ts) =>
              ts.filter((t) => t.getAttribute('display') !== 'none').map((t) => t.textContent),
            );
            assert.ok(
              labels.includes('Attempt #1') || labels.includes('#1'),
              `attempt #1 is named on the plot: ${labels.join(' | ')}`,
            );
          }
          // A run without retries has no attempt layer at all.
          if (viewport.width === 1280) {
            const other = await openPage(browser, base, '?scenario=failing-migration');
            assert.equal(await other.page.$$eval('g.layer-attempts', (g) => g.length), 0);
            await other.close();
          }
          if (shots) {
            await page.evaluate(() =>
              document.querySelector('rect.tl-attempt')?.scrollIntoView({ block: 'center' }),
            );
            await page.screenshot({
              path: join(results, `retry-attempts-${viewport.width}x${viewport.height}-${colorScheme}.png`),
            });
          }
          assert.deepEqual(record.errors, [], 'no console error');
        } finally {
          await record.close();
        }
      }
    },
  });
  return cases;
}
