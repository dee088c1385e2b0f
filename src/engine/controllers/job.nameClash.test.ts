import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { jobController } from './job';
import { live, testCluster } from '../../../test/kits/controllers.testKit';

const migrateJob: KubeObject = {
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'migrate', namespace: 'default' },
  spec: {
    template: {
      metadata: { labels: { app: 'migrate' } },
      spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox', command: ['true'] }] },
    },
  },
};

/**
 * The API server answers AlreadyExists when the random suffix of `generateName` hits a name in use; the Job
 * controller (like the ReplicaSet and DaemonSet controllers) then creates the pod again under another name
 * (Kubernetes `pkg/controller/job` retries through its sync loop). The clash is forced, not left to a seed.
 */
describe('job controller: generated pod name already in use', () => {
  afterEach(() => vi.restoreAllMocks());

  it('retries with another name instead of failing, and leaves the other pod alone', () => {
    const cluster = testCluster([jobController]);
    cluster.store.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'migrate-xxxxx', namespace: 'default', labels: { owner: 'someone-else' } },
      spec: { containers: [{ name: 'main', image: 'busybox', command: ['sleep', '3600'] }] },
    });
    // The next generated suffix is the one already taken; the following ones come from the seeded generator.
    vi.spyOn(Rng.prototype, 'suffix').mockReturnValueOnce('xxxxx');
    cluster.store.create(migrateJob);
    cluster.clock.advanceTo(60_000);

    const pods = live(cluster, 'Pod').map((p) => p.metadata.name!);
    const jobPods = pods.filter((n) => n !== 'migrate-xxxxx');
    expect(jobPods).toHaveLength(1);
    expect(jobPods[0]).toMatch(/^migrate-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const other = live(cluster, 'Pod').find((p) => p.metadata.name === 'migrate-xxxxx')!;
    expect(other.metadata.labels).toEqual({ owner: 'someone-else' });
    const job = live(cluster, 'Job').find((j) => j.metadata.name === 'migrate')!;
    expect(job.status.succeeded).toBe(1);
  });
});
