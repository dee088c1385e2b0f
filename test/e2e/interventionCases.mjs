// Browser cases for interventions: typed in the terminal at the cursor, run again in the worker,
// marked on the lanes, undone, and carried by the link across a reload.
import assert from 'node:assert/strict';
import { openPage, readEndT, reloadPage, scrubTo, typeInTerminal as type } from './pageHelpers.mjs';

export function interventionCases({ browser, base }) {
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });

  test('intervention walk: kubectl delete deploy on drift-self-heal — OutOfSync, self-heal, Synced/Healthy, in the link', async () => {
    const record = await openPage(browser, base, '?scenario=drift-self-heal');
    const { page } = record;
    try {
      await scrubTo(page, 40);
      const deleted = await type(page, 'kubectl delete deploy checkout');
      assert.equal(deleted.trim(), 'deployment.apps "checkout" deleted');
      await page.locator('[data-testid="intervention-mark"]').first().waitFor();
      // OutOfSync at the moment of the deletion, and a self-heal started in the same second (handleObjectUpdated).
      const op = await type(
        page,
        'argocd app get checkout --show-operation | grep -E "Phase|Sync Status|Health Status"',
      );
      assert.match(op, /^Phase:\s+(Running|Succeeded)$/m);
      await scrubTo(page, 50);
      const healed = await type(page, 'argocd app get checkout | grep -E "Sync Status|Health Status"');
      assert.match(healed, /^Sync Status:\s+Synced to [0-9a-f]{7}$/m);
      assert.match(healed, /^Health Status:\s+Healthy$/m);
      const pods = await type(page, 'kubectl get deploy checkout');
      assert.match(pods, /^checkout\s+2\/2/m);
      // The link carries the intervention; a reload replays it.
      await page.waitForFunction(() => location.search.includes('do='));
      await reloadPage(page);
      await page.locator('[data-testid="intervention-mark"]').first().waitFor();
      const marks = await page.locator('[data-testid="intervention-mark"]').count();
      assert.equal(marks, 3, 'the typed deletion and the scenario’s own two interventions');
      // undo takes it back.
      const undone = await type(page, 'undo');
      assert.match(undone, /^undone: kubectl delete deploy checkout \(at 40\.0 s\)$/m);
      await page.waitForFunction(() => !location.search.includes('do='));
      assert.deepEqual(record.errors, [], 'no console error');
    } finally {
      await record.close();
    }
  });

  test('intervention refused: kubectl delete of an unknown object prints kubectl’s error and changes nothing', async () => {
    const record = await openPage(browser, base, '?scenario=drift-self-heal');
    const { page } = record;
    try {
      await scrubTo(page, 30);
      const out = await type(page, 'kubectl delete deploy nope');
      assert.equal(out.trim(), 'Error from server (NotFound): deployments.apps "nope" not found');
      assert.ok(!page.url().includes('do='));
      assert.deepEqual(record.errors, [], 'no console error');
    } finally {
      await record.close();
    }
  });

  // A single-app scenario is a run of the control plane: the same walk works on three-tier, its one Application
  // synced by hand, once self-heal is switched on (e2e TestAutoSyncSelfHealEnabled).
  test('intervention on a single-app scenario: three-tier, self-heal on, kubectl delete deploy frontend — self-heal creates it again, Synced/Healthy', async () => {
    const record = await openPage(browser, base, '?scenario=three-tier');
    const { page } = record;
    try {
      // The run ends soon after its sync Succeeded (53.1 s): both commands are typed just after it.
      await scrubTo(page, 53.2);
      const set = await type(page, 'argocd app set three-tier --sync-policy automated --self-heal');
      assert.doesNotMatch(set, /interventions change|error/i);
      await scrubTo(page, 53.3);
      const deleted = await type(page, 'kubectl delete deploy frontend');
      assert.equal(deleted.trim(), 'deployment.apps "frontend" deleted');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="intervention-mark"]').length === 2,
      );
      // Without lanes the marks are a row that names each command's moment: "53.3 s kubectl …", not "53.3 skubectl".
      assert.deepEqual(
        await page.$$eval('[data-testid="intervention-mark"]', (marks) =>
          marks.map((m) => m.textContent.trim()),
        ),
        [
          '▲ 53.2 s argocd app set three-tier --sync-policy automated --self-heal',
          '▲ 53.3 s kubectl delete deploy frontend',
        ],
      );
      // Self-heal syncs the Deployment back in the same second; the run's end has it Healthy again, and the
      // Deployment live then is a new one, created after the deletion (the first was created at 43 s).
      await scrubTo(page, await readEndT(page));
      const created = await type(
        page,
        "kubectl get deploy frontend -o jsonpath='{.metadata.creationTimestamp}'; echo",
      );
      assert.match(created.trim(), /^2026-01-01T00:00:5[3-9]Z$/);
      const healed = await type(page, 'argocd app get three-tier | grep -E "Sync Status|Health Status"');
      assert.match(healed, /^Sync Status:\s+Synced to /m);
      assert.match(healed, /^Health Status:\s+Healthy$/m);
      await page.waitForFunction(() => location.search.includes('do='));
      assert.deepEqual(record.errors, [], 'no console error');
    } finally {
      await record.close();
    }
  });

  // Issue 32, the learner's first finding: after the Deployment is deleted at 5 s, "Why did it end?", the call-out
  // and the summary said the previous version keeps running Healthy. It is gone: OutOfSync and Missing, not counted
  // in the app's health (controller/health.go setApplicationHealth), and the app has no automated sync policy, so
  // nothing re-creates it (appcontroller.go autoSync, argocd-semantics §5.4).
  test('intervention explained: kubectl delete deploy checkout at 5 s of failing-migration — "Why did it end?", the call-out and the summary say it is Missing and why nothing re-creates it', async () => {
    const record = await openPage(browser, base, '?scenario=failing-migration');
    const { page } = record;
    try {
      await scrubTo(page, 5);
      const deleted = await type(page, 'kubectl -n checkout-dev delete deploy checkout');
      assert.equal(deleted.trim(), 'deployment.apps "checkout" deleted');
      await page.locator('[data-testid="intervention-mark"]').first().waitFor();
      await scrubTo(page, await readEndT(page));
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="why-title"]')?.textContent?.includes('Why did it end?'),
      );
      const said = {
        why: await page.locator('[data-testid="why-waiting"]').textContent(),
        callout: await page.locator('[data-testid="callout"]').textContent(),
        summary: await page.locator('[data-testid="summary"]').textContent(),
      };
      for (const [where, text] of Object.entries(said)) {
        assert.doesNotMatch(text, /keeps running/, `${where}: ${text}`);
        assert.match(
          text,
          /deleted Deployment\/checkout: it no longer exists, so Argo CD shows it OutOfSync and Missing/,
          where,
        );
        assert.match(text, /Nothing puts it back: the app has no automated sync policy/, where);
      }
      assert.deepEqual(record.errors, [], 'no console error');
    } finally {
      await record.close();
    }
  });

  return cases;
}
