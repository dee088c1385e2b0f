/**
 * controller/appcontroller_test.go: `TestAlreadyAttemptSync` (whether auto-sync has already tried this revision
 * and source), `TestAutoSyncEnabledSetToTrue` (`automated.enabled: true`) and `Test_syncDeleteOption` (which live
 * objects an Application's deletion removes, controller `shouldBeDeleted`).
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import { alreadyAttemptedSync, decideAutoSync } from './autoSync';
import { shouldBeDeleted } from './applicationDeletion';

/** newFakeApp: a single-source app whose last operation synced `aaaa…` of its own source. */
const source = { repoURL: 'https://github.com/argoproj/argocd-example-apps', path: 'some/path' };
const fakeApp = (state: JsonAny | null = {}, spec: JsonAny = {}): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name: 'my-app', namespace: 'argocd' },
  spec: { source, syncPolicy: { automated: {} }, ...spec },
  status:
    state === null
      ? {}
      : {
          operationState: {
            phase: 'Succeeded',
            operation: { sync: { revision: 'aaaa' } },
            syncResult: { revision: 'aaaa', source },
            ...state,
          },
        },
});

describe('controller/appcontroller_test.go TestAlreadyAttemptSync', () => {
  it('TestAlreadyAttemptSync: no operation state: not attempted', () => {
    expect(alreadyAttemptedSync(fakeApp(null), 'aaaa')).toBe(false);
  });

  it('TestAlreadyAttemptSync: no sync result for a running sync: not attempted; for a completed (Error) sync: attempted', () => {
    expect(alreadyAttemptedSync(fakeApp({ syncResult: undefined, phase: 'Running' }), 'aaaa')).toBe(false);
    expect(alreadyAttemptedSync(fakeApp({ syncResult: undefined, phase: 'Error' }), 'aaaa')).toBe(true);
  });

  it('TestAlreadyAttemptSync: single source with changes: the same SHA is attempted, another SHA or an empty one is not', () => {
    const app = fakeApp({ syncResult: { revision: 'sha', source } });
    expect(alreadyAttemptedSync(app, 'sha')).toBe(true);
    expect(alreadyAttemptedSync(app, 'sha2')).toBe(false);
    expect(alreadyAttemptedSync(app, '')).toBe(false);
  });

  it('TestAlreadyAttemptSync: single source, a different manifest (target revision or path) at the same or another SHA is not attempted', () => {
    const branch = fakeApp(
      { syncResult: { revision: 'sha', source: { ...source, targetRevision: 'branch1' } } },
      { source: { ...source, targetRevision: 'branch2' } },
    );
    expect(alreadyAttemptedSync(branch, 'sha')).toBe(false);
    const folder = fakeApp(
      { syncResult: { revision: 'sha1', source: { ...source, path: 'folder1' } } },
      { source: { ...source, path: 'folder2' } },
    );
    expect(alreadyAttemptedSync(folder, 'sha2')).toBe(false);
    expect(alreadyAttemptedSync(folder, 'sha1')).toBe(false);
  });

  it('TestAlreadyAttemptSync: a completed sync with no result is not retried by auto-sync: the SyncError condition instead', () => {
    const app = fakeApp({ syncResult: undefined, phase: 'Error', message: 'manifest generation error' });
    const decision = decideAutoSync({
      app,
      syncStatus: 'OutOfSync',
      resources: [{ status: 'OutOfSync' }],
      revision: 'aaaa',
      nowMs: 0,
    });
    expect(decision).toEqual({
      kind: 'condition',
      message: 'Failed last sync attempt to [aaaa]: manifest generation error',
    });
  });
});

describe('controller/appcontroller_test.go TestAutoSyncEnabledSetToTrue', () => {
  it('TestAutoSyncEnabledSetToTrue: automated.enabled true on an OutOfSync app starts a sync, without prune', () => {
    const decision = decideAutoSync({
      app: fakeApp(null, { syncPolicy: { automated: { enabled: true } } }),
      syncStatus: 'OutOfSync',
      resources: [{ kind: 'Deployment', name: 'guestbook', status: 'OutOfSync' }],
      revision: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      nowMs: 0,
    });
    expect(decision.kind).toBe('sync');
    if (decision.kind === 'sync') expect(decision.operation.sync?.prune).toBe(false);
  });
});

describe('controller/appcontroller_test.go Test_syncDeleteOption', () => {
  const cm = (annotations?: Record<string, string>): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'my-map', namespace: 'default', ...(annotations ? { annotations } : {}) },
  });
  const withDeleteFalse = fakeApp(null, { syncPolicy: { syncOptions: ['Delete=false'] } });

  it('Test_syncDeleteOption: without delete option object is deleted', () => {
    expect(shouldBeDeleted(fakeApp(null), cm())).toBe(true);
  });

  it('Test_syncDeleteOption: with Delete=false or helm.sh/resource-policy keep the object is retained', () => {
    expect(shouldBeDeleted(fakeApp(null), cm({ 'argocd.argoproj.io/sync-options': 'Delete=false' }))).toBe(
      false,
    );
    expect(shouldBeDeleted(fakeApp(null), cm({ 'helm.sh/resource-policy': 'keep' }))).toBe(false);
  });

  it('Test_syncDeleteOption: delete set on the app level', () => {
    expect(shouldBeDeleted(withDeleteFalse, cm({}))).toBe(false);
    // The object's annotation names another option only: the app's Delete=false still decides.
    expect(shouldBeDeleted(withDeleteFalse, cm({ 'argocd.argoproj.io/sync-options': 'Prune=false' }))).toBe(
      false,
    );
  });

  it('Test_syncDeleteOption: delete should be overridden on the resource', () => {
    expect(shouldBeDeleted(withDeleteFalse, cm({ 'argocd.argoproj.io/sync-options': 'Delete=foo' }))).toBe(
      true,
    );
  });
});
