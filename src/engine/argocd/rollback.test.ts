import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { eventsOf } from '../../../test/kits/eventQueries.testKit';
import { clusterAt } from '../simulation/objectHistory';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { deployment, job, service } from '../../../test/kits/simulation.testKit';

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

function run(actions: ControlPlaneAction[], app: JsonAny = application('guestbook', { path: 'guestbook' })) {
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

  it('TestAppRollbackSuccessful, history as the e2e test builds it: status.history patched to ids 1 (the synced revision) and 2 ("cdb"), rollback 1 → Succeeded, two results, three entries', () => {
    // app_management_test.go TestAppRollbackSuccessful: CreateApp().Sync(), then the Application is patched (a
    // merge patch of the Application itself: its CRD has no status subresource) so that status.history holds
    // id 1, the synced revision deployed a minute ago, and id 2, revision "cdb" two minutes ago; then
    // `argocd app rollback NAME 1`.
    const synced = run([]).app;
    const sha: string = synced.status.sync.revision;
    const source = synced.spec.source;
    const history = [
      { id: 1, revision: sha, deployedAt: '2025-12-31T23:59:00Z', source },
      { id: 2, revision: 'cdb', deployedAt: '2025-12-31T23:58:00Z', source },
    ];
    const patch = JSON.stringify({ status: { history } });
    const { app, result } = run([
      {
        at: 60,
        type: 'intervention',
        command: `kubectl -n argocd patch application guestbook --type merge -p '${patch}'`,
      },
      { at: 120, type: 'rollback', app: 'guestbook', id: 1 },
    ]);
    // The patch is kept: the controller's next status writes leave the patched history in place.
    const patched = clusterAt(result.objects, 119).find((o) => o.kind === 'Application')?.status?.history;
    expect(patched.map((h: JsonAny) => h.id)).toEqual([1, 2]);
    expect(result.warnings).toEqual([]);
    expect(
      eventsOf(result.events, 'operation').filter((e) => e.t >= 120 && e.phase === 'Running'),
    ).not.toEqual([]);
    expect(app.status.sync.status).toBe('Synced');
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.operationState.syncResult.resources).toHaveLength(2);
    expect(app.status.history.map((h: JsonAny) => [h.id, h.revision])).toEqual([
      [1, sha],
      [2, 'cdb'],
      [3, sha],
    ]);
  });

  it('rolls back to an older commit: its manifests are applied, and the app is OutOfSync with Git again', () => {
    const { app, result } = run([
      { at: 60, type: 'commit', revision: guestbook('0.2') },
      { at: 61, type: 'sync', app: 'guestbook' },
      { at: 200, type: 'rollback', app: 'guestbook', id: 0 },
    ]);
    const image = result.live.find((o) => o.kind === 'Deployment')?.spec.template.spec.containers[0].image;
    expect(image).toBe('gcr.io/heptio-images/ks-guestbook-demo:0.1');
    expect(app.status.history.map((h: JsonAny) => h.revision)).toEqual([
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

/**
 * `argocd app rollback NAME [ID]` typed as a command (cmd/argocd/commands/app.go NewApplicationRollbackCommand,
 * findRevisionHistory; server/application/application.go Rollback): the ID is optional, an unknown one is the CLI's
 * own fatal error, and the rollback's apply strategy runs no hook.
 */
describe('argocd app rollback as the CLI runs it', () => {
  const hooked = (version: string): RepoRevision => ({
    name: version,
    files: {
      'guestbook/ui.yaml': [
        {
          object: deployment('guestbook-ui', { image: `gcr.io/heptio-images/ks-guestbook-demo:${version}` }),
        },
      ],
      'guestbook/migrate.yaml': [{ object: job('migrate', { hook: 'PreSync', runSeconds: 1 }) }],
    },
  });
  function typed(commands: { at: number; command: string }[], extra: ControlPlaneAction[] = []) {
    const result = runControlPlane({
      repository: hooked('0.1'),
      objects: [application('guestbook', { path: 'guestbook' })],
      actions: [...extra, ...commands.map((c) => ({ ...c, type: 'intervention' as const }))],
      untilSeconds: 600,
    });
    const outputs = result.events.flatMap((e) => (e.type === 'intervention' ? [e.output] : []));
    const app = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    return { result, outputs, app };
  }

  it('without an ID and one deployment: "should have at least two successful deployments" (findRevisionHistory)', () => {
    expect(typed([{ at: 60, command: 'argocd app rollback guestbook' }]).outputs).toEqual([
      "FATA[0000] application 'guestbook' should have at least two successful deployments",
    ]);
  });

  it('without an ID: back to the entry before the last, the older commit', () => {
    const { app, result, outputs } = typed(
      [{ at: 200, command: 'argocd app rollback guestbook' }],
      [
        { at: 60, type: 'commit', revision: hooked('0.2') },
        { at: 61, type: 'sync', app: 'guestbook' },
      ],
    );
    expect(outputs).toEqual(['']);
    expect(app.status.operationState.operation.sync.revision).toBe(app.status.history[0].revision);
    const image = result.live.find((o) => o.kind === 'Deployment')?.spec.template.spec.containers[0].image;
    expect(image).toBe('gcr.io/heptio-images/ks-guestbook-demo:0.1');
  });

  it('an unknown ID fails in the CLI itself: "does not have deployment id \'7\' in history"', () => {
    expect(typed([{ at: 60, command: 'argocd app rollback guestbook 7' }]).outputs).toEqual([
      "FATA[0000] application 'guestbook' does not have deployment id '7' in history",
    ]);
  });

  it('Rollback writes the apply strategy (application.go L2317), so the PreSync hook does not run again', () => {
    const { result, app } = typed(
      [{ at: 120, command: 'argocd app rollback guestbook 0' }],
      [{ at: 60, type: 'sync', app: 'guestbook' }],
    );
    expect(app.status.operationState.operation.sync.syncStrategy).toEqual({ apply: {} });
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(result.events.filter((e) => e.type === 'apply' && e.hook && e.t >= 120)).toEqual([]);
    // The sync at 60 s, a hook strategy, ran it.
    expect(result.events.some((e) => e.type === 'apply' && e.hook && e.t >= 60 && e.t < 120)).toBe(true);
  });
});
