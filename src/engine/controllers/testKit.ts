import { SimClock, toTimestamp } from '../clock';
import { Cluster, type Controller } from '../cluster/cluster';
import { Rng } from '../random';
import type { Json, KubeObject, ObjectRef } from '../types';

/**
 * Helpers for the controller tests: a cluster on a fresh clock, and a small fake kubelet standing in for
 * the real one (src/engine/controllers/kubelet.ts), so that the workload controllers can be tested on
 * their own. The fake starts a pod `startMs` after it appears (Running and Ready), or, when the pod
 * template carries the annotation `sandbox.test/crash`, crash-loops it (Running, not ready,
 * CrashLoopBackOff, one more restart every 10 s). A deleted pod's containers stop after `stopMs`.
 */

/** The annotation that makes the fake kubelet crash-loop a pod. */
export const CRASH_ANNOTATION = 'sandbox.test/crash';

export function fakeKubelet(startMs = 2000, stopMs = 1000): Controller {
  const due = new Map<string, number>();
  /** Run `fn` once `delay` has passed since the first call for `key`; until then, ask to be woken. */
  const after = (cluster: Cluster, ref: ObjectRef, key: string, delay: number, fn: () => void) => {
    const now = cluster.clock.now();
    if (!due.has(key)) due.set(key, now + delay);
    const at = due.get(key)!;
    if (now < at) return cluster.enqueue(kubelet, ref, at - now);
    due.delete(key);
    fn();
  };
  const kubelet: Controller = {
    name: 'fake-kubelet',
    kinds: ['Pod'],
    reconcile(ref, cluster) {
      const pod = cluster.store.get(ref);
      if (!pod) return;
      const uid = pod.metadata.uid!;
      if (pod.metadata.deletionTimestamp) {
        after(cluster, ref, `${uid}/stop`, stopMs, () => cluster.store.completeGracefulDeletion(ref));
        return;
      }
      const crash = pod.metadata.annotations?.[CRASH_ANNOTATION] !== undefined;
      if (!pod.status?.phase) cluster.store.setStatus(ref, { phase: 'Pending' });
      if (pod.status?.phase === 'Running' && !crash) return;
      const restarts = pod.status?.containerStatuses?.[0]?.restartCount ?? -1;
      const delay = restarts < 0 ? startMs : 10_000;
      after(cluster, ref, `${uid}/${restarts}`, delay, () =>
        cluster.store.setStatus(
          ref,
          runningStatus(pod, cluster.clock.now(), crash ? restarts + 1 : undefined),
        ),
      );
    },
  };
  return kubelet;
}

function runningStatus(pod: KubeObject, now: number, restarts: number | undefined): Json {
  const at = toTimestamp(now);
  const ready = restarts === undefined ? 'True' : 'False';
  const condition = (type: string, status: string) => ({ type, status, lastTransitionTime: at });
  return {
    phase: 'Running',
    conditions: [
      condition('Initialized', 'True'),
      condition('Ready', ready),
      condition('ContainersReady', ready),
      condition('PodScheduled', 'True'),
    ],
    containerStatuses: (pod.spec?.containers ?? []).map((c: Json) =>
      restarts === undefined
        ? {
            name: c.name,
            image: c.image,
            ready: true,
            restartCount: 0,
            state: { running: { startedAt: at } },
          }
        : {
            name: c.name,
            image: c.image,
            ready: false,
            restartCount: restarts,
            state: {
              waiting: { reason: 'CrashLoopBackOff', message: `back-off restarting failed container` },
            },
            lastState: { terminated: { exitCode: 1, reason: 'Error' } },
          },
    ),
  };
}

/** A cluster on a fresh clock with the given controllers registered. */
export function testCluster(controllers: Controller[], seed = 1, failures: string[] = []): Cluster {
  const cluster = new Cluster({ clock: new SimClock(), rng: new Rng(seed), failures });
  for (const c of controllers) cluster.register(c);
  return cluster;
}

/** The objects of a kind, by name, in one namespace. */
export function live(cluster: Cluster, kind: string, namespace = 'default'): KubeObject[] {
  return cluster.store.list({ kind, namespace: kind === 'PersistentVolume' ? undefined : namespace });
}

const groups: Record<string, string> = {
  Deployment: 'apps',
  ReplicaSet: 'apps',
  StatefulSet: 'apps',
  DaemonSet: 'apps',
  ControllerRevision: 'apps',
  Ingress: 'networking.k8s.io',
};

export function get(
  cluster: Cluster,
  kind: string,
  name: string,
  namespace = 'default',
): KubeObject | undefined {
  const group = groups[kind] ?? '';
  return cluster.store.get({ group, kind, namespace, name });
}

/** A Deployment manifest of `replicas` pods running `image`. */
export function deploymentManifest(
  name: string,
  options: { replicas?: number; image?: string; spec?: Json; podAnnotations?: Record<string, string> } = {},
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas: options.replicas ?? 3,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name }, annotations: options.podAnnotations },
        spec: { containers: [{ name: 'main', image: options.image ?? 'nginx:1.27' }] },
      },
      ...options.spec,
    },
  };
}
