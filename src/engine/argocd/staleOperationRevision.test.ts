import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import { configMap } from '../../../test/kits/simulation.testKit';

/**
 * An operation written without a revision (`sync: {}`) syncs Git's revision at the moment it starts, not the one
 * the last sync used (e2e TestStaleOperationRevisionNotUsedNewSync).
 */
const invalidLabel: KubeObject = {
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name: 'failure-during-sync', labels: { 'my-label': 'has-inva/id-character!' } },
};
const revisionX: RepoRevision = { name: 'x', files: { 'hook/cm.yaml': [{ object: configMap('settings') }] } };
const revisionY: RepoRevision = {
  name: 'y',
  files: { ...revisionX.files, 'hook/failure-during-sync.yaml': [{ object: invalidLabel }] },
};

describe('an operation without a resolved revision', () => {
  it('TestStaleOperationRevisionNotUsedNewSync: it resolves the new HEAD Y, fails on it after its retry, and records Y', () => {
    const app = application('guestbook', { path: 'hook' });
    const withOperation: KubeObject = {
      ...app,
      operation: {
        initiatedBy: { username: 'e2e', automated: true },
        info: [{ name: 'Reason', value: 'Syncing latest without resolved revision' }],
        sync: {},
        retry: { limit: 1, backoff: { duration: '1s' } },
      },
    };
    const result = runControlPlane({
      repository: revisionX,
      objects: [app],
      actions: [
        { at: 60, type: 'commit', revision: revisionY },
        { at: 61, type: 'kubectl-apply', objects: [withOperation] },
      ],
      untilSeconds: 600,
    });
    const shas = result.events.filter((e) => e.type === 'commit').map((e) => e.revision);
    const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    const state = guestbook.status.operationState;
    expect(guestbook.status.history.map((h: { revision: string }) => h.revision)).not.toContain(shas[0]);
    expect(state.phase).toBe('Failed');
    expect(state.message).toContain('has-inva/id-character!');
    expect(state.retryCount).toBeGreaterThanOrEqual(1);
    expect(state.syncResult.revision).toBe(shas[0]);
    expect(state.operation.info).toEqual([
      { name: 'Reason', value: 'Syncing latest without resolved revision' },
    ]);
  });
});
