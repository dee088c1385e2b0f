import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';

// argocd-semantics.md §5.6 (what the CLI shows) and §2.18 (a failed PreSync hook leaves the Deployment alone), on
// real runs of the course's scenarios.
const migration = terminalOn('failing-migration');
const smoke = terminalOn('failing-smoke-test');
const threeTier = terminalOn('three-tier');
const end = migration.result.endT;

describe('argocd app get', () => {
  it('--show-operation at the end: Phase Failed, the message, and both hooks in the table', () => {
    const out = migration.run('argocd app get checkout-dev --show-operation', end).text;
    expect(out).toMatch(/^Phase:\s+Failed$/m);
    expect(out).toMatch(/^Message:\s+one or more synchronization tasks completed unsuccessfully$/m);
    expect(out).toMatch(
      /^batch\s+Job\s+checkout-dev\s+checkout-migrate\s+Failed\s+Synced\s+PreSync\s+Job has reached the specified backoff limit$/m,
    );
    expect(out).toMatch(
      /^batch\s+Job\s+checkout-dev\s+checkout-sync-failed\s+Succeeded\s+Synced\s+SyncFail/m,
    );
  });

  it('in the middle of the PreSync hook: Phase Running, and no SyncFail hook yet', () => {
    const out = migration.run('argocd app get checkout-dev --show-operation', 7).text;
    expect(out).toMatch(/^Phase:\s+Running$/m);
    expect(out).toMatch(/^Finished:$/m);
    expect(out).not.toMatch(/checkout-sync-failed/);
  });

  it('without --show-operation there is no operation block, as in the real CLI (printHeader: `if showOperation`)', () => {
    const out = migration.run("argocd app get checkout-dev | grep -E 'Phase|Message|Sync Status'", end).text;
    expect(out).toMatch(/^Sync Status:\s+OutOfSync/);
    expect(out).not.toMatch(/Phase:/);
  });

  it("the course's order table: `sed -n '/^GROUP/,$p'` starts at the header; the migration is a PreSync hook", () => {
    const out = smoke.run(
      "argocd app get checkout-dev --show-operation | sed -n '/^GROUP/,$p'",
      smoke.result.endT,
    ).text;
    const rows = out.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^GROUP\s+KIND\s+NAMESPACE\s+NAME\s+STATUS\s+HEALTH\s+HOOK\s+MESSAGE$/);
    expect(rows.some((r) => /checkout-migrate\s+Succeeded\s+Synced\s+PreSync/.test(r))).toBe(true);
    expect(rows.some((r) => /checkout-smoke-test\s+Failed\s+Synced\s+PostSync/.test(r))).toBe(true);
  });

  it('-o json parses and holds the status at the cursor; an unknown app is NotFound', () => {
    const app = JSON.parse(migration.run('argocd app get checkout-dev -o json', end).text);
    expect(app.status.operationState.phase).toBe('Failed');
    expect(app.status.sync.status).toBe('OutOfSync');
    expect(migration.run('argocd app get nope', end)).toMatchObject({
      failed: true,
      text: 'FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "nope" not found\n',
    });
  });
});

describe('argocd app list, history, sync, wait', () => {
  it("list: one row with Argo CD's columns", () => {
    const [header, row] = migration.run('argocd app list', end).text.trimEnd().split('\n');
    expect(header).toMatch(
      /^NAME\s+CLUSTER\s+NAMESPACE\s+PROJECT\s+STATUS\s+HEALTH\s+SYNCPOLICY\s+CONDITIONS\s+REPO\s+PATH\s+TARGET$/,
    );
    expect(row).toMatch(
      /^argocd\/checkout-dev\s+https:\/\/kubernetes\.default\.svc\s+checkout-dev\s+default\s+OutOfSync\s+Healthy\s+Manual\s+<none>/,
    );
  });

  it('history: only successful syncs are recorded — the earlier 6.7.1, not the failed 6.7.0', () => {
    const out = migration.run('argocd app history checkout-dev', end).text.trimEnd().split('\n');
    expect(out[0]).toBe('SOURCE  sandbox://scenario');
    expect(out[1]).toMatch(/^ID\s+DATE\s+REVISION$/);
    expect(out.slice(2)).toHaveLength(1);
    // printApplicationHistoryTable: the source's target revision, then the SHA deployed (the 6.7.1 commit).
    expect(out[2]).toMatch(/^0\s+2025-12-31 23:\d\d:\d\d \+0000 UTC\s+HEAD \([0-9a-f]{7}\)$/);
    const tt = threeTier.run('argocd app history three-tier', threeTier.result.endT).text;
    expect(tt.trimEnd().split('\n').at(-1)).toMatch(/^\d+\s+2026-01-01 /);
  });

  it('sync at the start waits for the operation: the cursor goes to its end and it exits with the phase', () => {
    const r = migration.run('argocd app sync checkout-dev', 0);
    expect(r.seek).toBeCloseTo(end - 0.05, 0);
    expect(r.failed).toBe(true);
    expect(r.text).toMatch(/FATA\[\d{4}\] Operation has completed with phase: Failed\n$/);
    expect(migration.run('argocd app sync checkout-dev --async', 0)).toMatchObject({
      seek: 0,
      failed: false,
    });
  });

  it('sync while the operation runs is refused as Argo CD refuses it; after it, a second one is not possible here', () => {
    expect(migration.run('argocd app sync checkout-dev', 5).text).toBe(
      'FATA[0000] rpc error: code = FailedPrecondition desc = another operation is already in progress\n',
    );
    expect(migration.run('argocd app sync checkout-dev', end).text).toMatch(
      /the sandbox cannot start one of its own/,
    );
  });

  it('sync after the last one names only the syncs from t 0 on, not the earlier revisions synced before it', () => {
    // failing-migration's 6.7.1 was synced an hour before t 0 (the cluster the run starts from); the page's axis
    // starts at 0, so `-3600.0 s` would name a moment the cursor cannot reach.
    const out = migration.run('argocd app sync checkout-dev', end).text;
    expect(out).toMatch(/\(its syncs start at 0\.0 s\)/);
    expect(out).not.toMatch(/-\d/);
  });

  it('wait --sync --health: moves to the first moment both hold, or says it never happens in this run', () => {
    const { result, run } = threeTier;
    const r = run('argocd app wait three-tier --sync --health', 0);
    expect(r.failed).toBe(false);
    expect(r.seek).toBeGreaterThan(0);
    expect(r.text).toMatch(/^Sync Status:\s+Synced/m);
    expect(r.text).toMatch(/^Health Status:\s+Healthy$/m);
    const at = threeTier.worldAt(r.seek! - 0.001).frame.app;
    expect(at?.sync === 'Synced' && at?.health === 'Healthy').toBe(false);
    expect(r.seek).toBeLessThanOrEqual(result.endT);
    expect(migration.run('argocd app wait checkout-dev --sync --health', 0).text).toMatch(
      /never happens in this run/,
    );
    const timedOut = run('argocd app wait three-tier --sync --health --timeout 5', 0);
    expect(timedOut).toMatchObject({ seek: 5, failed: true });
    // As the CLI, the resources whose state changed on the way come first, under its TIMESTAMP header.
    expect(timedOut.text).toMatch(
      /^TIMESTAMP\s+GROUP\s+KIND\s+NAMESPACE\s+NAME\s+STATUS\s+HEALTH\s+HOOK\s+MESSAGE\n/,
    );
    expect(timedOut.text).toMatch(
      /^2026-01-01T00:00:05\+00:00\s+batch\s+Job\s+three-tier\s+database-migration\s+Running\s+Synced\s+PreSync\s/m,
    );
    expect(timedOut.text).toMatch(/\nFATA\[0005\] timed out \(5s\) waiting for app "three-tier"\n$/);
  });

  it('wait --timeout after the last event never moves the cursor back (22.8 s went to 20.8 s)', () => {
    // The page's axis runs 2 s past the run's last event (failing-migration: 20.8 s, the axis to 22.8 s).
    const shown = Math.ceil((end + 2) * 10) / 10;
    const r = migration.run('argocd app wait checkout-dev --timeout 5', shown);
    expect(r.failed).toBe(true);
    expect(r.seek).toBe(shown);
  });
});
