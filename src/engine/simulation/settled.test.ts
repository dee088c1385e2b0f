import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { RestWatch } from './settled';

const podRef = { group: '', kind: 'Pod', namespace: 'default', name: 'web' };
const cmRef = { group: '', kind: 'ConfigMap', namespace: 'default', name: 'cfg' };

function pod(): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx:1' }] },
  };
}

/** What the old store scan answered, for comparing the counters against at every step. */
function scanAtRest(store: ObjectStore): boolean {
  for (const obj of store.scan()) {
    if (obj.metadata.deletionTimestamp) return false;
    if (obj.kind === 'Pod' && (obj.status?.phase === 'Pending' || obj.status?.phase === undefined))
      return false;
  }
  return true;
}

describe('RestWatch (the watch-fed rest check of settled.ts)', () => {
  it('follows a pod from Pending to Running, through its graceful deletion, to gone', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    const rest = RestWatch.on(store);
    const steps: boolean[] = [];
    const check = () => {
      expect(rest.atRest()).toBe(scanAtRest(store));
      steps.push(rest.atRest());
    };
    check();
    store.create(pod());
    check();
    expect(rest.podsAtRest()).toBe(false);
    store.setStatus(podRef, { phase: 'Running' });
    check();
    store.delete(podRef);
    check();
    store.completeGracefulDeletion(podRef);
    check();
    expect(steps).toEqual([true, false, true, false, true]);
  });

  it('counts any kind waiting on a finalizer as not at rest until the finalizer goes', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cfg', namespace: 'default', finalizers: ['example.com/hold'] },
    });
    // Made after the object exists: it must count what the store already holds.
    const rest = RestWatch.on(store);
    expect(rest.atRest()).toBe(true);
    store.delete(cmRef);
    expect(rest.atRest()).toBe(false);
    // The control plane's check looks at pods only.
    expect(rest.podsAtRest()).toBe(true);
    store.removeFinalizer(cmRef, 'example.com/hold');
    expect(store.get(cmRef)).toBeUndefined();
    expect(rest.atRest()).toBe(true);
  });

  it('counts a pod already Pending when the watch starts', () => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    store.create(pod());
    const rest = RestWatch.on(store);
    expect(rest.atRest()).toBe(false);
    store.setStatus(podRef, { phase: 'Succeeded' });
    expect(rest.atRest()).toBe(true);
  });
});
