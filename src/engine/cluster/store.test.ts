import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Rng } from '../random';
import { ObjectStore, type WatchEvent } from './store';

function storeWithPod() {
  const store = new ObjectStore(new SimClock(), new Rng(1));
  const events: WatchEvent[] = [];
  store.watch((e) => events.push(e));
  const pod = store.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx' }] },
  });
  return { store, events, pod, ref: { group: '', kind: 'Pod', namespace: 'default', name: 'web' } };
}

describe('ObjectStore.setStatus', () => {
  it('writes nothing and tells no watcher when the status is unchanged', () => {
    const { store, events, pod, ref } = storeWithPod();
    const written = store.setStatus(ref, { ...pod.status });
    expect(written).toBe(pod);
    expect(written.metadata.resourceVersion).toBe(pod.metadata.resourceVersion);
    expect(events.map((e) => e.type)).toEqual(['ADDED']);
  });

  it('bumps resourceVersion but not generation, and keeps the old object intact for watchers', () => {
    const { store, events, pod, ref } = storeWithPod();
    const written = store.setStatus(ref, { phase: 'Running' });
    expect(written.status).toEqual({ phase: 'Running' });
    expect(Number(written.metadata.resourceVersion)).toBe(Number(pod.metadata.resourceVersion) + 1);
    expect(written.metadata.generation).toBe(pod.metadata.generation);
    expect(pod.status).toEqual({ phase: 'Pending' });
    expect(events.at(-1)).toMatchObject({ type: 'MODIFIED', object: written, old: pod });
  });

  it('shares the unchanged spec with the previous version instead of cloning the whole object', () => {
    // A large app's status writes are mostly the kubelet's; cloning each whole pod was most of the store's cost.
    const { store, pod, ref } = storeWithPod();
    const written = store.setStatus(ref, { phase: 'Running' });
    expect(written).not.toBe(pod);
    expect(written.spec).toBe(pod.spec);
  });
});

describe('ObjectStore label selection', () => {
  const pod = (name: string, labels: Record<string, string>) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels },
    spec: {},
  });
  const names = (store: ObjectStore, labels: Record<string, string>) =>
    store.list({ kind: 'Pod', namespace: 'default', labels }).map((p) => p.metadata.name);

  it('follows label changes and deletions, and needs every pair of the selector', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(pod('a', { app: 'web', tier: 'front' }));
    store.create(pod('b', { app: 'web' }));
    store.create(pod('c', { app: 'api' }));
    store.create({ ...pod('d', { app: 'web' }), kind: 'ConfigMap', spec: undefined });
    expect(names(store, { app: 'web' })).toEqual(['a', 'b']);
    expect(names(store, { app: 'web', tier: 'front' })).toEqual(['a']);
    expect(names(store, { app: 'nothing' })).toEqual([]);
    const ref = (name: string) => ({ group: '', kind: 'Pod', namespace: 'default', name });
    store.patch(ref('b'), (draft) => {
      draft.metadata.labels = { app: 'api' };
    });
    expect(names(store, { app: 'web' })).toEqual(['a']);
    expect(names(store, { app: 'api' })).toEqual(['b', 'c']);
    store.setStatus(ref('c'), { phase: 'Running' });
    store.delete(ref('c'));
    store.completeGracefulDeletion(ref('c'));
    expect(names(store, { app: 'api' })).toEqual(['b']);
  });
});

/**
 * Issue 28 (engine speed): the Application's `operation` is set at a sync's start and removed at its end beside a
 * status of thousands of rows, so `setField` writes that one field and shares the rest, as `patch` would write it.
 */
describe('ObjectStore.setField', () => {
  it('sets and removes one top-level field like patch, sharing the rest, and writes nothing when nothing changes', () => {
    const { store, events, pod, ref } = storeWithPod();
    const set = store.setField(ref, 'operation', { sync: { revision: 'abc' } });
    expect(set.operation).toEqual({ sync: { revision: 'abc' } });
    expect(set.spec).toBe(pod.spec);
    expect(set.status).toBe(pod.status);
    expect(Number(set.metadata.resourceVersion)).toBe(Number(pod.metadata.resourceVersion) + 1);
    expect(set.metadata.generation).toBe(pod.metadata.generation);
    expect(pod.operation).toBeUndefined();
    const removed = store.setField(ref, 'operation', undefined);
    expect('operation' in removed).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'MODIFIED', 'MODIFIED']);
    expect(store.setField(ref, 'operation', undefined)).toBe(removed);
    expect(events).toHaveLength(3);
    expect(() => store.setField(ref, 'spec', {})).toThrow('setField cannot write spec');
  });

  it('drops metadata fields that are there but undefined, as the copy patch makes does', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    const ref = { group: '', kind: 'ConfigMap', namespace: 'default', name: 'c' };
    store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } });
    const shared = store.setStatus(ref, { note: 'x' });
    (shared.metadata as Record<string, unknown>).annotations = undefined;
    const written = store.setField(ref, 'operation', { sync: {} });
    expect(Object.keys(written.metadata)).not.toContain('annotations');
  });
});
