import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { deployment } from '../../../test/kits/simulation.testKit';

/**
 * e2e test/e2e/app_autosync_test.go `TestAutoSyncRetryAndRefreshEnabled` and
 * `TestAutoSyncRetryAndRefreshEnabledChangedSource`: an auto-synced app retrying forever (`limit: -1`, 1 s apart)
 * meets a commit whose Deployment has `revisionHistoryLimit: badValue`. The API server cannot decode it, so every
 * attempt fails at the apply (clusterPorts.ts, decodingError.ts) and the operation stays Running, retrying. With
 * `retry.refresh` each retry drops the operation's revision and syncs Git's latest (appcontroller.go
 * processRequestedAppOperation L1626-L1631, "Retrying operation with latest revisions"), so a fixed commit pushed
 * meanwhile ends the operation Succeeded, from the source the auto-sync started with.
 */
const ui = (revisionHistoryLimit: JsonAny): KubeObject => {
  const d = deployment('guestbook-ui');
  return { ...d, spec: { ...d.spec, revisionHistoryLimit } };
};
const revision = (name: string, limit: JsonAny): RepoRevision => ({
  name,
  files: {
    'guestbook/guestbook-ui-deployment.yaml': [{ object: ui(limit) }],
    // The e2e's other folder: a Deployment the API server refuses too, so the app's new source never syncs.
    'failure-during-sync/deployment.yaml': [{ object: { ...ui('bad'), metadata: { name: 'other' } } }],
  },
});
const retry = (refresh: boolean) => ({
  limit: -1,
  refresh,
  backoff: { duration: '1s', factor: 1, maxDuration: '1s' },
});
const decodingError =
  'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct ' +
  'field DeploymentSpec.spec.revisionHistoryLimit of type int32';

function run(refresh: boolean, more: ControlPlaneAction[] = [], untilSeconds = 120) {
  const result = runControlPlane({
    repository: revision('main', 10),
    objects: [application('guestbook', { path: 'guestbook', automated: {}, retry: retry(refresh) })],
    actions: [
      { at: 30, type: 'commit', revision: revision('broken', 'badValue') },
      { at: 30, type: 'refresh', app: 'guestbook' },
      ...more,
    ],
    untilSeconds,
  });
  return { result, app: result.applications.find((a) => a.metadata.name === 'guestbook')! };
}
const fixed: ControlPlaneAction[] = [
  { at: 60, type: 'commit', revision: revision('fixed', 42) },
  { at: 60, type: 'refresh', app: 'guestbook' },
];

describe('e2e app_autosync_test.go, retry.refresh', () => {
  it('TestAutoSyncRetryAndRefreshEnabled: the broken commit keeps the operation Running, retried, OutOfSync', () => {
    const { app } = run(true, [], 50);
    const state = app.status.operationState;
    expect(state.phase).toBe('Running');
    // The virtual clock is exact: an attempt and its 1 s back-off, over and over until t 50.
    expect(state.retryCount).toBe(21);
    expect(app.status.sync.status).toBe('OutOfSync');
    // Each attempt fails at the apply, in the API server's words (no reader refused the commit).
    expect(state.message).toMatch(
      /^one or more objects failed to apply, reason: .* of type int32\. Retrying attempt #\d+ at .*\.$/,
    );
    expect(state.syncResult.resources).toMatchObject([
      { kind: 'Deployment', name: 'guestbook-ui', status: 'SyncFailed', message: decodingError },
    ]);
  });

  it('TestAutoSyncRetryAndRefreshEnabled: a fixed commit pushed while retrying is picked up; Succeeded and Synced', () => {
    const { result, app } = run(true, fixed);
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.sync.status).toBe('Synced');
    const live = result.live.find((o) => o.kind === 'Deployment' && o.metadata.name === 'guestbook-ui');
    expect(live?.spec.revisionHistoryLimit).toBe(42);
    const retrying = result.events.filter(
      (e) =>
        e.type === 'operation' && e.message.startsWith('Retrying operation with latest revisions. Attempt #'),
    );
    expect(retrying.length).toBe(30);
    const failures = result.events.filter((e) => e.type === 'result' && e.status === 'SyncFailed');
    expect(failures.map((e) => e.type === 'result' && e.message)).toContain(decodingError);
  });

  it('without retry.refresh the retries re-run the broken revision and never succeed', () => {
    const { app } = run(false, fixed);
    expect(app.status.operationState.phase).toBe('Running');
    expect(app.status.operationState.message).not.toContain('with latest revisions');
    expect(app.status.history).toHaveLength(1);
  });

  it('TestAutoSyncRetryAndRefreshEnabledChangedSource: the retry keeps the source the auto-sync started with', () => {
    const moved: ControlPlaneAction = {
      at: 55,
      type: 'kubectl-apply',
      objects: [application('guestbook', { path: 'failure-during-sync', automated: {}, retry: retry(true) })],
    };
    const { app } = run(true, [moved, ...fixed]);
    // The history holds the first sync and the retried one, both of the original folder.
    expect(app.status.history.map((h: JsonAny) => h.source.path)).toEqual(['guestbook', 'guestbook']);
  });
});
