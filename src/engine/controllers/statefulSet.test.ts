import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { JsonAny, KubeObject } from '../types';
import { pvcController } from './pvc';
import { statefulSetController } from './statefulSet';
import { get, isReady, live, testCluster } from '../../../test/kits/controllers.testKit';

function postgres(spec: JsonAny = {}, image = 'postgres:16'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'postgres', namespace: 'default' },
    spec: {
      serviceName: 'postgres',
      replicas: 3,
      selector: { matchLabels: { app: 'postgres' } },
      template: {
        metadata: { labels: { app: 'postgres' } },
        spec: { containers: [{ name: 'postgres', image }] },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
        },
      ],
      ...spec,
    },
  };
}

/** Record when each pod is created, in order. */
function recordCreations(cluster: ReturnType<typeof testCluster>): Array<[string, number]> {
  const created: Array<[string, number]> = [];
  cluster.store.watch((e) => {
    if (e.type === 'ADDED' && e.object.kind === 'Pod')
      created.push([e.object.metadata.name!, cluster.clock.now()]);
  });
  return created;
}

const image = (pod: KubeObject) => pod.spec.containers[0].image;
/** Time enough for three ordered pods to start. */
const SETTLED = 40_000;

describe('statefulSetController', () => {
  it('creates postgres-0, postgres-1, postgres-2 in order, each after the previous is Ready', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    const created = recordCreations(cluster);
    const readyAt = new Map<string, number>();
    cluster.store.watch((e) => {
      if (e.object.kind === 'Pod' && isReady(e.object) && !readyAt.has(e.object.metadata.name!))
        readyAt.set(e.object.metadata.name!, cluster.clock.now());
    });
    cluster.store.apply(postgres());
    cluster.clock.advanceTo(1000);
    expect(created.map(([name]) => name)).toEqual(['postgres-0']);
    expect(healthOf(get(cluster, 'StatefulSet', 'postgres')!)).toEqual({
      status: 'Progressing',
      message: 'Waiting for 3 pods to be ready...',
    });
    cluster.clock.advanceTo(40_000);
    expect(created.map(([name]) => name)).toEqual(['postgres-0', 'postgres-1', 'postgres-2']);
    expect(created[1][1]).toBeGreaterThanOrEqual(readyAt.get('postgres-0')!);
    expect(created[2][1]).toBeGreaterThanOrEqual(readyAt.get('postgres-1')!);
    const sts = get(cluster, 'StatefulSet', 'postgres')!;
    expect(sts.status).toMatchObject({
      replicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      updatedReplicas: 3,
    });
    expect(sts.status.currentRevision).toBe(sts.status.updateRevision);
    expect(sts.status.currentRevision).toMatch(/^postgres-[a-z0-9]{10}$/);
    expect(healthOf(sts)?.status).toBe('Healthy');
  });

  it('labels pods with their revision and creates a claim per ordinal', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    cluster.store.apply(postgres());
    cluster.clock.advanceTo(SETTLED);
    const revision = get(cluster, 'StatefulSet', 'postgres')!.status.updateRevision;
    expect(get(cluster, 'ControllerRevision', revision)).toMatchObject({ revision: 1 });
    for (const pod of live(cluster, 'Pod'))
      expect(pod.metadata.labels!['controller-revision-hash']).toBe(revision);
    expect(live(cluster, 'PersistentVolumeClaim').map((c) => c.metadata.name)).toEqual([
      'data-postgres-0',
      'data-postgres-1',
      'data-postgres-2',
    ]);
    expect(get(cluster, 'Pod', 'postgres-1')!.spec.volumes).toEqual([
      { name: 'data', persistentVolumeClaim: { claimName: 'data-postgres-1' } },
    ]);
  });

  it('Parallel creates every pod at once', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    cluster.store.apply(postgres({ podManagementPolicy: 'Parallel' }));
    cluster.clock.advanceTo(500);
    expect(live(cluster, 'Pod')).toHaveLength(3);
  });

  it('rolls an update out from the highest ordinal down', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    cluster.store.apply(postgres());
    cluster.clock.advanceTo(SETTLED);
    const deleted: string[] = [];
    cluster.store.watch((e) => {
      if (e.type === 'MODIFIED' && e.object.metadata.deletionTimestamp && !e.old?.metadata.deletionTimestamp)
        deleted.push(e.object.metadata.name!);
    });
    cluster.store.apply(postgres({}, 'postgres:17'));
    cluster.clock.advanceTo(SETTLED + 2000);
    expect(healthOf(get(cluster, 'StatefulSet', 'postgres')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(SETTLED + 90_000);
    expect(deleted).toEqual(['postgres-2', 'postgres-1', 'postgres-0']);
    expect(live(cluster, 'Pod').map(image)).toEqual(['postgres:17', 'postgres:17', 'postgres:17']);
    const sts = get(cluster, 'StatefulSet', 'postgres')!;
    expect(sts.status.currentRevision).toBe(sts.status.updateRevision);
    expect(healthOf(sts)?.status).toBe('Healthy');
  });

  it('leaves pods below the partition on the old template', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    const partitioned = { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } };
    cluster.store.apply(postgres(partitioned));
    cluster.clock.advanceTo(SETTLED);
    cluster.store.apply(postgres(partitioned, 'postgres:17'));
    cluster.clock.advanceTo(SETTLED + 90_000);
    expect(live(cluster, 'Pod').map(image)).toEqual(['postgres:16', 'postgres:16', 'postgres:17']);
    const sts = get(cluster, 'StatefulSet', 'postgres')!;
    expect(sts.status).toMatchObject({ updatedReplicas: 1, currentReplicas: 2 });
    expect(sts.status.currentRevision).not.toBe(sts.status.updateRevision);
    expect(healthOf(sts)?.status).toBe('Healthy');
  });

  it('OnDelete keeps old pods until they are deleted by hand', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    const onDelete = { updateStrategy: { type: 'OnDelete' } };
    cluster.store.apply(postgres(onDelete));
    cluster.clock.advanceTo(SETTLED);
    cluster.store.apply(postgres(onDelete, 'postgres:17'));
    cluster.clock.advanceTo(SETTLED + 30_000);
    expect(live(cluster, 'Pod').map(image)).toEqual(['postgres:16', 'postgres:16', 'postgres:16']);
    cluster.store.delete({ group: '', kind: 'Pod', namespace: 'default', name: 'postgres-1' });
    cluster.clock.advanceTo(SETTLED + 90_000);
    expect(live(cluster, 'Pod').map(image)).toEqual(['postgres:16', 'postgres:17', 'postgres:16']);
  });

  it('scales down from the highest ordinal, one at a time', () => {
    const cluster = testCluster([statefulSetController, pvcController]);
    cluster.store.apply(postgres());
    cluster.clock.advanceTo(SETTLED);
    cluster.store.apply(postgres({ replicas: 1 }));
    cluster.clock.advanceTo(SETTLED + 500);
    expect(
      live(cluster, 'Pod')
        .filter((p) => p.metadata.deletionTimestamp)
        .map((p) => p.metadata.name),
    ).toEqual(['postgres-2']);
    cluster.clock.advanceTo(SETTLED + 60_000);
    expect(live(cluster, 'Pod').map((p) => p.metadata.name)).toEqual(['postgres-0']);
    expect(live(cluster, 'PersistentVolumeClaim')).toHaveLength(3);
  });
});
