import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { ClusterIPIndex } from './clusterIPIndex';

const service = (name: string, clusterIP?: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: 'shop' },
  spec: { ...(clusterIP ? { clusterIP } : {}), ports: [{ port: 80 }] },
});
const ref = (name: string) => ({ group: '', kind: 'Service', namespace: 'shop', name });

/** What the index must say: the addresses the stored Services hold now. */
const held = (store: ObjectStore) =>
  new Set(store.list({ kind: 'Service' }).flatMap((s) => (s.spec?.clusterIP ? [s.spec.clusterIP] : [])));

describe('ClusterIPIndex (the addresses Services hold, for allocating a new one)', () => {
  it('follows creations, address changes and deletions, from what the store held when it was made', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(service('before', '10.96.0.20'));
    const index = ClusterIPIndex.of(store);
    const agrees = (ips: string[]) => {
      for (const ip of ips) expect(index.has(ip), ip).toBe(held(store).has(ip));
    };
    const ips = ['10.96.0.20', '10.96.0.21', '10.96.0.22', 'None'];
    agrees(ips);
    store.create(service('web'));
    store.patch(ref('web'), (draft) => {
      draft.spec.clusterIP = '10.96.0.21';
    });
    store.create(service('headless', 'None'));
    agrees(ips);
    expect(index.has('10.96.0.21')).toBe(true);
    store.patch(ref('web'), (draft) => {
      draft.spec.clusterIP = '10.96.0.22';
    });
    agrees(ips);
    expect(index.has('10.96.0.21')).toBe(false);
    store.delete(ref('before'));
    agrees(ips);
    expect(index.has('10.96.0.20')).toBe(false);
  });

  it('keeps an address two Services hold until both let it go', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    const index = ClusterIPIndex.of(store);
    store.create(service('a', '10.96.0.30'));
    store.create(service('b', '10.96.0.30'));
    store.delete(ref('a'));
    expect(index.has('10.96.0.30')).toBe(true);
    store.delete(ref('b'));
    expect(index.has('10.96.0.30')).toBe(false);
  });
});
