import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { garbageCollector } from './garbageCollector';
import { namespaceController } from './namespace';
import { testCluster } from '../../../test/kits/controllers.testKit';

const nsRef = { group: '', kind: 'Namespace', namespace: '', name: 'shop' };

function pod(name: string, finalizers?: string[]): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop', finalizers },
    spec: { containers: [{ name: 'main', image: 'nginx' }] },
  };
}

describe('namespaceController', () => {
  it('marks a new Namespace Active', () => {
    const cluster = testCluster([namespaceController]);
    cluster.store.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    cluster.clock.advanceTo(100);
    expect(cluster.store.get(nsRef)!.status).toEqual({ phase: 'Active' });
  });

  it('keeps a deleted Namespace Terminating until everything in it is gone', () => {
    const cluster = testCluster([namespaceController]);
    garbageCollector(cluster);
    cluster.store.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    cluster.store.apply(pod('a'));
    cluster.store.apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cfg', namespace: 'shop' },
    });
    cluster.clock.advanceTo(2000);
    cluster.store.delete(nsRef);
    cluster.clock.advanceTo(2500);
    const ns = cluster.store.get(nsRef)!;
    expect(ns.metadata.deletionTimestamp).toBeDefined();
    expect(ns.status.phase).toBe('Terminating');
    expect(ns.status.conditions[0]).toMatchObject({
      type: 'NamespaceContentRemaining',
      message: 'Some resources are remaining: pods. has 1 resource instances',
    });
    expect(cluster.store.list({ namespace: 'shop' }).map((o) => o.kind)).toEqual(['Pod']);
    cluster.clock.advanceTo(10_000);
    expect(cluster.store.all()).toEqual([]);
  });

  it('stays Terminating while content keeps a finalizer, and says which', () => {
    const cluster = testCluster([namespaceController]);
    cluster.store.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    cluster.store.apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cfg', namespace: 'shop', finalizers: ['example.com/hold'] },
    });
    cluster.clock.advanceTo(100);
    cluster.store.delete(nsRef);
    cluster.clock.advanceTo(30_000);
    const ns = cluster.store.get(nsRef)!;
    expect(ns.status.phase).toBe('Terminating');
    expect(ns.status.conditions[1]).toMatchObject({
      type: 'NamespaceFinalizersRemaining',
      status: 'True',
      message:
        'Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances',
    });
    cluster.store.removeFinalizer(
      { group: '', kind: 'ConfigMap', namespace: 'shop', name: 'cfg' },
      'example.com/hold',
    );
    cluster.clock.advanceTo(31_000);
    expect(cluster.store.all()).toEqual([]);
  });
});
