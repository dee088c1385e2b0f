import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import { healthOf } from '../health/healthOf';
import { deploymentController } from './deployment';
import { garbageCollector } from './garbageCollector';
import { replicaSetController } from './replicaSet';
import { deploymentManifest, get, live, testCluster } from '../../../test/kits/controllers.testKit';

const web = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' };

/** A cluster with a healthy 3-replica Deployment `web` and the garbage collector running. */
function withDeployment(): Cluster {
  const cluster = testCluster([deploymentController, replicaSetController]);
  garbageCollector(cluster);
  cluster.store.apply(deploymentManifest('web'));
  cluster.clock.advanceTo(15_000);
  return cluster;
}

/** The kinds of the objects removed from the store, in order. */
function recordRemovals(cluster: Cluster): string[] {
  const removed: string[] = [];
  cluster.store.watch((e) => {
    if (e.type === 'DELETED') removed.push(e.object.kind);
  });
  return removed;
}

describe('garbageCollector', () => {
  it('foreground: removes the pods, then the ReplicaSet, then the Deployment', () => {
    const cluster = withDeployment();
    const removed = recordRemovals(cluster);
    cluster.store.delete(web, { propagationPolicy: 'Foreground' });
    cluster.clock.advanceTo(15_500);
    const deleting = get(cluster, 'Deployment', 'web')!;
    expect(deleting.metadata.deletionTimestamp).toBe('2026-01-01T00:00:15Z');
    expect(deleting.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(healthOf(deleting)).toEqual({ status: 'Progressing', message: 'Pending deletion' });
    expect(
      get(cluster, 'ReplicaSet', live(cluster, 'ReplicaSet')[0].metadata.name!)!.metadata.deletionTimestamp,
    ).toBeDefined();
    cluster.clock.advanceTo(45_000);
    expect(removed).toEqual(['Pod', 'Pod', 'Pod', 'ReplicaSet', 'Deployment']);
    expect(cluster.store.all()).toEqual([]);
  });

  it('background: removes the Deployment at once, then its ReplicaSet and pods', () => {
    const cluster = withDeployment();
    const removed = recordRemovals(cluster);
    cluster.store.delete(web);
    expect(get(cluster, 'Deployment', 'web')).toBeUndefined();
    cluster.clock.advanceTo(45_000);
    expect(removed).toEqual(['Deployment', 'ReplicaSet', 'Pod', 'Pod', 'Pod']);
    expect(cluster.store.all()).toEqual([]);
  });

  it('orphan: removes only the Deployment and leaves the ReplicaSet and pods without it', () => {
    const cluster = withDeployment();
    cluster.store.delete(web, { propagationPolicy: 'Orphan' });
    expect(get(cluster, 'Deployment', 'web')!.metadata.finalizers).toEqual(['orphan']);
    cluster.clock.advanceTo(45_000);
    expect(get(cluster, 'Deployment', 'web')).toBeUndefined();
    const [rs] = live(cluster, 'ReplicaSet');
    expect(rs.metadata.ownerReferences).toBeUndefined();
    expect(live(cluster, 'Pod')).toHaveLength(3);
  });

  it('a re-created Deployment adopts the ReplicaSet an orphaning delete left behind', () => {
    const cluster = withDeployment();
    const before = live(cluster, 'Pod').map((p) => p.metadata.name);
    cluster.store.delete(web, { propagationPolicy: 'Orphan' });
    cluster.clock.advanceTo(45_000);
    cluster.store.apply(deploymentManifest('web'));
    cluster.clock.advanceTo(75_000);
    const d = get(cluster, 'Deployment', 'web')!;
    expect(live(cluster, 'ReplicaSet')[0].metadata.ownerReferences?.[0].uid).toBe(d.metadata.uid);
    expect(live(cluster, 'Pod').map((p) => p.metadata.name)).toEqual(before);
    expect(healthOf(d)?.status).toBe('Healthy');
  });

  it('deletes an object whose owner never existed', () => {
    const cluster = testCluster([]);
    garbageCollector(cluster);
    cluster.store.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'stray',
        namespace: 'default',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'ghost', uid: 'no-such-uid' }],
      },
    });
    cluster.clock.advanceTo(1000);
    expect(cluster.store.all()).toEqual([]);
  });
});
