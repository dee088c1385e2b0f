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

describe('pvcController', () => {
  it('binds a claim to a new volume after a short delay: Progressing → Healthy', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(claim());
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
    cluster.store.apply(claim());
    cluster.clock.advanceTo(5000);
    cluster.store.delete(ref);
    cluster.clock.advanceTo(6000);
    expect(live(cluster, 'PersistentVolume')).toEqual([]);
  });

  it('keeps the binding when the claim is applied again', () => {
    const cluster = testCluster([pvcController]);
    cluster.store.apply(claim());
    cluster.clock.advanceTo(5000);
    cluster.store.apply(claim());
    cluster.clock.advanceTo(6000);
    const pvc = get(cluster, 'PersistentVolumeClaim', 'data')!;
    expect(pvc.spec.volumeName).toBe(`pvc-${pvc.metadata.uid}`);
    expect(live(cluster, 'PersistentVolume')).toHaveLength(1);
  });
});
