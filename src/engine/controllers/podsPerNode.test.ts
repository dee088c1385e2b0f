import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import type { KubeObject } from '../types';
import { podsPerNode } from './podsPerNode';
import { runUntil, testCluster } from '../../../test/kits/controllers.testKit';

const ref = (name: string) => ({ group: '', kind: 'Pod', namespace: 'default', name });

function pod(name: string, command: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      restartPolicy: 'Never',
      containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', command] }],
    },
  };
}

/** The scheduler's count the slow way: every pod bound to a node and not finished. */
function scanned(cluster: Cluster): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of cluster.store.scan({ kind: 'Pod' })) {
    const node = p.spec?.nodeName;
    if (node && !['Succeeded', 'Failed'].includes(p.status?.phase))
      counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
}

describe('podsPerNode', () => {
  it('follows pods being scheduled, finishing and deleted, as a scan of every pod would', () => {
    const cluster = testCluster([]);
    // Built before any pod exists, so every later count comes from the watch alone.
    const index = podsPerNode(cluster);
    for (let i = 0; i < 7; i++) cluster.store.create(pod(`run-${i}`, 'sleep 3600'));
    for (let i = 0; i < 3; i++) cluster.store.create(pod(`done-${i}`, 'exit 0'));
    runUntil(cluster, 30_000);
    const running = scanned(cluster);
    expect([...running.values()].reduce((a, b) => a + b, 0)).toBe(7);
    expect(new Map(index)).toEqual(running);
    cluster.store.delete(ref('run-0'));
    cluster.store.delete(ref('run-1'));
    runUntil(cluster, 120_000);
    expect(new Map(index)).toEqual(scanned(cluster));
    expect([...index.values()].reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('spreads replicas evenly over the nodes, one pod at a time', () => {
    const cluster = testCluster([]);
    for (let i = 0; i < 30; i++) cluster.store.create(pod(`p-${i}`, 'sleep 3600'));
    runUntil(cluster, 10_000);
    expect([...podsPerNode(cluster).values()]).toEqual([10, 10, 10]);
  });
});
