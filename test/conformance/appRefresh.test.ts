import { describe, expect, it } from 'vitest';
import type { RepoRevision } from '../../src/engine/argocd/repository';
import { eventsOf } from '../kits/eventQueries.testKit';
import { application } from '../kits/controlPlane.testKit';
import { clusterAt } from '../../src/engine/simulation/objectHistory';
import { runControlPlane } from '../../src/engine/simulation/runControlPlane';
import { configMap } from '../kits/simulation.testKit';
import type { KubeObject } from '../../src/engine/types';

/**
 * app_management_test.go cases about new commits, replayed with the application controller (runControlPlane):
 * the e2e `config-map` app is one ConfigMap `my-map`; each case commits a change to it at t = 60 s.
 */
const revision = (name: string, objects: KubeObject[]): RepoRevision => ({
  name,
  files: { 'config-map/config-map.yaml': objects.map((object) => ({ object })) },
});
const myMap = (foo: string) => configMap('my-map', { data: { foo } });

/** The app's last `app` event at or before `t`: what `argocd app get` shows then. */
function appAt(result: ReturnType<typeof runControlPlane>, t: number) {
  return eventsOf(result.events, 'app')
    .filter((e) => e.app === 'config-map' && e.t <= t)
    .at(-1);
}

describe('app_management_test.go: new commits', () => {
  it('TestDiscoverNewCommit: synced at a revision; a pushed commit is not seen until a refresh, then the app is OutOfSync at the new one', () => {
    const result = runControlPlane({
      repository: revision('v1', [myMap('bar')]),
      objects: [application('config-map', { path: 'config-map' })],
      actions: [
        { at: 10, type: 'sync', app: 'config-map' },
        { at: 60, type: 'commit', revision: revision('v2', [myMap('hello')]) },
        { at: 61, type: 'refresh', app: 'config-map' },
      ],
      untilSeconds: 120,
    });
    // What `argocd app get` shows at second t: the Application as the controller last wrote it.
    const statusAt = (t: number) =>
      (
        clusterAt(result.objects, t).find(
          (o) => o.kind === 'Application' && o.metadata.name === 'config-map',
        ) as { status?: { sync?: { status?: string; revision?: string } } } | undefined
      )?.status?.sync;
    // CreateApp().Sync(): Synced, at a revision it remembers.
    const sha = statusAt(59)?.revision ?? '';
    expect(statusAt(59)?.status).toBe('Synced');
    expect(sha).not.toBe('');
    // PatchFile pushes a commit: not discovered immediately, still Synced at the same revision.
    expect(statusAt(60.5)).toMatchObject({ status: 'Synced', revision: sha });
    // Refresh(RefreshTypeNormal): OutOfSync, and the revision is the new commit's.
    expect(statusAt(61)?.status).toBe('OutOfSync');
    expect(statusAt(61)?.revision ?? sha).not.toBe(sha);
    expect(appAt(result, 61)?.sync).toBe('OutOfSync');
  });

  it('TestCreateConfigMapsAndWaitForUpdate: auto-sync applies two new ConfigMaps in their waves; all Synced, Healthy', () => {
    const wave = (n: number) => ({ annotations: { 'argocd.argoproj.io/sync-wave': String(n) } });
    const result = runControlPlane({
      repository: revision('v1', [myMap('bar')]),
      objects: [application('config-map', { path: 'config-map', automated: {} })],
      actions: [
        {
          at: 60,
          type: 'commit',
          revision: revision('v2', [
            myMap('bar'),
            configMap('other-map', { ...wave(1), data: { foo2: 'bar2' } }),
            configMap('yet-another-map', { ...wave(2), data: { foo3: 'bar3' } }),
          ]),
        },
        { at: 61, type: 'refresh', app: 'config-map' },
      ],
      untilSeconds: 600,
    });
    const app = result.application as {
      status: {
        sync: { status: string };
        health: { status: string };
        operationState: { phase: string };
        resources: { name: string; status: string; health?: { status: string } }[];
      };
    };
    expect([app.status.operationState.phase, app.status.sync.status, app.status.health.status]).toEqual([
      'Succeeded',
      'Synced',
      'Healthy',
    ]);
    // A ConfigMap has no health check; the e2e fixture reads a missing health as Healthy (ResourceHealthWithNamespaceIs).
    for (const name of ['other-map', 'yet-another-map']) {
      const row = app.status.resources.find((r) => r.name === name);
      expect([row?.status, row?.health?.status ?? 'Healthy'], name).toEqual(['Synced', 'Healthy']);
    }
  });
});
