import { describe, expect, it } from 'vitest';
import type { AppOperationEvent } from '../events';
import type { JsonAny } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import { deployment } from '../../../test/kits/simulation.testKit';

/**
 * e2e test/e2e/sync_options_test.go `TestSyncWithStatusIgnored`: a self-healing guestbook stays Synced when Git adds a
 * `status` to its Deployment and when the live status changes. The test sets an ignoreDifferences of `/status` for
 * every kind; since Argo CD 3.0 that is the default (`resource.compareoptions` ignoreResourceStatusField: all), which
 * the sandbox follows, so the same outcome needs no override here.
 */
const guestbook = (status?: JsonAny): RepoRevision => ({
  name: status ? 'with-status' : 'plain',
  files: {
    'guestbook/ui.yaml': [
      {
        object: {
          ...deployment('guestbook-ui', { image: 'gcr.io/heptio-images/ks-guestbook-demo:0.2' }),
          ...(status ? { status } : {}),
        },
      },
    ],
  },
});

describe('e2e TestSyncWithStatusIgnored (test/e2e/sync_options_test.go)', () => {
  it('TestSyncWithStatusIgnored: a status in Git that differs from the live one, and the live status the Deployment controller writes, leave the self-healing app Synced with no self-heal sync: since Argo CD 3.0 status is ignored for every kind by default, so the ignoreDifferences override of the e2e test is not needed', () => {
    const result = runControlPlane({
      repository: guestbook(),
      objects: [application('guestbook', { path: 'guestbook', automated: { selfHeal: true } })],
      // Git's status differs from the live one (observedGeneration 1), as the e2e's live patch to 2 makes them differ.
      actions: [{ at: 60, type: 'commit', revision: guestbook({ observedGeneration: 2 }) }],
      untilSeconds: 400,
    });
    const app = result.applications[0];
    expect(app.status.sync.status).toBe('Synced');
    // The commit moves the revision: the app compares with it (a new revision is synced by auto-sync, as Argo CD
    // does when the revision changes), but the status in Git never makes a resource OutOfSync.
    const outOfSync = result.events.filter(
      (e) => e.type === 'sync-status' && e.kind === 'Deployment' && e.status === 'OutOfSync' && e.t > 0,
    );
    expect(outOfSync).toEqual([]);
    const live = result.live.find((o) => o.kind === 'Deployment')!;
    expect(live.status.observedGeneration).toBe(1);
    const selfHeals = result.events.filter(
      (e): e is AppOperationEvent => e.type === 'app-operation' && e.t > 0 && e.t < 60,
    );
    expect(selfHeals).toEqual([]);
  });
});
