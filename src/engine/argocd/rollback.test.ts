import { describe, expect, it } from 'vitest';
import type { Json } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../simulation/controlPlaneTestKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { deployment, service } from '../simulation/testKit';

/**
 * `argocd app rollback NAME ID` (server/application/application.go `Rollback`): a sync of the revision and source
 * a history entry recorded, refused while auto-sync is on or for an id the history does not have.
 */
const guestbook = (version: string): RepoRevision => ({
  name: version,
  files: {
    'guestbook/ui.yaml': [
      { object: deployment('guestbook-ui', { image: `gcr.io/heptio-images/ks-guestbook-demo:${version}` }) },
      { object: service('guestbook-ui') },
    ],
  },
});

function run(actions: ControlPlaneAction[], app: Json = application('guestbook', { path: 'guestbook' })) {
  const result = runControlPlane({
    repository: guestbook('0.1'),
    objects: [app],
    actions,
    untilSeconds: 600,
  });
  return { result, app: result.applications.find((a) => a.metadata.name === 'guestbook')! };
}

describe('argocd app rollback', () => {
  it('TestAppRollbackSuccessful: a rollback to the deployed revision syncs it again, Succeeded, Synced, 3 history entries', () => {
    // Created and synced at t 0 (id 0); synced again (id 1, the same revision); then rolled back to id 0.
    const { app } = run([
      { at: 60, type: 'sync', app: 'guestbook' },
      { at: 120, type: 'rollback', app: 'guestbook', id: 0 },
    ]);
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.operationState.syncResult.resources).toHaveLength(2);
    expect(app.status.history).toHaveLength(3);
    expect(app.status.operationState.operation.sync).toMatchObject({
      revision: app.status.history[0].revision,
      source: app.status.history[0].source,
    });
  });

  it('rolls back to an older commit: its manifests are applied, and the app is OutOfSync with Git again', () => {
    const { app, result } = run([
      { at: 60, type: 'commit', revision: guestbook('0.2') },
      { at: 61, type: 'sync', app: 'guestbook' },
      { at: 200, type: 'rollback', app: 'guestbook', id: 0 },
    ]);
    const image = result.live.find((o) => o.kind === 'Deployment')?.spec.template.spec.containers[0].image;
    expect(image).toBe('gcr.io/heptio-images/ks-guestbook-demo:0.1');
    expect(app.status.history.map((h: Json) => h.revision)).toEqual([
      app.status.history[0].revision,
      app.status.sync.revision,
      app.status.history[0].revision,
    ]);
    expect(app.status.history[0].revision).not.toBe(app.status.sync.revision);
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.sync.status).toBe('OutOfSync');
  });

  it('is refused while auto-sync is enabled, and for an id the history does not have', () => {
    const automated = application('guestbook', { path: 'guestbook', automated: { prune: false } });
    expect(run([{ at: 60, type: 'rollback', app: 'guestbook', id: 0 }], automated).result.warnings).toContain(
      'rollback guestbook 0: rollback cannot be initiated when auto-sync is enabled',
    );
    const { result, app } = run([{ at: 60, type: 'rollback', app: 'guestbook', id: 7 }]);
    expect(result.warnings).toContain(
      'rollback guestbook 7: application argocd/guestbook does not have deployment with id 7',
    );
    expect(app.status.history).toHaveLength(1);
  });
});
