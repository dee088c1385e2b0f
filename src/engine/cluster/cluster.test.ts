import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Rng } from '../random';
import type { ObjectRef } from '../types';
import { Cluster, type Controller } from './cluster';

function recorder(name: string, kinds: string[], seen: string[], ownedKinds?: string[]): Controller {
  return {
    name,
    kinds,
    ownedKinds,
    reconcile: (ref: ObjectRef) => void seen.push(`${name}:${ref.kind}/${ref.name}`),
  };
}

const cm = (name: string, ownerName?: string) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'default',
    ...(ownerName
      ? {
          ownerReferences: [
            { apiVersion: 'v1', kind: 'Secret', name: ownerName, uid: 'u1', controller: true },
          ],
        }
      : {}),
  },
});

describe('Cluster routing of watch events to controllers (the per-kind routes)', () => {
  it('queues every controller of a kind, in registration order, and the owner for owned kinds', () => {
    const clock = new SimClock();
    const cluster = new Cluster({ clock, rng: new Rng(1) });
    const seen: string[] = [];
    cluster.register(recorder('a', ['ConfigMap'], seen));
    cluster.register(recorder('secrets', ['Secret'], seen, ['ConfigMap']));
    cluster.register(recorder('b', ['ConfigMap', 'Secret'], seen));
    cluster.store.create(cm('one', 'owner'));
    while (clock.nextDeadline() !== undefined) clock.runNext();
    expect(seen).toEqual(['a:ConfigMap/one', 'secrets:Secret/owner', 'b:ConfigMap/one']);
  });

  it('a controller registered after the first event of its kind is still queued for later ones', () => {
    const clock = new SimClock();
    const cluster = new Cluster({ clock, rng: new Rng(1) });
    const seen: string[] = [];
    cluster.register(recorder('a', ['ConfigMap'], seen));
    cluster.store.create(cm('one'));
    cluster.register(recorder('late', ['ConfigMap'], seen));
    cluster.store.create(cm('two'));
    while (clock.nextDeadline() !== undefined) clock.runNext();
    expect(seen).toEqual(['a:ConfigMap/one', 'a:ConfigMap/two', 'late:ConfigMap/two']);
  });
});
