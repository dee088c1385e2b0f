import { describe, expect, it } from 'vitest';
import { fromTimestamp, SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { FOREGROUND_FINALIZER } from '../cluster/store';
import { Rng } from '../random';
import type { JsonAny, KubeObject } from '../types';
import { jobController } from './job';
import { kubeletController } from './kubelet';

const jobRef = (name: string) => ({ group: 'batch', kind: 'Job', namespace: 'default', name });

function setup(failures: string[] = []) {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(1), failures });
  cluster.register(kubeletController);
  cluster.register(jobController);
  return cluster;
}

function job(name: string, script: string, spec: JsonAny = {}, restartPolicy = 'Never'): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'default' },
    spec: {
      ...spec,
      template: {
        metadata: { labels: { app: name } },
        spec: {
          restartPolicy,
          containers: [{ name: 'main', image: 'busybox', command: ['sh', '-c', script] }],
        },
      },
    },
  };
}

/** Every pod the Job created, in creation order, as last seen (pods are kept after they are gone). */
function watchPods(cluster: Cluster) {
  const pods = new Map<string, KubeObject>();
  cluster.store.watch((e) => {
    if (e.object.kind === 'Pod' && e.type !== 'DELETED') pods.set(e.object.metadata.name!, e.object);
  });
  return pods;
}

const conditions = (obj: KubeObject) =>
  (obj.status?.conditions ?? []).map((c: JsonAny) => `${c.type}=${c.status}`);

describe('job controller', () => {
  it('fails a Job after backoffLimit + 1 failed pods, waiting 10 s then 20 s before replacing one', () => {
    const cluster = setup();
    const pods = watchPods(cluster);
    cluster.store.create(job('migrate', 'echo trying; exit 1', { backoffLimit: 2 }));
    cluster.clock.advanceTo(120_000);
    const created = [...pods.values()];
    expect(created).toHaveLength(3);
    const finished = (p: KubeObject) =>
      fromTimestamp(p.status.containerStatuses[0].state.terminated.finishedAt);
    const born = (p: KubeObject) => fromTimestamp(p.metadata.creationTimestamp!);
    expect(born(created[1]) - finished(created[0])).toBe(10_000);
    expect(born(created[2]) - finished(created[1])).toBe(20_000);
    const live = cluster.store.get(jobRef('migrate'))!;
    expect(conditions(live)).toEqual(['FailureTarget=True', 'Failed=True']);
    expect(live.status.conditions[1]).toMatchObject({
      reason: 'BackoffLimitExceeded',
      message: 'Job has reached the specified backoff limit',
    });
    expect(live.status).toMatchObject({ failed: 3, ready: 0, terminating: 0 });
    expect(live.status.active).toBeUndefined();
    expect(live.status.completionTime).toBeUndefined();
  });

  it('completes a Job whose pod exits 0, with the log of what it echoed', () => {
    const cluster = setup();
    const pods = watchPods(cluster);
    cluster.store.create(job('seed', 'echo "seeding"; sleep 3; echo "seeded 42 rows"'));
    cluster.clock.advanceTo(30_000);
    const live = cluster.store.get(jobRef('seed'))!;
    expect(conditions(live)).toEqual(['SuccessCriteriaMet=True', 'Complete=True']);
    expect(live.status.conditions[1]).toMatchObject({
      reason: 'CompletionsReached',
      message: 'Reached expected number of succeeded pods',
    });
    expect(live.status).toMatchObject({ succeeded: 1, startTime: '2026-01-01T00:00:00Z' });
    expect(fromTimestamp(live.status.completionTime)).toBeGreaterThanOrEqual(4_000);
    const [pod] = pods.values();
    expect(pod.metadata.name).toMatch(/^seed-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(pod.metadata.labels).toMatchObject({
      app: 'seed',
      'job-name': 'seed',
      'batch.kubernetes.io/job-name': 'seed',
      'controller-uid': live.metadata.uid,
    });
    expect(pod.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: 'seed',
        uid: live.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(cluster.logs.get(`default/${pod.metadata.name}`)).toEqual(['seeding', 'seeded 42 rows']);
  });

  it('runs completions with parallelism', () => {
    const cluster = setup();
    const pods = watchPods(cluster);
    cluster.store.create(job('batch', 'sleep 5', { completions: 3, parallelism: 2 }));
    cluster.clock.advanceTo(1_000);
    expect(cluster.store.get(jobRef('batch'))!.status.active).toBe(2);
    cluster.clock.advanceTo(40_000);
    expect(pods.size).toBe(3);
    expect(cluster.store.get(jobRef('batch'))!.status).toMatchObject({ succeeded: 3 });
  });

  it('creates no pod while suspended, and runs once resumed', () => {
    const cluster = setup();
    const pods = watchPods(cluster);
    cluster.store.create(job('later', 'echo hi', { suspend: true }));
    cluster.clock.advanceTo(10_000);
    let live = cluster.store.get(jobRef('later'))!;
    expect(pods.size).toBe(0);
    expect(live.status.conditions).toEqual([
      expect.objectContaining({
        type: 'Suspended',
        status: 'True',
        reason: 'JobSuspended',
        message: 'Job suspended',
      }),
    ]);
    expect(live.status.startTime).toBeUndefined();
    cluster.store.patch(jobRef('later'), (d) => {
      d.spec.suspend = false;
    });
    cluster.clock.advanceTo(30_000);
    live = cluster.store.get(jobRef('later'))!;
    expect(live.status.conditions[0]).toMatchObject({
      type: 'Suspended',
      status: 'False',
      reason: 'JobResumed',
      message: 'Job resumed',
    });
    expect(live.status.startTime).toBe('2026-01-01T00:00:10Z');
    expect(conditions(live)).toContain('Complete=True');
  });

  it('deletes the running pod when suspended, without counting it as a failure', () => {
    const cluster = setup();
    cluster.store.create(job('long', 'sleep 100'));
    cluster.clock.advanceTo(5_000);
    cluster.store.patch(jobRef('long'), (d) => {
      d.spec.suspend = true;
    });
    cluster.clock.advanceTo(15_000);
    const live = cluster.store.get(jobRef('long'))!;
    expect(cluster.store.list({ kind: 'Pod' })).toHaveLength(0);
    expect(live.status.failed).toBeUndefined();
    expect(live.status.active).toBeUndefined();
  });

  it('deletes a finished Job after ttlSecondsAfterFinished, in the foreground; a hook finalizer keeps it', () => {
    const cluster = setup();
    const hook = job('ttl', 'echo done', { ttlSecondsAfterFinished: 5 });
    hook.metadata.finalizers = ['argocd.argoproj.io/hook-finalizer'];
    cluster.store.create(hook);
    cluster.clock.advanceTo(4_000);
    const completed = fromTimestamp(cluster.store.get(jobRef('ttl'))!.status.completionTime);
    cluster.clock.advanceTo(completed + 4_900);
    expect(cluster.store.get(jobRef('ttl'))!.metadata.deletionTimestamp).toBeUndefined();
    cluster.clock.advanceTo(completed + 5_100);
    const live = cluster.store.get(jobRef('ttl'))!;
    expect(live.metadata.deletionTimestamp).toBeDefined();
    expect(live.metadata.finalizers).toEqual(['argocd.argoproj.io/hook-finalizer', FOREGROUND_FINALIZER]);
  });

  it('makes the pods of a Job named by --fail exit 1', () => {
    const cluster = setup(['job/default/migrate']);
    const pods = watchPods(cluster);
    cluster.store.create(job('migrate', 'echo all good', { backoffLimit: 0 }));
    cluster.clock.advanceTo(30_000);
    expect(pods.size).toBe(1);
    const [pod] = pods.values();
    expect(pod.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(conditions(cluster.store.get(jobRef('migrate'))!)).toEqual(['FailureTarget=True', 'Failed=True']);
  });

  it('fails with DeadlineExceeded after activeDeadlineSeconds, once its pod is gone', () => {
    const cluster = setup();
    cluster.store.create(job('slow', 'sleep 600', { activeDeadlineSeconds: 10 }));
    cluster.clock.advanceTo(10_100);
    let live = cluster.store.get(jobRef('slow'))!;
    expect(conditions(live)).toEqual(['FailureTarget=True']);
    expect(live.status.terminating).toBe(1);
    cluster.clock.advanceTo(15_000);
    live = cluster.store.get(jobRef('slow'))!;
    expect(conditions(live)).toEqual(['FailureTarget=True', 'Failed=True']);
    expect(live.status.conditions[1]).toMatchObject({
      reason: 'DeadlineExceeded',
      message: 'Job was active longer than specified deadline',
    });
  });

  it('counts OnFailure restarts towards backoffLimit', () => {
    const cluster = setup();
    const pods = watchPods(cluster);
    cluster.store.create(job('flaky', 'exit 1', { backoffLimit: 1 }, 'OnFailure'));
    cluster.clock.advanceTo(60_000);
    expect(pods.size).toBe(1);
    const [pod] = pods.values();
    expect(pod.status.containerStatuses[0].restartCount).toBe(2);
    expect(conditions(cluster.store.get(jobRef('flaky'))!)).toEqual(['FailureTarget=True', 'Failed=True']);
  });
});
