import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../../test/kits/terminalRun.testKit';

// The course module's step 5 on the revert scenario, a control-plane run (runControlPlane): two operations after
// the first, a commit between them. Each Application is read from the run's object history at the cursor
// (argocd-semantics.md §5.0 status written back, §5.4 history only for Succeeded syncs, §5.6 what the CLI shows).
const revert = terminalOn('revert');
const { result, run } = revert;
const ops = result.events.filter((e) => e.type === 'operation' && e.phase !== 'Running');
const failedAt = ops[1].t;
const succeededAt = ops[2].t;

describe('the terminal on a control-plane run (revert)', () => {
  it('argocd app get at the failed sync: Phase Failed, that operation’s own start and finish, OutOfSync', () => {
    const out = run('argocd app get checkout-dev --show-operation', failedAt).text;
    expect(out).toMatch(/^Phase:\s+Failed$/m);
    expect(out).toMatch(/^Start:\s+2026-01-01 00:01:01 \+0000 UTC$/m);
    expect(out).toMatch(/^Finished:\s+2026-01-01 00:01:\d\d \+0000 UTC$/m);
    expect(out).toMatch(/^Sync Status:\s+OutOfSync to [0-9a-f]{7}$/m);
    expect(out).toMatch(
      /^batch\s+Job\s+checkout-dev\s+checkout-sync-failed\s+Succeeded\s+Synced\s+SyncFail/m,
    );
  });

  it('the image is still 6.7.1 after the failed sync; both hooks left their logs', () => {
    const image = run(
      "kubectl -n checkout-dev get deploy checkout -o jsonpath='{.spec.template.spec.containers[0].image}'; echo",
      failedAt + 1,
    ).text;
    expect(image).toBe('ghcr.io/stefanprodan/podinfo:6.7.1\n');
    expect(run('kubectl -n checkout-dev logs job/checkout-migrate', failedAt + 1).text).toMatch(
      /ERROR: column orders.total does not exist/,
    );
    expect(run('kubectl -n checkout-dev logs job/checkout-sync-failed', failedAt + 1).text).toMatch(
      /PreSync hook checkout-migrate failed/,
    );
  });

  it('history grows with the successful syncs only, printed as `main (sha)`', () => {
    const before = run('argocd app history checkout-dev', 100).text.trimEnd().split('\n');
    expect(before.slice(2)).toHaveLength(1);
    const after = run('argocd app history checkout-dev', result.endT).text.trimEnd().split('\n');
    expect(after[0]).toBe('SOURCE  https://github.com/example/checkout-config.git');
    expect(after[1]).toMatch(/^ID\s+DATE\s+REVISION$/);
    expect(after.slice(2)).toHaveLength(2);
    expect(after[3]).toMatch(
      new RegExp(
        `^1\\s+2026-01-01 00:02:\\d\\d \\+0000 UTC\\s+main \\(${result.application.status.sync.revision.slice(0, 7)}\\)$`,
      ),
    );
  });

  it('step 5 as written: git revert moves to the revert commit, wait prints the final status', () => {
    const line = run('git revert --no-edit HEAD && git push -q', failedAt + 5);
    expect(line.seek).toBe(120);
    expect(line.failed).toBe(false);
    expect(line.text).toMatch(
      /^git: the sandbox cannot run git; this scenario's next commit is “revert 6\.7\.0” \([0-9a-f]{7}\) at 120\.0 s/,
    );
    expect(run('argocd app get checkout-dev --refresh >/dev/null', 120).text).toBe('');
    const waited = run('argocd app wait checkout-dev --sync --health --timeout 240', 120);
    expect(waited.failed).toBe(false);
    expect(waited.seek).toBeGreaterThan(120);
    expect(waited.seek).toBeLessThanOrEqual(succeededAt);
    // The CLI flushes its TIMESTAMP table only after a change that is not yet the state waited for.
    expect(waited.text.split('\n')[0]).toBe('');
    expect(waited.text).toMatch(/^Sync Status:\s+Synced to [0-9a-f]{7}$/m);
    expect(waited.text).toMatch(/^Health Status:\s+Healthy$/m);
    // No later commit: git says so in one line.
    expect(run('git revert --no-edit HEAD', 130).text).toMatch(/no commit after 130\.0 s/);
  });

  it('sync at the cursor is the run’s next sync of that app; during one it is refused; after the last, said plainly', () => {
    const next = run('argocd app sync checkout-dev', 100);
    expect(next.seek).toBe(succeededAt);
    expect(next.text.split('\n')[0]).toMatch(/next sync of checkout-dev, started at 121\.0 s/);
    expect(next.text).toMatch(/^Phase:\s+Succeeded$/m);
    expect(run('argocd app sync checkout-dev', 65).text).toMatch(/another operation is already in progress/);
    expect(run('argocd app sync checkout-dev', result.endT).text).toMatch(/no sync of checkout-dev after/);
    const failed = run('argocd app sync checkout-dev', 60.5);
    expect(failed).toMatchObject({ failed: true, seek: failedAt });
    expect(failed.text).toMatch(/Operation has completed with phase: Failed\n$/);
  });

  it('argocd app list: the app as it is at the cursor, with the shared table', () => {
    const [header, row] = run('argocd app list', 100).text.trimEnd().split('\n');
    expect(header).toMatch(/^NAME\s+CLUSTER\s+NAMESPACE\s+PROJECT\s+STATUS\s+HEALTH\s+SYNCPOLICY/);
    expect(row).toMatch(
      /^argocd\/checkout-dev\s+\S+\s+checkout-dev\s+default\s+OutOfSync\s+Healthy\s+Manual\s+<none>\s+\S+\s+envs\/dev\s+main$/,
    );
    expect(run('argocd app get nope', 100).text).toMatch(/"nope" not found/);
  });
});
