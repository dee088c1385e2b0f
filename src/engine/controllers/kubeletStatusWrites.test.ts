import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { ObjectStore } from '../cluster/store';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { kubeletController } from './kubelet';

/**
 * The kubelet skips rendering a pod's status when the pod is the object its own last write left and its runtime
 * has not changed since (kubelet.ts `writeStatus`). These cases change one of the two and check the status
 * follows; a memo that went stale would leave the status behind.
 */
const ref = { group: '', kind: 'Pod', namespace: 'default', name: 'web' };
const web = (): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web', namespace: 'default' },
  spec: {
    containers: [{ name: 'web', image: 'nginx:1.25', readinessProbe: { httpGet: { path: '/', port: 80 } } }],
  },
});

function setup() {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(1) });
  cluster.register(kubeletController);
  let statusWrites = 0;
  let unchanged = 0;
  const setStatus = ObjectStore.prototype.setStatus;
  cluster.store.setStatus = function (...args) {
    statusWrites++;
    const before = this.get(args[0]);
    const after = setStatus.apply(this, args);
    if (after === before) unchanged++;
    return after;
  };
  const runTo = (ms: number) => cluster.clock.advanceTo(ms);
  const ready = () =>
    cluster.store.get(ref)?.status?.conditions?.find((c: { type: string }) => c.type === 'Ready')?.status;
  return { cluster, runTo, ready, writes: () => statusWrites, unchanged: () => unchanged };
}

describe('the kubelet re-renders a pod status only when it can have changed', () => {
  it('writes the change when the runtime moves on with no other change to the pod (readiness)', () => {
    const { cluster, runTo, ready } = setup();
    cluster.store.create(web());
    runTo(3_000);
    expect(cluster.store.get(ref)?.status?.phase).toBe('Running');
    expect(ready()).toBe('False');
    runTo(10_000);
    expect(ready()).toBe('True');
  });

  it('puts its status back when someone else writes the pod status', () => {
    const { cluster, runTo, ready } = setup();
    cluster.store.create(web());
    runTo(10_000);
    const before = cluster.store.get(ref)!.status;
    cluster.store.setStatus(ref, { ...before, phase: 'Unknown', conditions: [] });
    runTo(10_200);
    expect(cluster.store.get(ref)?.status?.phase).toBe('Running');
    expect(ready()).toBe('True');
  });

  it('puts its status back when a watcher rewrites the pod in the same instant as its write', () => {
    const { cluster, runTo } = setup();
    let rewrittenAt: number | undefined;
    cluster.store.watch((event) => {
      const obj = event.object;
      if (rewrittenAt !== undefined || obj.kind !== 'Pod' || obj.status?.phase !== 'Running') return;
      rewrittenAt = cluster.clock.now();
      cluster.store.patch(ref, (draft) => {
        draft.status.phase = 'Unknown';
      });
    });
    cluster.store.create(web());
    while (rewrittenAt === undefined && cluster.clock.runNext());
    expect(cluster.store.get(ref)?.status?.phase).toBe('Unknown');
    // The watcher's change queues the kubelet's next reconcile (50 ms later), which renders the status again.
    runTo(rewrittenAt! + 60);
    expect(cluster.store.get(ref)?.status?.phase).toBe('Running');
  });

  it('makes no write that changes nothing: the reconciles its own writes queue render nothing', () => {
    const { cluster, runTo, writes, unchanged } = setup();
    let reconciles = 0;
    const reconcile = kubeletController.reconcile;
    const counting = (r: typeof ref, c: Cluster) => {
      reconciles++;
      reconcile(r, c);
    };
    Object.assign(kubeletController, { reconcile: counting });
    try {
      cluster.store.create(web());
      runTo(20_000);
    } finally {
      Object.assign(kubeletController, { reconcile });
    }
    expect(cluster.store.get(ref)?.status?.phase).toBe('Running');
    expect(unchanged()).toBe(0);
    expect(writes()).toBeLessThan(reconciles);
  });
});
