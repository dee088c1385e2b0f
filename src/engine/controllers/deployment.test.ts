import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import { deploymentController } from './deployment';
import { kubeletController } from './kubelet';
import { replicaSetController } from './replicaSet';
import { CRASH_ANNOTATION, deploymentManifest, fakeKubelet, get, live, testCluster } from './testKit';

function setup(seed = 1) {
  return testCluster([deploymentController, replicaSetController, kubeletController], seed, [
    'Deployment/api',
  ]);
}

const health = (obj: KubeObject | undefined) => (obj ? healthOf(obj)?.status : 'Missing');

describe('deploymentController', () => {
  it('creates a ReplicaSet named after the template hash, and its pods', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web'));
    cluster.clock.advanceTo(500);
    const [rs] = live(cluster, 'ReplicaSet');
    const hash = rs.metadata.labels!['pod-template-hash'];
    expect(hash).toHaveLength(10);
    expect(rs.metadata.name).toBe(`web-${hash}`);
    expect(rs.metadata.annotations!['deployment.kubernetes.io/revision']).toBe('1');
    const pods = live(cluster, 'Pod');
    expect(pods).toHaveLength(3);
    for (const pod of pods) expect(pod.metadata.name).toMatch(new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
  });

  it('goes Progressing → Healthy as the pods become ready', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web'));
    cluster.clock.advanceTo(1000);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Progressing');
    cluster.clock.advanceTo(5000);
    const d = get(cluster, 'Deployment', 'web')!;
    expect(health(d)).toBe('Healthy');
    expect(d.status).toMatchObject({
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
    });
    expect(d.status.conditions.map((c: KubeObject) => [c.type, c.status, c.reason])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'True', 'NewReplicaSetAvailable'],
    ]);
  });
});

describe('rolling update', () => {
  it('from v1 to v2 with maxSurge 1 / maxUnavailable 0 keeps 3 available and ends on the new ReplicaSet', () => {
    const cluster = setup();
    const strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } };
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1', spec: { strategy } }));
    cluster.clock.advanceTo(10_000);
    let minReady = Infinity;
    let maxPods = 0;
    let minAvailable = Infinity;
    cluster.store.watch(() => {
      const pods = live(cluster, 'Pod').filter((p) => !p.metadata.deletionTimestamp);
      const ready = pods.filter((p) =>
        p.status?.conditions?.some((c: KubeObject) => c.type === 'Ready' && c.status === 'True'),
      );
      minReady = Math.min(minReady, ready.length);
      maxPods = Math.max(maxPods, pods.length);
      minAvailable = Math.min(
        minAvailable,
        get(cluster, 'Deployment', 'web')!.status?.availableReplicas ?? 0,
      );
    });
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec: { strategy } }));
    cluster.clock.advanceTo(11_000);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Progressing');
    cluster.clock.advanceTo(40_000);
    expect(minReady).toBeGreaterThanOrEqual(3);
    expect(minAvailable).toBeGreaterThanOrEqual(3);
    expect(maxPods).toBe(4);
    const d = get(cluster, 'Deployment', 'web')!;
    expect(health(d)).toBe('Healthy');
    expect(d.metadata.annotations!['deployment.kubernetes.io/revision']).toBe('2');
    const sets = live(cluster, 'ReplicaSet').map((rs) => [
      rs.spec.template.spec.containers[0].image,
      rs.spec.replicas,
    ]);
    expect(sets.sort()).toEqual([
      ['app:v1', 0],
      ['app:v2', 3],
    ]);
    expect(live(cluster, 'Pod').map((p) => p.spec.containers[0].image)).toEqual([
      'app:v2',
      'app:v2',
      'app:v2',
    ]);
  });

  it('rolls back by scaling the old ReplicaSet up again with the next revision', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(10_000);
    const v1 = live(cluster, 'ReplicaSet')[0].metadata.name;
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2' }));
    cluster.clock.advanceTo(40_000);
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(80_000);
    const rs = get(cluster, 'ReplicaSet', v1!)!;
    expect(rs.spec.replicas).toBe(3);
    expect(rs.metadata.annotations).toMatchObject({
      'deployment.kubernetes.io/revision': '3',
      'deployment.kubernetes.io/revision-history': '1',
    });
    expect(live(cluster, 'ReplicaSet')).toHaveLength(2);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Healthy');
  });

  it('Recreate stops every old pod before the first new one starts', () => {
    const cluster = setup();
    const spec = { strategy: { type: 'Recreate' } };
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1', spec }));
    cluster.clock.advanceTo(10_000);
    let overlap = false;
    cluster.store.watch(() => {
      const images = new Set(live(cluster, 'Pod').map((p) => p.spec.containers[0].image));
      if (images.size > 1) overlap = true;
    });
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec }));
    cluster.clock.advanceTo(40_000);
    expect(overlap).toBe(false);
    expect(live(cluster, 'Pod').map((p) => p.spec.containers[0].image)).toEqual([
      'app:v2',
      'app:v2',
      'app:v2',
    ]);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Healthy');
  });

  it('deletes old ReplicaSets beyond revisionHistoryLimit', () => {
    const cluster = setup();
    const spec = { revisionHistoryLimit: 1 };
    for (const [i, image] of ['app:v1', 'app:v2', 'app:v3'].entries()) {
      cluster.store.apply(deploymentManifest('web', { image, spec }));
      cluster.clock.advanceTo((i + 1) * 30_000);
    }
    const images = live(cluster, 'ReplicaSet').map((rs) => rs.spec.template.spec.containers[0].image);
    expect(images.sort()).toEqual(['app:v2', 'app:v3']);
  });

  it('waits minReadySeconds before counting a ready pod as available', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 1, spec: { minReadySeconds: 10 } }));
    cluster.clock.advanceTo(5_000);
    expect(get(cluster, 'Deployment', 'web')!.status).toMatchObject({ readyReplicas: 1 });
    expect(get(cluster, 'Deployment', 'web')!.status.availableReplicas).toBeUndefined();
    cluster.clock.advanceTo(13_000);
    expect(get(cluster, 'Deployment', 'web')!.status).toMatchObject({ availableReplicas: 1 });
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Healthy');
  });

  it('scales a running Deployment without a rollout', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 2 }));
    cluster.clock.advanceTo(10_000);
    cluster.store.apply(deploymentManifest('web', { replicas: 5 }));
    cluster.clock.advanceTo(20_000);
    expect(live(cluster, 'ReplicaSet')).toHaveLength(1);
    expect(live(cluster, 'Pod')).toHaveLength(5);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Healthy');
  });
});

describe('proportional scaling', () => {
  it('shares a replicas change mid-rollout between the old and new ReplicaSets', () => {
    // The example of the Kubernetes documentation: 10 replicas, maxSurge 3, maxUnavailable 2, a rollout to
    // an image that never becomes ready stalls at 8 old + 5 new; scaling to 15 gives 12 old + 7 new.
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 10, image: 'app:v1' }));
    cluster.clock.advanceTo(10_000);
    const crashing = { [CRASH_ANNOTATION]: 'true' };
    cluster.store.apply(
      deploymentManifest('web', { replicas: 10, image: 'app:v2', podAnnotations: crashing }),
    );
    cluster.clock.advanceTo(30_000);
    const sizes = () =>
      Object.fromEntries(
        live(cluster, 'ReplicaSet').map((rs) => [
          rs.spec.template.spec.containers[0].image,
          rs.spec.replicas,
        ]),
      );
    expect(sizes()).toEqual({ 'app:v1': 8, 'app:v2': 5 });
    cluster.store.apply(
      deploymentManifest('web', { replicas: 15, image: 'app:v2', podAnnotations: crashing }),
    );
    cluster.clock.advanceTo(40_000);
    expect(sizes()).toEqual({ 'app:v1': 12, 'app:v2': 7 });
  });
});

describe('progress deadline', () => {
  const crashing = (spec = {}) =>
    deploymentManifest('api', { podAnnotations: { [CRASH_ANNOTATION]: 'true' }, spec });

  it('turns a crash-looping Deployment Degraded exactly at progressDeadlineSeconds', () => {
    const cluster = setup();
    cluster.store.apply(crashing({ progressDeadlineSeconds: 60 }));
    cluster.clock.advanceTo(59_999);
    expect(health(get(cluster, 'Deployment', 'api'))).toBe('Progressing');
    cluster.clock.advanceTo(60_000);
    const d = get(cluster, 'Deployment', 'api')!;
    expect(healthOf(d)).toEqual({
      status: 'Degraded',
      message: 'Deployment "api" exceeded its progress deadline',
    });
    const rsName = live(cluster, 'ReplicaSet')[0].metadata.name;
    expect(d.status.conditions.find((c: KubeObject) => c.type === 'Progressing')).toEqual({
      type: 'Progressing',
      status: 'False',
      lastUpdateTime: '2026-01-01T00:01:00Z',
      lastTransitionTime: '2026-01-01T00:01:00Z',
      reason: 'ProgressDeadlineExceeded',
      message: `ReplicaSet "${rsName}" has timed out progressing.`,
    });
  });

  it('defaults the deadline to 600 s', () => {
    const cluster = setup();
    cluster.store.apply(crashing());
    cluster.clock.advanceTo(599_999);
    expect(health(get(cluster, 'Deployment', 'api'))).toBe('Progressing');
    cluster.clock.advanceTo(600_000);
    expect(health(get(cluster, 'Deployment', 'api'))).toBe('Degraded');
  });
});

describe('paused', () => {
  it('is Suspended and rolls nothing out until resumed', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(10_000);
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec: { paused: true } }));
    cluster.clock.advanceTo(30_000);
    const d = get(cluster, 'Deployment', 'web')!;
    expect(healthOf(d)).toEqual({ status: 'Suspended', message: 'Deployment is paused' });
    expect(d.status.conditions.find((c: KubeObject) => c.type === 'Progressing').reason).toBe(
      'DeploymentPaused',
    );
    expect(live(cluster, 'ReplicaSet')).toHaveLength(1);
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2' }));
    cluster.clock.advanceTo(60_000);
    expect(health(get(cluster, 'Deployment', 'web'))).toBe('Healthy');
    expect(live(cluster, 'Pod').map((p) => p.spec.containers[0].image)).toEqual([
      'app:v2',
      'app:v2',
      'app:v2',
    ]);
  });
});
