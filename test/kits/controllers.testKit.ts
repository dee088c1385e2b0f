import { SimClock } from '../../src/engine/clock';
import { Cluster, type Controller } from '../../src/engine/cluster/cluster';
import { Rng } from '../../src/engine/random';
import type { JsonAny, KubeObject } from '../../src/engine/types';
import { kubeletController } from '../../src/engine/controllers/kubelet';

/**
 * Helpers for the controller tests: a cluster on a fresh clock running the given controllers plus the
 * kubelet (which schedules pods, pulls images in 1–3 s, makes containers ready and crash-loops the pods
 * of workloads named in `failures`), and small lookups.
 */

/** A cluster on a fresh clock with the kubelet and the given controllers registered. */
export function testCluster(
  controllers: Controller[],
  options: { seed?: number; failures?: string[] } = {},
): Cluster {
  const cluster = new Cluster({
    clock: new SimClock(),
    rng: new Rng(options.seed ?? 1),
    failures: options.failures,
  });
  for (const c of [...controllers, kubeletController]) cluster.register(c);
  return cluster;
}

/** The objects of a kind in one namespace (every PersistentVolume, which has none), by name. */
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
  return cluster.store.get({ group: groups[kind] ?? '', kind, namespace, name });
}

/** Whether a pod's Ready condition is True. */
export function isReady(pod: KubeObject): boolean {
  return !!pod.status?.conditions?.some((c: JsonAny) => c.type === 'Ready' && c.status === 'True');
}

/** The image of a pod's (or a template's) first container. */
export function imageOf(podOrTemplate: KubeObject): string {
  return podOrTemplate.spec.containers[0].image;
}

/**
 * A Deployment manifest of `replicas` pods of one container running `image`. `container` adds fields to the
 * container (a readinessProbe, say); `spec` overrides fields of the Deployment's spec.
 */
export function deploymentManifest(
  name: string,
  options: { replicas?: number; image?: string; spec?: JsonAny; container?: JsonAny } = {},
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas: options.replicas ?? 3,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image: options.image ?? 'nginx:1.27', ...options.container }] },
      },
      ...options.spec,
    },
  };
}

/**
 * Advance the clock to `t` timer by timer, failing (instead of hanging) when more than `maxSteps` timers
 * run: a controller that keeps waking itself at one instant would otherwise never let time move on.
 */
export function runUntil(cluster: Cluster, t: number, maxSteps = 50_000): void {
  let steps = 0;
  while ((cluster.clock.nextDeadline() ?? Infinity) <= t) {
    if (++steps > maxSteps)
      throw new Error(`more than ${maxSteps} timers before t=${t} ms (now ${cluster.clock.now()})`);
    cluster.clock.runNext();
  }
  cluster.clock.advanceTo(t);
}
