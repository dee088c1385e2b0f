import { describe, expect, it } from 'vitest';
import { fromTimestamp, SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { Rng } from '../random';
import type { JsonAny, KubeObject } from '../types';
import { kubeletController } from './kubelet';
import { podDisplayState } from './podDisplayState';

const podRef = (name: string) => ({ group: '', kind: 'Pod', namespace: 'default', name });

function setup(failures: string[] = []) {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(1), failures });
  cluster.register(kubeletController);
  return cluster;
}

function pod(name: string, spec: JsonAny, annotations?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', annotations }, spec };
}

/** The pod's `kubectl get pods` states as they change, with the virtual second each one began. */
function record(cluster: Cluster, name: string) {
  const seen: { t: number; state: string; restarts: number; message: string }[] = [];
  cluster.store.watch((e) => {
    if (e.object.kind !== 'Pod' || e.object.metadata.name !== name || e.type === 'DELETED') return;
    const d = podDisplayState(e.object);
    const last = seen[seen.length - 1];
    if (last?.state !== d.state || last.restarts !== d.restarts)
      seen.push({ t: cluster.clock.now() / 1000, state: d.state, restarts: d.restarts, message: d.message });
  });
  return seen;
}

const nginx = {
  containers: [{ name: 'web', image: 'nginx:1.25', readinessProbe: { httpGet: { path: '/', port: 80 } } }],
};

describe('kubelet', () => {
  it('takes a pod through Pending → ContainerCreating → Running → Ready', () => {
    const cluster = setup();
    const states = record(cluster, 'web');
    cluster.store.create(pod('web', nginx));
    cluster.clock.advanceTo(10_000);
    expect(states.map((s) => s.state)).toEqual(['Pending', 'ContainerCreating', 'Running', 'Ready']);
    const [, creating, running, ready] = states;
    expect(creating.t).toBeLessThan(0.5);
    expect(running.t - creating.t).toBeGreaterThanOrEqual(1);
    expect(running.t - creating.t).toBeLessThan(4);
    expect(ready.t - running.t).toBeGreaterThan(1.4);
    expect(ready.t - running.t).toBeLessThan(2.6);
  });

  it('waits for readinessProbe.initialDelaySeconds, and makes probe-less pods ready at start', () => {
    const cluster = setup();
    const slow = record(cluster, 'slow');
    const plain = record(cluster, 'plain');
    const probe = { httpGet: { path: '/', port: 80 }, initialDelaySeconds: 15 };
    cluster.store.create(
      pod('slow', { containers: [{ name: 'web', image: 'nginx:1.25', readinessProbe: probe }] }),
    );
    cluster.store.create(pod('plain', { containers: [{ name: 'web', image: 'nginx:1.25' }] }));
    cluster.clock.advanceTo(30_000);
    const readyAfter = slow[3].t - slow[2].t;
    expect(readyAfter).toBeGreaterThanOrEqual(15);
    expect(readyAfter).toBeLessThan(15.6);
    expect(plain.map((s) => s.state)).toEqual(['Pending', 'ContainerCreating', 'Ready']);
  });

  it('writes the status fields Kubernetes writes', () => {
    const cluster = setup();
    cluster.store.create(pod('web', nginx));
    cluster.clock.advanceTo(10_000);
    const live = cluster.store.get(podRef('web'))!;
    expect(cluster.nodes).toContain(live.spec.nodeName);
    const s = live.status;
    expect(s.phase).toBe('Running');
    expect(s.conditions.map((c: JsonAny) => `${c.type}=${c.status}`)).toEqual([
      'PodReadyToStartContainers=True',
      'Initialized=True',
      'Ready=True',
      'ContainersReady=True',
      'PodScheduled=True',
    ]);
    expect(s.containerStatuses[0]).toMatchObject({
      name: 'web',
      image: 'docker.io/library/nginx:1.25',
      imageID: expect.stringMatching(/^docker\.io\/library\/nginx@sha256:[0-9a-f]{64}$/),
      containerID: expect.stringMatching(/^containerd:\/\/[0-9a-f]{64}$/),
      ready: true,
      started: true,
      restartCount: 0,
      lastState: {},
      state: { running: { startedAt: expect.stringMatching(/^2026-01-01T00:00:0\dZ$/) } },
    });
    expect(s).toMatchObject({ qosClass: 'BestEffort', startTime: '2026-01-01T00:00:00Z' });
    expect(s.podIP).toMatch(/^10\.244\.\d\.\d+$/);
    expect(s.hostIP).toMatch(/^172\.18\.0\.\d$/);
  });

  it('crash-loops with back-off 10 s, 20 s, 40 s … capped at 5 min', () => {
    const cluster = setup();
    const restarts: { gap: number; message: string }[] = [];
    let backOff = '';
    cluster.store.watch((e) => {
      const c = e.object.status?.containerStatuses?.[0];
      if (c?.state?.waiting?.reason === 'CrashLoopBackOff') backOff = c.state.waiting.message;
      if (!c?.state?.running || !c.lastState.terminated || restarts.length === c.restartCount) return;
      const gap =
        (fromTimestamp(c.state.running.startedAt) - fromTimestamp(c.lastState.terminated.finishedAt)) / 1000;
      restarts.push({ gap, message: backOff });
    });
    cluster.store.create(pod('crash', nginx, { 'sandbox.argocd.dev/crash-loop': 'true' }));
    cluster.clock.advanceTo(20 * 60_000);
    const expected = [0, 10, 20, 40, 80, 160, 300];
    expected.forEach((gap, i) => expect(Math.abs(restarts[i].gap - gap)).toBeLessThanOrEqual(1));
    const uid = cluster.store.get(podRef('crash'))!.metadata.uid;
    expect(restarts.slice(1, 7).map((r) => r.message)).toEqual(
      ['10s', '20s', '40s', '1m20s', '2m40s', '5m0s'].map(
        (d) => `back-off ${d} restarting failed container=web pod=crash_default(${uid})`,
      ),
    );
    const live = cluster.store.get(podRef('crash'))!;
    expect(live.status.phase).toBe('Running');
    expect(live.status.containerStatuses[0].lastState.terminated).toMatchObject({
      exitCode: 1,
      reason: 'Error',
    });
  });

  it('shows ErrImagePull, then ImagePullBackOff, and retries the pull after the back-off', () => {
    const cluster = setup();
    const states = record(cluster, 'bad');
    cluster.store.create(pod('bad', { containers: [{ name: 'web', image: 'nginx:does-not-exist' }] }));
    cluster.clock.advanceTo(40_000);
    expect(states.map((s) => s.state).slice(0, 6)).toEqual([
      'Pending',
      'ContainerCreating',
      'ErrImagePull',
      'ImagePullBackOff',
      'ErrImagePull',
      'ImagePullBackOff',
    ]);
    expect(states[3].message).toBe('Back-off pulling image "nginx:does-not-exist"');
    expect(states[4].t - states[2].t).toBeGreaterThanOrEqual(10);
    expect(cluster.store.get(podRef('bad'))!.status.phase).toBe('Pending');
  });

  it('runs a finite pod to Succeeded and keeps what it echoed', () => {
    const cluster = setup();
    const command = ['sh', '-c', 'echo migrating; sleep 2; echo done'];
    cluster.store.create(
      pod('job', { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox', command }] }),
    );
    cluster.clock.advanceTo(15_000);
    const live = cluster.store.get(podRef('job'))!;
    expect(live.status.phase).toBe('Succeeded');
    expect(live.status.containerStatuses[0].state.terminated).toMatchObject({
      exitCode: 0,
      reason: 'Completed',
    });
    expect(live.status.conditions.find((c: JsonAny) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'PodCompleted',
    });
    expect(podDisplayState(live).state).toBe('Completed');
    expect(cluster.logs.get('default/job')).toEqual(['migrating', 'done']);
  });

  it('fails a Never pod whose container exits non-zero, and --fail makes a bare pod exit 1', () => {
    const cluster = setup(['pod/forced']);
    const spec = (command: string) => ({
      restartPolicy: 'Never',
      containers: [{ name: 'main', image: 'busybox', command: ['sh', '-c', command] }],
    });
    cluster.store.create(pod('exit3', spec('exit 3')));
    cluster.store.create(pod('forced', spec('echo fine')));
    cluster.clock.advanceTo(15_000);
    for (const [name, code] of [
      ['exit3', 3],
      ['forced', 1],
    ] as const) {
      const live = cluster.store.get(podRef(name))!;
      expect(live.status.phase).toBe('Failed');
      expect(live.status.containerStatuses[0].state.terminated).toMatchObject({
        exitCode: code,
        reason: 'Error',
      });
      expect(podDisplayState(live).state).toBe('Error');
    }
    expect(cluster.logs.get('default/forced')).toBeUndefined();
  });

  it('crash-loops the pods of a Deployment named by --fail', () => {
    const cluster = setup(['Deployment/web']);
    const deployment = cluster.store.create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {},
    });
    const ownerRef = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'web',
      uid: deployment.metadata.uid!,
      controller: true,
    };
    cluster.store.create({
      ...pod('web-1', nginx),
      metadata: { name: 'web-1', ownerReferences: [ownerRef] },
    });
    const states = record(cluster, 'web-1');
    cluster.clock.advanceTo(30_000);
    expect(states.map((s) => s.state)).toContain('CrashLoopBackOff');
  });

  it('stops a deleted pod within its grace period, then lets it go', () => {
    const cluster = setup();
    cluster.store.create(pod('web', nginx));
    cluster.clock.advanceTo(10_000);
    cluster.store.delete(podRef('web'));
    expect(podDisplayState(cluster.store.get(podRef('web'))!).state).toBe('Terminating');
    let last: KubeObject | undefined;
    cluster.store.watch((e) => {
      if (e.type === 'DELETED') last = e.object;
    });
    cluster.clock.advanceTo(12_100);
    expect(cluster.store.get(podRef('web'))).toBeUndefined();
    expect(last!.status.containerStatuses[0].state.terminated).toMatchObject({
      exitCode: 0,
      reason: 'Completed',
    });
  });

  it('keeps a stopped pod stopped while another finalizer holds it', () => {
    const cluster = setup();
    cluster.store.create({
      ...pod('hook', nginx),
      metadata: { name: 'hook', finalizers: ['example.com/hold'] },
    });
    cluster.clock.advanceTo(10_000);
    cluster.store.delete(podRef('hook'));
    cluster.clock.advanceTo(15_000);
    cluster.store.patch(podRef('hook'), (d) => {
      d.metadata.labels = { touched: 'yes' };
    });
    cluster.clock.advanceTo(20_000);
    const live = cluster.store.get(podRef('hook'))!;
    expect(live.status.phase).toBe('Succeeded');
    expect(live.status.containerStatuses[0].state.terminated).toBeDefined();
    cluster.store.removeFinalizer(podRef('hook'), 'example.com/hold');
    expect(cluster.store.get(podRef('hook'))).toBeUndefined();
  });

  it('runs init containers one by one before the main container', () => {
    const cluster = setup();
    const kubectl: string[] = [];
    cluster.store.watch((e) => {
      if (e.type !== 'DELETED') kubectl.push(podDisplayState(e.object).kubectlStatus);
    });
    const init = [
      { name: 'wait', image: 'busybox', command: ['sh', '-c', 'echo waiting; sleep 3'] },
      { name: 'migrate', image: 'busybox', command: ['migrate', 'up'] },
    ];
    cluster.store.create(
      pod('app', { initContainers: init, containers: [{ name: 'web', image: 'nginx:1.25' }] }),
    );
    cluster.clock.advanceTo(20_000);
    expect([...new Set(kubectl)]).toEqual(['Pending', 'Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
    const live = cluster.store.get(podRef('app'))!;
    expect(live.status.initContainerStatuses.map((c: JsonAny) => c.state.terminated.reason)).toEqual([
      'Completed',
      'Completed',
    ]);
    expect(cluster.logs.get('default/app')).toEqual(['waiting']);
  });

  it('schedules a pod only once its PersistentVolumeClaim is Bound', () => {
    const cluster = setup();
    const claimRef = { group: '', kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' };
    cluster.store.create({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'fast' },
      provisioner: 'example.com/fast',
      volumeBindingMode: 'Immediate',
    });
    cluster.store.create({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: { storageClassName: 'fast' },
    });
    const volumes = [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }];
    cluster.store.create(pod('db', { volumes, containers: [{ name: 'db', image: 'postgres:16' }] }));
    cluster.clock.advanceTo(3_000);
    expect(cluster.store.get(podRef('db'))!.status.conditions[0]).toMatchObject({
      type: 'PodScheduled',
      status: 'False',
      message: expect.stringContaining('pod has unbound immediate PersistentVolumeClaims'),
    });
    cluster.store.setStatus(claimRef, { phase: 'Bound' });
    cluster.clock.advanceTo(10_000);
    expect(cluster.store.get(podRef('db'))!.status.phase).toBe('Running');
  });

  it('asks for a WaitForFirstConsumer claim, waits for it without calling the pod Unschedulable, then runs', () => {
    const cluster = setup();
    // No class named: kind's default, `standard`, which waits for its first consumer (storageClassBinding.ts).
    cluster.store.create({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: {},
    });
    const volumes = [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }];
    cluster.store.create(pod('db', { volumes, containers: [{ name: 'db', image: 'postgres:16' }] }));
    // Within the provisioner's delay (pvc.ts BIND_DELAY_MS): not bound to a node, and not Unschedulable.
    cluster.clock.advanceTo(1_000);
    const waiting = cluster.store.get(podRef('db'))!;
    expect(waiting.spec.nodeName).toBeUndefined();
    expect(waiting.status?.conditions ?? []).not.toContainEqual(
      expect.objectContaining({ type: 'PodScheduled', status: 'False' }),
    );
    // The scheduler's request made the PV controller provision the claim; the pod then runs.
    cluster.clock.advanceTo(10_000);
    expect(
      cluster.store.get({ group: '', kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' })!
        .status.phase,
    ).toBe('Bound');
    expect(cluster.store.get(podRef('db'))!.status.phase).toBe('Running');
  });

  it("leaves a pod no node matches Pending with the scheduler's Unschedulable condition", () => {
    const cluster = setup();
    cluster.store.create(
      pod('gpu', { nodeSelector: { accelerator: 'gpu' }, containers: [{ name: 'c', image: 'nginx' }] }),
    );
    cluster.clock.advanceTo(5_000);
    const live = cluster.store.get(podRef('gpu'))!;
    expect(live.status.phase).toBe('Pending');
    expect(live.status.conditions[0]).toMatchObject({
      type: 'PodScheduled',
      status: 'False',
      reason: 'Unschedulable',
      message: expect.stringMatching(
        /^0\/3 nodes are available: 3 node\(s\) didn't match Pod's node affinity\/selector\./,
      ),
    });
  });
});
