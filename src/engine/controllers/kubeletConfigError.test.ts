import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { JsonAny, KubeObject } from '../types';
import { kubeletController } from './kubelet';
import { podDisplayState } from './podDisplayState';

// The kubelet builds a container's environment after the pull and before the create (kubelet_pods.go
// makeEnvironmentVariables): a missing ConfigMap or Secret, or key, is CreateContainerConfigError, retried after
// the pod worker's back-off until the source exists. helm-post-install-deadlock is built on it.

function setup() {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(1), failures: [] });
  cluster.register(kubeletController);
  return cluster;
}

function pod(name: string, container: JsonAny): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'busybox:1.36', ...container }] },
  };
}

const secret = (name: string, data: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace: 'default' },
  data,
});

function stateOf(cluster: Cluster, name: string) {
  const p = cluster.store.get({ group: '', kind: 'Pod', namespace: 'default', name })!;
  return { ...podDisplayState(p), waiting: p.status?.containerStatuses?.[0]?.state?.waiting };
}

const server = { command: ['sh', '-c', 'echo "password is $DB_PASSWORD"; sleep 3600'] };

describe('kubelet: a container whose environment cannot be built', () => {
  it("waits in CreateContainerConfigError with the kubelet's words while the Secret is missing", () => {
    const cluster = setup();
    const ref = { secretKeyRef: { name: 'db-credentials', key: 'password' } };
    cluster.store.create(pod('api', { ...server, env: [{ name: 'DB_PASSWORD', valueFrom: ref }] }));
    cluster.clock.advanceTo(60_000);
    const s = stateOf(cluster, 'api');
    // kubectl's STATUS column says the waiting reason; the page folds it into its Error state.
    expect(s.kubectlStatus).toBe('CreateContainerConfigError');
    expect(s.waiting).toEqual({
      reason: 'CreateContainerConfigError',
      message: 'secret "db-credentials" not found',
    });
  });

  it('starts at the next retry once the Secret exists, with the value it holds then', () => {
    const cluster = setup();
    const ref = { secretKeyRef: { name: 'db-credentials', key: 'password' } };
    cluster.store.create(pod('api', { ...server, env: [{ name: 'DB_PASSWORD', valueFrom: ref }] }));
    cluster.clock.advanceTo(30_000);
    cluster.store.create(secret('db-credentials', { password: 'czNjcjN0' }));
    // The pod worker's back-off is 10 s, jittered by up to half: the container runs within 15 s.
    cluster.clock.advanceTo(46_000);
    expect(stateOf(cluster, 'api').kubectlStatus).toBe('Running');
    expect(cluster.logs.get('default/api')?.join('\n')).toContain('password is s3cr3t');
  });

  it('names a missing key, and a missing ConfigMap of envFrom', () => {
    const cluster = setup();
    cluster.store.create(secret('db-credentials', { user: 'YXBw' }));
    const key = { secretKeyRef: { name: 'db-credentials', key: 'password' } };
    cluster.store.create(pod('key', { ...server, env: [{ name: 'DB_PASSWORD', valueFrom: key }] }));
    cluster.store.create(pod('from', { ...server, envFrom: [{ configMapRef: { name: 'settings' } }] }));
    cluster.clock.advanceTo(20_000);
    expect(stateOf(cluster, 'key').waiting?.message).toBe(
      "couldn't find key password in Secret default/db-credentials",
    );
    expect(stateOf(cluster, 'from').waiting?.message).toBe('configmap "settings" not found');
  });

  it('starts at once when the missing source is optional', () => {
    const cluster = setup();
    const ref = { secretKeyRef: { name: 'db-credentials', key: 'password', optional: true } };
    cluster.store.create(pod('api', { ...server, env: [{ name: 'DB_PASSWORD', valueFrom: ref }] }));
    cluster.clock.advanceTo(10_000);
    expect(stateOf(cluster, 'api').kubectlStatus).toBe('Running');
  });
});
