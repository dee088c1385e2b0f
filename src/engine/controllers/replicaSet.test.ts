import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import { replicaSetController } from './replicaSet';
import { fakeKubelet, get, live, testCluster } from './testKit';

function replicaSet(replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web-abc', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'main', image: 'nginx' }] },
      },
    },
  };
}

describe('replicaSetController', () => {
  it('creates owned pods named <rs>-<suffix> and reports them available', () => {
    const cluster = testCluster([replicaSetController, fakeKubelet(1000)]);
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(100);
    const rs = get(cluster, 'ReplicaSet', 'web-abc')!;
    const pods = live(cluster, 'Pod');
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.metadata.name).toMatch(/^web-abc-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(pod.metadata.labels).toEqual({ app: 'web' });
      expect(pod.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-abc',
          uid: rs.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    }
    expect(healthOf(get(cluster, 'ReplicaSet', 'web-abc')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(2000);
    expect(get(cluster, 'ReplicaSet', 'web-abc')!.status).toEqual({
      replicas: 2,
      fullyLabeledReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      observedGeneration: 1,
    });
    expect(healthOf(get(cluster, 'ReplicaSet', 'web-abc')!)?.status).toBe('Healthy');
  });

  it('scales down not-ready pods first, then the newest', () => {
    const cluster = testCluster([replicaSetController, fakeKubelet(1000)]);
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(5000);
    const old = live(cluster, 'Pod').map((p) => p.metadata.name);
    cluster.store.apply(replicaSet(4));
    cluster.clock.advanceTo(5500);
    const fresh = live(cluster, 'Pod')
      .map((p) => p.metadata.name)
      .filter((n) => !old.includes(n));
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(5600);
    const terminating = live(cluster, 'Pod')
      .filter((p) => p.metadata.deletionTimestamp)
      .map((p) => p.metadata.name);
    expect(terminating.sort()).toEqual(fresh.sort());
    cluster.clock.advanceTo(20_000);
    expect(live(cluster, 'Pod').map((p) => p.metadata.name)).toEqual(old);
  });

  it('replaces a pod that is deleted', () => {
    const cluster = testCluster([replicaSetController, fakeKubelet(1000, 1000)]);
    cluster.store.apply(replicaSet(1));
    cluster.clock.advanceTo(5000);
    const [first] = live(cluster, 'Pod');
    cluster.store.delete({ group: '', kind: 'Pod', namespace: 'default', name: first.metadata.name! });
    cluster.clock.advanceTo(5100);
    const names = live(cluster, 'Pod').map((p) => p.metadata.name);
    expect(names).toHaveLength(2);
    cluster.clock.advanceTo(10_000);
    expect(live(cluster, 'Pod').map((p) => p.metadata.name)).not.toContain(first.metadata.name);
    expect(live(cluster, 'Pod')).toHaveLength(1);
  });
});
