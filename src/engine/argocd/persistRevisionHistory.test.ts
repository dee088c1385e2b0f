/**
 * controller/state_test.go `Test_appStateManager_persistRevisionHistory` and controller/sync_test.go
 * `TestPersistRevisionHistory`: each sync appends an entry to `status.history`, trimmed to
 * `spec.revisionHistoryLimit` (10 when unset, none when 0 or less), recording the revision and the app's source.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import type { RevisionHistory } from './applicationTypes';
import type { RepoRevision } from './repository';
import { withHistoryEntry } from './revisionHistory';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../simulation/runControlPlane';

describe('persistRevisionHistory', () => {
  it('Test_appStateManager_persistRevisionHistory: ten entries by default, then 11, then 9 as the limit moves; none at -1', () => {
    const app: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: {},
      spec: {},
    };
    let history: RevisionHistory[] = [];
    let id = 0;
    const add = () => {
      history = withHistoryEntry(history, { id: id++, revision: 'my-revision', deployedAt: '' }, app);
      return history.length;
    };
    expect(Array.from({ length: 10 }, add)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(add()).toBe(10); // default limit is 10
    app.spec.revisionHistoryLimit = 11;
    expect(add()).toBe(11);
    app.spec.revisionHistoryLimit = 9;
    expect(add()).toBe(9);
    app.spec.revisionHistoryLimit = 0; // the Go test's setRevisionHistoryLimit(-1) stores 0
    expect(add()).toBe(0);
  });

  it('TestPersistRevisionHistory: a sync of an app with no manifests records one entry with its revision and source', () => {
    const repo: RepoRevision = { name: 'abc123', files: { 'app/.keep': [] } };
    const app = application('my-app', { path: 'app' });
    const result = runControlPlane({ repository: repo, objects: [app], untilSeconds: 30 });
    const status = result.applications.find((a) => a.metadata.name === 'my-app')!.status;
    expect(status.operationState.syncResult.source).toEqual(app.spec.source);
    expect(status.history).toHaveLength(1);
    expect(status.history[0]).toMatchObject({
      source: app.spec.source,
      revision: commitOfAbc123,
    });
    expect(status.operationState.syncResult.revision).toBe(commitOfAbc123);
  });
});

/** The commit the sandbox's repository makes of the revision named "abc123" (repository.ts `commitSha`). */
const commitOfAbc123 = 'a16d2706205e1d736a84d97051d3ff112309b56a';

describe('controller/sync_test.go', () => {
  it('TestPersistRevisionHistoryRollback: an operation naming its own source records that source in syncResult and history', () => {
    const repo: RepoRevision = { name: 'abc123', files: { 'app/.keep': [] } };
    const app = application('my-app', { path: 'app' });
    // The Go test's operation names a source of its own (a rollback's): the app's, with a Helm parameter.
    const source = { ...app.spec.source, helm: { parameters: [{ name: 'test', value: '123' }] } };
    const withOperation: KubeObject = {
      ...app,
      operation: { sync: { source }, initiatedBy: { username: 'admin' } },
    };
    const result = runControlPlane({
      repository: repo,
      objects: [],
      actions: [{ at: 1, type: 'kubectl-apply', objects: [withOperation] }],
      untilSeconds: 30,
    });
    const status = result.applications.find((a) => a.metadata.name === 'my-app')!.status;
    expect(status.operationState.phase).toBe('Succeeded');
    expect(status.operationState.syncResult.source).toEqual(source);
    expect(status.history).toHaveLength(1);
    expect(status.history[0].source).toEqual(source);
    // Git's revision, in both places, not merely the same value twice.
    expect(status.history[0].revision).toBe(commitOfAbc123);
    expect(status.operationState.syncResult.revision).toBe(commitOfAbc123);
  });
});
