import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { ServiceSelectorIndex } from './serviceSelectorIndex';

function service(name: string, selector: Record<string, string> | undefined): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'shop' },
    spec: { ...(selector ? { selector } : {}), ports: [{ port: 80 }] },
  };
}

const pod = (labels: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'shop', labels },
  spec: { containers: [] },
});

const names = (index: ServiceSelectorIndex, labels: Record<string, string>) =>
  index
    .candidates(pod(labels))
    .map((s) => s.metadata.name)
    .sort();

describe('ServiceSelectorIndex (the endpoints controller finds the Services that may select a pod)', () => {
  it('finds every Service whose selector the pod matches, and none of another namespace', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(service('web', { app: 'web' }));
    store.create(service('web-canary', { app: 'web', track: 'canary' }));
    store.create(service('db', { app: 'db' }));
    store.create(service('manual', undefined));
    store.create({ ...service('other-ns', { app: 'web' }), metadata: { name: 'other-ns', namespace: 'x' } });
    const index = ServiceSelectorIndex.of(store);
    expect(names(index, { app: 'web', track: 'canary' })).toEqual(['web', 'web-canary']);
    expect(names(index, { app: 'db' })).toEqual(['db']);
    expect(names(index, { tier: 'none' })).toEqual([]);
  });

  it('follows a selector changed, a Service created and a Service deleted after the index was made', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(service('web', { app: 'web' }));
    const index = ServiceSelectorIndex.of(store);
    expect(ServiceSelectorIndex.of(store)).toBe(index);
    store.patch({ group: '', kind: 'Service', namespace: 'shop', name: 'web' }, (draft) => {
      draft.spec.selector = { app: 'shop' };
    });
    expect(names(index, { app: 'web' })).toEqual([]);
    expect(names(index, { app: 'shop' })).toEqual(['web']);
    store.create(service('api', { app: 'web' }));
    expect(names(index, { app: 'web' })).toEqual(['api']);
    store.delete({ group: '', kind: 'Service', namespace: 'shop', name: 'api' });
    expect(names(index, { app: 'web' })).toEqual([]);
  });
});
