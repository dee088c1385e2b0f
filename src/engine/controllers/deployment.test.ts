import { describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import { healthOf } from '../health/healthOf';
import type { JsonAny, KubeObject } from '../types';
import { deploymentController } from './deployment';
import { replicaSetController } from './replicaSet';
import {
  deploymentManifest,
  get,
  imageOf,
  isReady,
  live,
  runUntil,
  testCluster,
} from '../../../test/kits/controllers.testKit';

function setup(failures: string[] = []): Cluster {
  return testCluster([deploymentController, replicaSetController], { failures });
}

const health = (obj: KubeObject | undefined) => (obj ? healthOf(obj)?.status : 'Missing');
const web = (cluster: Cluster) => get(cluster, 'Deployment', 'web')!;
const conditionOf = (d: KubeObject, type: string) =>
  d.status.conditions.find((c: JsonAny) => c.type === type);
/** Images of the ReplicaSets with their sizes. */
const sizes = (cluster: Cluster) =>
  Object.fromEntries(live(cluster, 'ReplicaSet').map((rs) => [imageOf(rs.spec.template), rs.spec.replicas]));

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
    expect(web(cluster).metadata.annotations!['deployment.kubernetes.io/revision']).toBe('1');
    const pods = live(cluster, 'Pod');
    expect(pods).toHaveLength(3);
    for (const pod of pods) expect(pod.metadata.name).toMatch(new RegExp(`^web-${hash}-[a-z0-9]{5}$`));
  });

  it('goes Progressing → Healthy as the pods become ready', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web'));
    cluster.clock.advanceTo(1000);
    expect(healthOf(web(cluster))).toEqual({
      status: 'Progressing',
      message: 'Waiting for rollout to finish: 0 of 3 updated replicas are available...',
    });
    cluster.clock.advanceTo(15_000);
    const d = web(cluster);
    expect(health(d)).toBe('Healthy');
    expect(d.status).toMatchObject({
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
    });
    expect(d.status.conditions.map((c: JsonAny) => [c.type, c.status, c.reason])).toEqual([
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
    cluster.clock.advanceTo(15_000);
    let minReady = Infinity;
    let minAvailable = Infinity;
    let maxPods = 0;
    cluster.store.watch(() => {
      const pods = live(cluster, 'Pod').filter((p) => !p.metadata.deletionTimestamp);
      minReady = Math.min(minReady, pods.filter(isReady).length);
      minAvailable = Math.min(minAvailable, web(cluster).status?.availableReplicas ?? 0);
      maxPods = Math.max(maxPods, pods.length);
    });
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec: { strategy } }));
    cluster.clock.advanceTo(16_000);
    expect(health(web(cluster))).toBe('Progressing');
    cluster.clock.advanceTo(90_000);
    expect(minReady).toBeGreaterThanOrEqual(3);
    expect(minAvailable).toBeGreaterThanOrEqual(3);
    expect(maxPods).toBe(4);
    expect(health(web(cluster))).toBe('Healthy');
    expect(web(cluster).metadata.annotations!['deployment.kubernetes.io/revision']).toBe('2');
    expect(sizes(cluster)).toEqual({ 'app:v1': 0, 'app:v2': 3 });
    expect(live(cluster, 'Pod').map(imageOf)).toEqual(['app:v2', 'app:v2', 'app:v2']);
  });

  it('rolls back by scaling the old ReplicaSet up again with the next revision', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(15_000);
    const v1 = live(cluster, 'ReplicaSet')[0].metadata.name!;
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2' }));
    cluster.clock.advanceTo(60_000);
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(120_000);
    const rs = get(cluster, 'ReplicaSet', v1)!;
    expect(rs.spec.replicas).toBe(3);
    expect(rs.metadata.annotations).toMatchObject({
      'deployment.kubernetes.io/revision': '3',
      'deployment.kubernetes.io/revision-history': '1',
    });
    expect(sizes(cluster)).toEqual({ 'app:v1': 3, 'app:v2': 0 });
    expect(health(web(cluster))).toBe('Healthy');
  });

  it('Recreate stops every old pod before the first new one is created', () => {
    const cluster = setup();
    const spec = { strategy: { type: 'Recreate' } };
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1', spec }));
    cluster.clock.advanceTo(15_000);
    let overlap = false;
    cluster.store.watch(() => {
      if (new Set(live(cluster, 'Pod').map(imageOf)).size > 1) overlap = true;
    });
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec }));
    cluster.clock.advanceTo(60_000);
    expect(overlap).toBe(false);
    expect(live(cluster, 'Pod').map(imageOf)).toEqual(['app:v2', 'app:v2', 'app:v2']);
    expect(health(web(cluster))).toBe('Healthy');
  });

  it('deletes old ReplicaSets beyond revisionHistoryLimit', () => {
    const cluster = setup();
    const spec = { revisionHistoryLimit: 1 };
    for (const [i, image] of ['app:v1', 'app:v2', 'app:v3'].entries()) {
      cluster.store.apply(deploymentManifest('web', { image, spec }));
      cluster.clock.advanceTo((i + 1) * 60_000);
    }
    expect(sizes(cluster)).toEqual({ 'app:v2': 0, 'app:v3': 3 });
  });

  it('waits minReadySeconds before counting a ready pod as available', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 1, spec: { minReadySeconds: 10 } }));
    cluster.clock.advanceTo(8_000);
    expect(web(cluster).status).toMatchObject({ readyReplicas: 1 });
    expect(web(cluster).status.availableReplicas).toBeUndefined();
    expect(health(web(cluster))).toBe('Progressing');
    cluster.clock.advanceTo(20_000);
    expect(web(cluster).status).toMatchObject({ availableReplicas: 1 });
    expect(health(web(cluster))).toBe('Healthy');
  });

  it('scales a running Deployment without a rollout', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 2 }));
    cluster.clock.advanceTo(15_000);
    cluster.store.apply(deploymentManifest('web', { replicas: 5 }));
    cluster.clock.advanceTo(30_000);
    expect(live(cluster, 'ReplicaSet')).toHaveLength(1);
    expect(live(cluster, 'Pod')).toHaveLength(5);
    expect(health(web(cluster))).toBe('Healthy');
  });
});

describe('proportional scaling', () => {
  it('shares a replicas change mid-rollout between the old and new ReplicaSets', () => {
    // The example of the Kubernetes documentation: 10 replicas, maxSurge 3, maxUnavailable 2, a rollout to
    // an image that cannot be pulled stalls at 8 old + 5 new; scaling to 15 gives 12 old + 7 new.
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { replicas: 10, image: 'app:v1' }));
    cluster.clock.advanceTo(15_000);
    cluster.store.apply(deploymentManifest('web', { replicas: 10, image: 'app:doesnotexist' }));
    cluster.clock.advanceTo(45_000);
    expect(sizes(cluster)).toEqual({ 'app:v1': 8, 'app:doesnotexist': 5 });
    cluster.store.apply(deploymentManifest('web', { replicas: 15, image: 'app:doesnotexist' }));
    cluster.clock.advanceTo(60_000);
    expect(sizes(cluster)).toEqual({ 'app:v1': 12, 'app:doesnotexist': 7 });
  });
});

describe('progress deadline', () => {
  // A readiness probe (ready after ~2 s) on a container made to exit after 1 s: the pods never become ready.
  const crashing = (spec = {}) =>
    deploymentManifest('api', { spec, container: { readinessProbe: { httpGet: { path: '/', port: 80 } } } });
  const api = (cluster: Cluster) => get(cluster, 'Deployment', 'api')!;

  it('turns a crash-looping Deployment Degraded exactly at progressDeadlineSeconds', () => {
    const cluster = setup(['Deployment/api']);
    cluster.store.apply(crashing({ progressDeadlineSeconds: 60 }));
    cluster.clock.advanceTo(30_000);
    expect(live(cluster, 'Pod').some((p) => p.status?.containerStatuses?.[0]?.restartCount > 0)).toBe(true);
    cluster.clock.advanceTo(59_999);
    expect(health(api(cluster))).toBe('Progressing');
    cluster.clock.advanceTo(60_000);
    expect(healthOf(api(cluster))).toEqual({
      status: 'Degraded',
      message: 'Deployment "api" exceeded its progress deadline',
    });
    const rsName = live(cluster, 'ReplicaSet')[0].metadata.name;
    expect(conditionOf(api(cluster), 'Progressing')).toEqual({
      type: 'Progressing',
      status: 'False',
      lastUpdateTime: '2026-01-01T00:01:00Z',
      lastTransitionTime: '2026-01-01T00:01:00Z',
      reason: 'ProgressDeadlineExceeded',
      message: `ReplicaSet "${rsName}" has timed out progressing.`,
    });
  });

  it('defaults the deadline to 600 s', () => {
    const cluster = setup(['Deployment/api']);
    cluster.store.apply(crashing());
    cluster.clock.advanceTo(599_999);
    expect(health(api(cluster))).toBe('Progressing');
    cluster.clock.advanceTo(600_000);
    expect(health(api(cluster))).toBe('Degraded');
  });
  it('does not re-measure a finished rollout when a pod goes away later, and the clock moves on', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { spec: { progressDeadlineSeconds: 60 } }));
    cluster.clock.advanceTo(100_000);
    const [pod] = live(cluster, 'Pod');
    cluster.store.delete({ group: '', kind: 'Pod', namespace: 'default', name: pod.metadata.name! });
    runUntil(cluster, 200_000);
    expect(conditionOf(web(cluster), 'Progressing').reason).toBe('NewReplicaSetAvailable');
    expect(health(web(cluster))).toBe('Healthy');
  });
});

describe('paused', () => {
  it('is Suspended and rolls nothing out until resumed', () => {
    const cluster = setup();
    cluster.store.apply(deploymentManifest('web', { image: 'app:v1' }));
    cluster.clock.advanceTo(15_000);
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2', spec: { paused: true } }));
    cluster.clock.advanceTo(45_000);
    expect(healthOf(web(cluster))).toEqual({ status: 'Suspended', message: 'Deployment is paused' });
    expect(conditionOf(web(cluster), 'Progressing').reason).toBe('DeploymentPaused');
    expect(sizes(cluster)).toEqual({ 'app:v1': 3 });
    cluster.store.apply(deploymentManifest('web', { image: 'app:v2' }));
    cluster.clock.advanceTo(90_000);
    expect(health(web(cluster))).toBe('Healthy');
    expect(live(cluster, 'Pod').map(imageOf)).toEqual(['app:v2', 'app:v2', 'app:v2']);
  });
});
