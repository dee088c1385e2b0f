import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import { BIND_DELAY_MS, pvcController, UNBINDABLE_STORAGE_CLASS } from './pvc';
import { get, live, testCluster } from '../../../test/kits/controllers.testKit';

function claim(storageClassName?: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } }, storageClassName },
  };
}

const ref = { group: '', kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' };

/** A class that provisions at once, as most cloud classes do (the API server's default binding mode). */
const immediate: KubeObject = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'fast' },
  provisioner: 'example.com/fast',
  volumeBindingMode: 'Immediate',
} as unknown as KubeObject;

function consumer(name = 'db'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [{ name: 'db', image: 'postgres:16' }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    },
  };
}

describe('pvcController', () => {
  it('binds a claim of an Immediate class to a new volume after a short delay: Progressing → Healthy', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(immediate);
    cluster.store.apply(claim('fast'));
    cluster.clock.advanceTo(500);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status).toEqual({ phase: 'Pending' });
    expect(healthOf(get(cluster, 'PersistentVolumeClaim', 'data')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(BIND_DELAY_MS + 100);
    const pvc = get(cluster, 'PersistentVolumeClaim', 'data')!;
    expect(pvc.spec.volumeName).toBe(`pvc-${pvc.metadata.uid}`);
    expect(pvc.status).toEqual({
      phase: 'Bound',
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '5Gi' },
    });
    expect(healthOf(pvc)?.status).toBe('Healthy');
    const [pv] = live(cluster, 'PersistentVolume');
    expect(pv.metadata.name).toBe(pvc.spec.volumeName);
    expect(pv.spec.claimRef).toMatchObject({ name: 'data', namespace: 'default', uid: pvc.metadata.uid });
  });

  it(`leaves a claim of class ${UNBINDABLE_STORAGE_CLASS} Pending`, () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(claim(UNBINDABLE_STORAGE_CLASS));
    cluster.clock.advanceTo(60_000);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status).toEqual({ phase: 'Pending' });
    expect(live(cluster, 'PersistentVolume')).toEqual([]);
  });

  it('deletes the volume with its claim', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(immediate);
    cluster.store.apply(claim('fast'));
    cluster.clock.advanceTo(5000);
    cluster.store.delete(ref);
    cluster.clock.advanceTo(6000);
    expect(live(cluster, 'PersistentVolume')).toEqual([]);
  });

  it('keeps the binding when the claim is applied again', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(immediate);
    cluster.store.apply(claim('fast'));
    cluster.clock.advanceTo(5000);
    cluster.store.apply(claim('fast'));
    cluster.clock.advanceTo(6000);
    const pvc = get(cluster, 'PersistentVolumeClaim', 'data')!;
    expect(pvc.spec.volumeName).toBe(`pvc-${pvc.metadata.uid}`);
    expect(live(cluster, 'PersistentVolume')).toHaveLength(1);
  });

  it("leaves a claim of kind's default class Pending until a pod mounts it (WaitForFirstConsumer, argo-cd #29201)", () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(claim());
    cluster.clock.advanceTo(60_000);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status).toEqual({ phase: 'Pending' });
    expect(healthOf(get(cluster, 'PersistentVolumeClaim', 'data')!)?.status).toBe('Progressing');
    cluster.store.apply(consumer());
    cluster.clock.advanceTo(60_000 + BIND_DELAY_MS + 200);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status.phase).toBe('Bound');
  });

  it('binds a WaitForFirstConsumer claim whose pod came first, once the delay has passed', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(consumer());
    cluster.store.apply(claim('standard'));
    cluster.clock.advanceTo(BIND_DELAY_MS + 200);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status.phase).toBe('Bound');
  });

  it('leaves a claim of a class that does not exist Pending', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(consumer());
    cluster.store.apply(claim('gp2'));
    cluster.clock.advanceTo(60_000);
    expect(get(cluster, 'PersistentVolumeClaim', 'data')!.status).toEqual({ phase: 'Pending' });
  });
});
