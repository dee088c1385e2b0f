import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap } from '../../../test/kits/simulation.testKit';
import { withHistoryEntry } from './revisionHistory';

/**
 * `status.history` and `spec.revisionHistoryLimit` (controller/state.go `persistRevisionHistory`, types.go
 * `RevisionHistories.Trunc`, default `RevisionHistoryLimit` 10), through the simulated application controller.
 */
const repo: RepoRevision = {
  name: 'main',
  files: { 'config-map/cm.yaml': [{ object: configMap('my-map') }] },
};

/** The app `guestbook` (path config-map) created and synced at t 0, then synced again at each of `syncsAt`. */
function historyAfter(syncsAt: number[], app: KubeObject = application('guestbook', { path: 'config-map' })) {
  const actions: ControlPlaneAction[] = syncsAt.map((at) => ({ at, type: 'sync', app: 'guestbook' }));
  const result = runControlPlane({
    repository: repo,
    objects: [app],
    actions,
    untilSeconds: 60 * syncsAt.length + 60,
  });
  const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
  expect(guestbook.status.operationState.phase).toBe('Succeeded');
  return guestbook.status.history as { id: number }[] | undefined;
}

const withLimit = (limit: unknown): KubeObject => {
  const app = application('guestbook', { path: 'config-map' });
  return { ...app, spec: { ...app.spec, revisionHistoryLimit: limit } };
};

describe('status.history and spec.revisionHistoryLimit', () => {
  it('TestRevisionHistoryLimit: one sync gives one entry; with --revision-history-limit 1 a second sync keeps one', () => {
    expect(historyAfter([])?.map((h) => h.id)).toEqual([0]);
    // `argocd app set --revision-history-limit 1`, then `argocd app sync`: the newest entry only.
    const app = application('guestbook', { path: 'config-map' });
    const actions: ControlPlaneAction[] = [
      { at: 30, type: 'kubectl-apply', objects: [withLimit(1)] },
      { at: 40, type: 'sync', app: 'guestbook' },
    ];
    const result = runControlPlane({ repository: repo, objects: [app], actions, untilSeconds: 120 });
    const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
    expect(guestbook.status.operationState.phase).toBe('Succeeded');
    expect(guestbook.status.history.map((h: { id: number }) => h.id)).toEqual([1]);
  });

  it('keeps the last 10 entries when the spec sets no limit (RevisionHistoryLimit), ids counting on', () => {
    const syncs = Array.from({ length: 11 }, (_, i) => 30 * (i + 1));
    expect(historyAfter(syncs)?.map((h) => h.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('keeps no entry with a limit of 0 or less (Trunc), and writes no history field then (omitempty)', () => {
    expect(historyAfter([30], withLimit(0))).toBeUndefined();
    expect(withHistoryEntry([], { id: 0, revision: 'a', deployedAt: '' }, withLimit(-3))).toEqual([]);
  });

  it('reads a limit that is not a number as unset', () => {
    expect(historyAfter([30], withLimit('1'))?.map((h) => h.id)).toEqual([0, 1]);
  });
});
