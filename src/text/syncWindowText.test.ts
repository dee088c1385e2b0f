import { describe, expect, it } from 'vitest';
import { terminalOn } from '../../test/kits/terminalRun.testKit';

// cmd/argocd/commands/app.go printAppSummaryTable (the SyncWindow line) and projectwindows.go printSyncWindows,
// on scenarios/sync-window-blocks-release.yaml: a deny window on storefront from t 300 to t 900.
const { run } = terminalOn('sync-window-blocks-release');

describe('the terminal’s sync window commands', () => {
  it('argocd app get says SyncWindow Sync Denied inside the window and Sync Allowed outside it', () => {
    const inside = run('argocd app get storefront', 420).text;
    expect(inside).toMatch(/^SyncWindow: +Sync Denied$/m);
    expect(inside).toMatch(/^Assigned Windows: +deny:5 0 \* \* \*:10m$/m);
    expect(run('argocd app get storefront', 120).text).toMatch(/^SyncWindow: +Sync Allowed$/m);
    // At the window's end exactly it is no longer active (strictly between start and start + duration).
    expect(run('argocd app get storefront', 900).text).toMatch(/^SyncWindow: +Sync Allowed$/m);
  });

  it('argocd proj windows list shows each window, Active or Inactive at the cursor', () => {
    const lines = run('argocd proj windows list shop', 420).text.split('\n');
    expect(lines[0].split(/ {2,}/)).toEqual([
      'ID',
      'STATUS',
      'KIND',
      'SCHEDULE',
      'DURATION',
      'APPLICATIONS',
      'NAMESPACES',
      'CLUSTERS',
      'MANUALSYNC',
      'SYNCOVERRUN',
      'TIMEZONE',
      'USEANDOPERATOR',
    ]);
    expect(lines[1].split(/ {2,}/)).toEqual([
      '0',
      'Active',
      'deny',
      '5 0 * * *',
      '10m',
      'storefront',
      '-',
      '-',
      'Disabled',
      'Disabled',
      'Disabled',
    ]);
    expect(run('argocd proj windows list shop', 60).text).toMatch(/^0 +Inactive +deny/m);
    expect(run('argocd proj windows list nope', 60).text).toMatch(/appprojects.argoproj.io "nope" not found/);
  });

  it('argocd app sync in the window is refused as the API server refuses it', () => {
    expect(run('argocd app sync storefront', 600).text.trim()).toBe(
      'FATA[0000] rpc error: code = PermissionDenied desc = cannot sync: blocked by sync window',
    );
  });
});
