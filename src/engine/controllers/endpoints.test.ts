import { describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { JsonAny, KubeObject } from '../types';
import { endpointsController } from './endpoints';
import { jobController } from './job';
import { kubeletController } from './kubelet';

const ref = (kind: string, name: string, namespace = 'default') => ({
  group: kind === 'Job' ? 'batch' : '',
  kind,
  namespace,
  name,
});

function setup() {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(3) });
  for (const c of [kubeletController, jobController, endpointsController]) cluster.register(c);
  return cluster;
}

function service(name: string, app: string, spec: JsonAny = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default', labels: { team: 'shop' } },
    spec: { selector: { app }, ports: [{ name: 'http', port: 80, targetPort: 'http' }], ...spec },
  };
}

function server(name: string, app: string, image = 'ghcr.io/stefanprodan/podinfo:6.5.0'): KubeObject {
  const container = {
    name: 'app',
    image,
    ports: [{ name: 'http', containerPort: 9898 }],
    readinessProbe: { httpGet: { port: 9898 } },
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app } },
    spec: { containers: [container] },
  };
}

/** Run `script` in a one-shot Job's pod; returns its log and exit code once it has finished. */
function runInJob(cluster: Cluster, name: string, script: string) {
  cluster.store.create({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'default' },
    spec: {
      backoffLimit: 0,
      template: {
        spec: {
          restartPolicy: 'Never',
          containers: [{ name: 'probe', image: 'curlimages/curl:8.10.1', command: ['sh', '-c', script] }],
        },
      },
    },
  });
  cluster.clock.advanceBy(10_000);
  const pod = cluster.store.list({ kind: 'Pod', labels: { 'job-name': name } })[0];
  return {
    log: cluster.logs.get(`default/${pod.metadata.name}`) ?? [],
    exitCode: pod.status.containerStatuses[0].state.terminated?.exitCode,
  };
}

describe('endpoints controller', () => {
  it('lists a pod as not ready, then ready, then drops it while it terminates', () => {
    const cluster = setup();
    cluster.store.create(service('backend', 'backend'));
    cluster.store.create(server('backend-1', 'backend'));
    const subsets = () => cluster.store.get(ref('Endpoints', 'backend'))?.subsets;
    cluster.clock.advanceTo(1_000);
    expect(subsets()).toEqual([
      {
        notReadyAddresses: [
          expect.objectContaining({
            ip: expect.stringMatching(/^10\.244\./),
            targetRef: expect.objectContaining({ kind: 'Pod', name: 'backend-1' }),
          }),
        ],
        ports: [{ name: 'http', port: 9898, protocol: 'TCP' }],
      },
    ]);
    cluster.clock.advanceTo(10_000);
    expect(subsets()[0].addresses).toHaveLength(1);
    expect(subsets()[0].notReadyAddresses).toBeUndefined();
    cluster.store.delete(ref('Pod', 'backend-1'));
    cluster.clock.advanceBy(100);
    expect(subsets()).toBeUndefined();
    const endpoints = cluster.store.get(ref('Endpoints', 'backend'))!;
    expect(endpoints.metadata.labels).toEqual({ team: 'shop' });
  });

  it('removes the Endpoints with their Service', () => {
    const cluster = setup();
    cluster.store.create(service('backend', 'backend'));
    cluster.clock.advanceTo(1_000);
    cluster.store.delete(ref('Service', 'backend'));
    cluster.clock.advanceTo(2_000);
    expect(cluster.store.get(ref('Endpoints', 'backend'))).toBeUndefined();
  });
});

describe('curl inside the cluster', () => {
  it('cannot connect to a Service without ready endpoints (exit 7), and gets 200 once there is one', () => {
    const cluster = setup();
    cluster.store.create(service('backend', 'backend'));
    const before = runInJob(cluster, 'early', 'curl -sS -f http://backend/healthz');
    expect(before).toEqual({
      log: ["curl: (7) Failed to connect to backend port 80 after 0 ms: Couldn't connect to server"],
      exitCode: 7,
    });
    cluster.store.create(server('backend-1', 'backend'));
    cluster.clock.advanceBy(10_000);
    expect(
      runInJob(cluster, 'late', 'curl -sf http://backend.default.svc.cluster.local/healthz && echo up'),
    ).toEqual({ log: ['up'], exitCode: 0 });
  });

  it('does not resolve an unknown host (exit 6)', () => {
    const cluster = setup();
    expect(runInJob(cluster, 'dns', 'curl -f http://payments.prod:8080/')).toEqual({
      log: ['curl: (6) Could not resolve host: payments.prod'],
      exitCode: 6,
    });
  });

  it('gets 503 from podinfo /status/503 and exits 22 with -f', () => {
    const cluster = setup();
    cluster.store.create(service('podinfo', 'podinfo'));
    cluster.store.create(server('podinfo-1', 'podinfo'));
    cluster.clock.advanceTo(10_000);
    expect(runInJob(cluster, 'check', 'curl -f http://podinfo.default.svc/status/503')).toEqual({
      log: ['curl: (22) The requested URL returned error: 503'],
      exitCode: 22,
    });
    expect(
      runInJob(cluster, 'plain', 'curl -s -o /dev/null -w "%{http_code}" http://podinfo/status/418'),
    ).toEqual({
      log: ['418'],
      exitCode: 0,
    });
  });

  it('waits in a retry loop until the backend becomes ready', () => {
    const cluster = setup();
    cluster.store.create(service('db', 'db'));
    cluster.store.create({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'wait', namespace: 'default' },
      spec: {
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [
              {
                name: 'w',
                image: 'busybox',
                command: ['sh', '-c', 'until nc -z db 80; do echo waiting; sleep 2; done; echo ready'],
              },
            ],
          },
        },
      },
    });
    cluster.clock.advanceTo(9_000);
    cluster.store.create(server('db-1', 'db', 'postgres:16'));
    cluster.clock.advanceTo(40_000);
    const job = cluster.store.get(ref('Job', 'wait'))!;
    expect(job.status.succeeded).toBe(1);
    const log = cluster.logs.get(
      `default/${cluster.store.list({ kind: 'Pod', labels: { 'job-name': 'wait' } })[0].metadata.name}`,
    )!;
    expect(log.filter((l) => l === 'waiting').length).toBeGreaterThanOrEqual(4);
    expect(log[log.length - 1]).toBe('ready');
  });
});
