import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import { garbageCollector } from './garbageCollector';
import { deploymentManifest, runUntil, testCluster } from '../../../test/kits/controllers.testKit';
import { workloadControllers } from './workloadControllers';

const manifests: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } },
  deploymentManifest('web'),
  {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'db', namespace: 'default' },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'db' } },
      template: {
        metadata: { labels: { app: 'db' } },
        spec: { containers: [{ name: 'db', image: 'postgres:16' }] },
      },
      volumeClaimTemplates: [
        { metadata: { name: 'data' }, spec: { resources: { requests: { storage: '1Gi' } } } },
      ],
    },
  },
  {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: {
        metadata: { labels: { app: 'agent' } },
        spec: { containers: [{ name: 'a', image: 'agent:1' }] },
      },
    },
  },
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80 }] },
  },
  // A Deployment whose pods crash-loop (`failures` below) and never become ready, until its deadline.
  deploymentManifest('api', {
    spec: { progressDeadlineSeconds: 20 },
    container: { readinessProbe: { httpGet: { path: '/', port: 80 } } },
  }),
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'stuck', namespace: 'default' },
    spec: { storageClassName: 'sandbox-unbindable', resources: { requests: { storage: '1Gi' } } },
  },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } },
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'shop' } },
];

/** Run one timeline and return every change the store saw, with its virtual time. */
function history(seed: number): string[] {
  const cluster = testCluster([...workloadControllers], { seed, failures: ['Deployment/api'] });
  garbageCollector(cluster);
  const log: string[] = [];
  cluster.store.watch((e) => log.push(`${cluster.clock.now()} ${e.type} ${JSON.stringify(e.object)}`));
  for (const m of manifests) cluster.store.apply(m);
  runUntil(cluster, 30_000);
  cluster.store.apply(deploymentManifest('web', { image: 'nginx:1.28' }));
  runUntil(cluster, 60_000);
  cluster.store.delete(
    { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' },
    { propagationPolicy: 'Foreground' },
  );
  cluster.store.delete({ group: '', kind: 'Namespace', namespace: '', name: 'shop' });
  runUntil(cluster, 90_000);
  return log;
}

const podNames = (log: string[]) =>
  log
    .filter((l) => l.includes(' ADDED {"apiVersion":"v1","kind":"Pod"'))
    .map((l) => (JSON.parse(l.slice(l.indexOf('{'))) as JsonAny).metadata.name);

describe('determinism', () => {
  it('same seed → identical store history, byte for byte', () => {
    const a = history(7);
    const b = history(7);
    expect(a.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
  });

  it('another seed → other generated pod names', () => {
    expect(podNames(history(8))).not.toEqual(podNames(history(7)));
  });
});
