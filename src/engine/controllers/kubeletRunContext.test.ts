import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { kubeletController } from './kubelet';

const ref = { group: '', kind: 'Pod', namespace: 'default', name: 'web' };
const web = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'web', image: 'nginx:1.25' }] },
});

function runFor(cluster: Cluster, ms: number): void {
  const until = cluster.clock.now() + ms;
  for (;;) {
    const next = cluster.clock.nextDeadline();
    if (next === undefined || next > until) break;
    cluster.clock.runNext();
  }
  cluster.clock.advanceTo(until);
}

describe('the kubelet run context kept per pod runtime (kubelet.ts runContextOf)', () => {
  it('a pod deleted and created again under its name runs with the new uid (its container ID changes)', () => {
    const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(1) });
    cluster.register(kubeletController);
    const first = cluster.store.create(web());
    runFor(cluster, 20_000);
    const firstID = cluster.store.get(ref)?.status?.containerStatuses?.[0]?.containerID;
    expect(firstID).toMatch(/^containerd:\/\//);
    cluster.store.delete(ref, { gracePeriodSeconds: 1 });
    runFor(cluster, 20_000);
    expect(cluster.store.get(ref)).toBeUndefined();
    const second = cluster.store.create(web());
    expect(second.metadata.uid).not.toBe(first.metadata.uid);
    runFor(cluster, 20_000);
    const secondID = cluster.store.get(ref)?.status?.containerStatuses?.[0]?.containerID;
    expect(secondID).toMatch(/^containerd:\/\//);
    expect(secondID).not.toBe(firstID);
  });
});
