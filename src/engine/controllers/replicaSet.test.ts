import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import { replicaSetController } from './replicaSet';
import { get, isReady, live, testCluster } from '../../../test/kits/controllers.testKit';

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

const names = (cluster: Cluster) => live(cluster, 'Pod').map((p) => p.metadata.name!);
const terminating = (cluster: Cluster) =>
  live(cluster, 'Pod')
    .filter((p) => p.metadata.deletionTimestamp)
    .map((p) => p.metadata.name!);

describe('replicaSetController', () => {
  it('creates owned pods named <rs>-<suffix> and reports them available', () => {
    const cluster = testCluster([replicaSetController]);
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
    cluster.clock.advanceTo(15_000);
    expect(get(cluster, 'ReplicaSet', 'web-abc')!.status).toEqual({
      replicas: 2,
      fullyLabeledReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      observedGeneration: 1,
    });
    expect(healthOf(get(cluster, 'ReplicaSet', 'web-abc')!)?.status).toBe('Healthy');
  });

  it('scales down the pods that are not ready first', () => {
    const cluster = testCluster([replicaSetController]);
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(15_000);
    const old = names(cluster);
    cluster.store.apply(replicaSet(4));
    cluster.clock.advanceTo(15_500);
    const fresh = names(cluster).filter((n) => !old.includes(n));
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(15_600);
    expect(terminating(cluster)).toEqual(fresh);
    cluster.clock.advanceTo(40_000);
    expect(names(cluster)).toEqual(old);
  });

  it('among ready pods, scales down the most recently started', () => {
    const cluster = testCluster([replicaSetController]);
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(15_000);
    const old = names(cluster);
    cluster.store.apply(replicaSet(4));
    cluster.clock.advanceTo(40_000);
    expect(live(cluster, 'Pod').every(isReady)).toBe(true);
    cluster.store.apply(replicaSet(2));
    cluster.clock.advanceTo(40_100);
    expect(terminating(cluster)).toEqual(names(cluster).filter((n) => !old.includes(n)));
  });

  it('replaces a pod that is deleted', () => {
    const cluster = testCluster([replicaSetController]);
    cluster.store.apply(replicaSet(1));
    cluster.clock.advanceTo(15_000);
    const [first] = live(cluster, 'Pod');
    cluster.store.delete({ group: '', kind: 'Pod', namespace: 'default', name: first.metadata.name! });
    cluster.clock.advanceTo(15_100);
    expect(names(cluster)).toHaveLength(2);
    cluster.clock.advanceTo(40_000);
    expect(names(cluster)).not.toContain(first.metadata.name);
    expect(live(cluster, 'Pod')).toHaveLength(1);
  });
});
