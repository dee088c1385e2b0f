import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { endpointsController } from './endpoints';
import { jobController } from './job';
import { kubeletController } from './kubelet';

const objects: KubeObject[] = [
  {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }] },
  },
  ...[1, 2, 3].map((i) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `web-${i}`, labels: { app: 'web' } },
    spec: { containers: [{ name: 'web', image: 'nginx:1.25', readinessProbe: { httpGet: { port: 80 } } }] },
  })),
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'crash', annotations: { 'sandbox.argocd.dev/crash-loop': 'true' } },
    spec: { containers: [{ name: 'c', image: 'busybox' }] },
  },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'smoke' },
    spec: {
      backoffLimit: 2,
      template: {
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'c',
              image: 'curlimages/curl',
              command: ['sh', '-c', 'sleep 1; curl -sf http://web/ || exit 1'],
            },
          ],
        },
      },
    },
  },
];

/** Every watch event of a run, serialised, plus the pods' logs. */
function history(seed: number): string {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(seed), failures: ['job/smoke'] });
  for (const c of [kubeletController, jobController, endpointsController]) cluster.register(c);
  const events: string[] = [];
  cluster.store.watch((e) => events.push(JSON.stringify([cluster.clock.now(), e.type, e.object])));
  for (const obj of objects) cluster.store.create(obj);
  cluster.clock.advanceTo(5 * 60_000);
  cluster.store.delete({ group: '', kind: 'Pod', namespace: 'default', name: 'web-1' });
  cluster.clock.advanceTo(6 * 60_000);
  return events.join('\n') + JSON.stringify([...cluster.logs]);
}

describe('kubelet, job and endpoints determinism', () => {
  it('gives the same store history for the same seed, byte for byte', () => {
    expect(history(7)).toBe(history(7));
  });

  it('gives a different history for another seed (jitter and names come from the seed)', () => {
    expect(history(8)).not.toBe(history(7));
  });
});
