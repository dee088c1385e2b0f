import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { ObjectStore } from './store';

// The owner index hands controllers their dependents in name order without sorting at every reconcile; these
// cases pin that the order it keeps follows every change of who owns what, since a stale order would make a
// ReplicaSet scale down the wrong pod.
describe('ObjectStore owner index', () => {
  const ownerRef = (uid: string) => [
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid, controller: true },
  ];
  const pod = (name: string, owner?: string): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', ...(owner ? { ownerReferences: ownerRef(owner) } : {}) },
    spec: { containers: [{ name: 'app', image: 'nginx' }] },
  });
  const ref = (name: string) => ({ group: '', kind: 'Pod', namespace: 'default', name });
  const owned = (store: ObjectStore, uid: string) =>
    store.scanOwnedInOrder({ kind: 'Pod', namespace: 'default', ownerUid: uid }).map((p) => p.metadata.name);

  it('lists what an owner owns in name order, whatever the order of creation', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    for (const name of ['web-c', 'web-a', 'web-b']) store.create(pod(name, 'rs-1'));
    store.create(pod('other', 'rs-2'));
    expect(owned(store, 'rs-1')).toEqual(['web-a', 'web-b', 'web-c']);
    expect(owned(store, 'rs-2')).toEqual(['other']);
  });

  it('follows creations, adoptions, releases and deletions after the order was first read', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(pod('web-b', 'rs-1'));
    store.create(pod('web-d', 'rs-1'));
    store.create(pod('web-a'));
    expect(owned(store, 'rs-1')).toEqual(['web-b', 'web-d']);
    store.create(pod('web-c', 'rs-1'));
    expect(owned(store, 'rs-1')).toEqual(['web-b', 'web-c', 'web-d']);
    store.patch(ref('web-a'), (draft) => {
      draft.metadata.ownerReferences = ownerRef('rs-1');
    });
    expect(owned(store, 'rs-1')).toEqual(['web-a', 'web-b', 'web-c', 'web-d']);
    store.patch(ref('web-b'), (draft) => {
      draft.metadata.ownerReferences = ownerRef('rs-2');
    });
    expect(owned(store, 'rs-1')).toEqual(['web-a', 'web-c', 'web-d']);
    expect(owned(store, 'rs-2')).toEqual(['web-b']);
    store.delete(ref('web-c'));
    store.completeGracefulDeletion(ref('web-c'));
    expect(owned(store, 'rs-1')).toEqual(['web-a', 'web-d']);
  });

  it('gives the new version of each object after a status write, in the same order', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(pod('web-b', 'rs-1'));
    store.create(pod('web-a', 'rs-1'));
    expect(owned(store, 'rs-1')).toEqual(['web-a', 'web-b']);
    store.setStatus(ref('web-b'), { phase: 'Running' });
    const after = store.scanOwnedInOrder({ kind: 'Pod', namespace: 'default', ownerUid: 'rs-1' });
    expect(after.map((p) => [p.metadata.name, p.status?.phase])).toEqual([
      ['web-a', 'Pending'],
      ['web-b', 'Running'],
    ]);
  });
});
