import type { Cluster, Controller } from '../cluster/cluster';
import { keyOf } from '../cluster/gvk';
import { resolveBehaviour } from '../containers/behaviour';
import { pvcController } from './pvc';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import type { RunContext } from './containerRun';
import { allocatePodIP, hostIP, pickNode } from './podNetwork';
import { PodRunContext } from './podRunContext';
import { PodRuntime } from './podRuntime';
import { renderPodStatus, scheduledStatus } from './podStatus';
import { isJsonObject } from '../util/unstructured';

/**
 * The scheduler and the kubelets of the fake cluster, as one controller of Pods.
 *
 * An unscheduled pod is bound to a node (spec.nodeName, condition PodScheduled). The node's kubelet then runs
 * it (podRuntime.ts, containerRun.ts): Pending with containers waiting in ContainerCreating, the sandbox gets
 * the pod IP, images are pulled (1–3 s, seeded), containers run their programs (containers/behaviour.ts) and
 * become ready (readiness probe ~2 s, or its initialDelaySeconds), exit, and restart with back-off. Each
 * reconcile runs what is due, writes the status Kubernetes would write, and asks to be called again at the
 * next due moment. A deleted pod's containers stop after a short delay (within its grace period); then the
 * kubelet lets the API server remove it (`completeGracefulDeletion`).
 *
 * Process state (a script halfway through its `sleep`) lives beside the Cluster, like containers live on a
 * node and not in etcd.
 */
export const kubeletController: Controller = {
  name: 'kubelet',
  kinds: ['Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const runtimes = runtimesOf(cluster);
    const key = keyOf(ref);
    const pod = cluster.store.get(ref);
    if (!pod) {
      runtimes.delete(key);
      return;
    }
    const now = cluster.clock.now();
    const node: string | undefined = pod.spec?.nodeName;
    if (!node) {
      if (pod.metadata.deletionTimestamp) cluster.store.completeGracefulDeletion(ref);
      else schedule(cluster, ref, pod, now);
      return;
    }
    let rt = runtimes.get(key);
    if (!rt || rt.uid !== pod.metadata.uid) {
      rt = startRuntime(cluster, pod, now);
      runtimes.set(key, rt);
    }
    // Containers already stopped; the pod only waits for its other finalizers. Keep the runtime (a tombstone)
    // until the pod is gone, so that a later change does not start it again.
    if (rt.removed) return;
    if (pod.metadata.deletionTimestamp)
      rt.markDeleting(now, pod.metadata.deletionGracePeriodSeconds ?? 30, cluster.rng);
    const previousIP: string | undefined = pod.status?.podIP;
    rt.advance(now, runContextOf(cluster, rt, ref, pod), () => previousIP ?? allocatePodIP(cluster, node));
    if (!rt.frozen) writeStatus(cluster, ref, pod, rt, now, node);
    if (rt.removed) {
      cluster.store.completeGracefulDeletion(ref);
      return;
    }
    const due = rt.nextDue();
    if (due !== Infinity) cluster.enqueue(kubeletController, ref, due - now);
  },
};

/**
 * Write the pod's status as the runtime has it. Most reconciles follow the kubelet's own last write (its watch
 * event queues one) with nothing due since: the runtime's version is the one rendered and the pod is the object
 * that write left in the store, so rendering again would give the status the pod has, and the store would find
 * nothing to change. Those skip the render; any other change to the pod (by anyone) renders as before.
 */
function writeStatus(
  cluster: Cluster,
  ref: ObjectRef,
  pod: KubeObject,
  rt: PodRuntime,
  now: number,
  node: string,
) {
  const last = lastWrites.get(rt);
  if (last && last.version === rt.version && last.pod === pod) return;
  const status = renderPodStatus(pod, rt, now, hostIP(cluster, node));
  const written = cluster.store.setStatus(ref, status);
  // Only a write of this very status onto this very spec (or no write needed) is remembered: had anything else
  // changed the pod meanwhile, the next reconcile renders again.
  if (written === pod || (written.status === status && written.spec === pod.spec))
    lastWrites.set(rt, { version: rt.version, pod: written });
  else lastWrites.delete(rt);
}

/** Per runtime, the version it last rendered and the pod object that write left in the store. */
const lastWrites = new WeakMap<PodRuntime, { version: number; pod: KubeObject }>();

const runtimeMaps = new WeakMap<Cluster, Map<string, PodRuntime>>();

function runtimesOf(cluster: Cluster): Map<string, PodRuntime> {
  let map = runtimeMaps.get(cluster);
  if (!map) runtimeMaps.set(cluster, (map = new Map()));
  return map;
}

/**
 * The scheduler's binding, or its Unschedulable condition. Nodes never change in the sandbox, so only a pod
 * waiting for its claims to bind is tried again (every second, like the scheduler's retry back-off).
 */
function schedule(cluster: Cluster, ref: ObjectRef, pod: KubeObject, now: number): void {
  const choice = pickNode(cluster, pod);
  if ('provisioning' in choice) {
    // The pod is the claims' first consumer: the PV controller provisions them (pvc.ts), and the pod waits.
    for (const name of choice.provisioning)
      cluster.enqueue(
        pvcController,
        { group: '', kind: 'PersistentVolumeClaim', namespace: ref.namespace, name },
        0,
      );
    cluster.enqueue(kubeletController, ref, 1000);
    return;
  }
  if ('message' in choice) {
    cluster.store.setStatus(ref, scheduledStatus(pod, now, choice.message));
    if (choice.retry) cluster.enqueue(kubeletController, ref, 1000);
    return;
  }
  const status = scheduledStatus(pod, now);
  // The binding replaces the spec and the status and shares the rest of the pod (store.ts `replaceFields`); a
  // spec that is not an object, if one ever got this far, is patched as before.
  if (isJsonObject(pod.spec))
    cluster.store.replaceFields(ref, { spec: { ...pod.spec, nodeName: choice.node }, status });
  else
    cluster.store.patch(ref, (draft) => {
      draft.spec.nodeName = choice.node;
      draft.status = status;
    });
}

/**
 * A runtime for a pod the kubelet has not run yet. A pod that already ran elsewhere (loaded with a status,
 * e.g. live state) is adopted: a finished one is left as it is, a running one restarts at once and is ready.
 */
function startRuntime(cluster: Cluster, pod: KubeObject, now: number): PodRuntime {
  const phase = pod.status?.phase;
  const adoptRunning = phase === 'Running';
  const behaviourOf = (container: JsonAny, init: boolean) => {
    const b = resolveBehaviour(pod, container, {
      get: (r) => cluster.store.get(r),
      failures: cluster.failures,
      init,
    });
    return adoptRunning ? { ...b, startMs: 0, readyMs: init ? b.readyMs : 0 } : b;
  };
  const rt = new PodRuntime(pod, now, adoptRunning ? 0 : cluster.rng.jitter(400, 0.5), behaviourOf);
  if (phase === 'Succeeded' || phase === 'Failed') rt.freeze(phase);
  return rt;
}

/**
 * The run context of a pod's runtime, made once per runtime instead of on every reconcile (six closures per pod
 * write were a visible share of a big app's garbage), and a class (podRunContext.ts) rather than closures. Only
 * the pod version it falls back to, should the pod be gone, is refreshed at each reconcile.
 */
function runContextOf(cluster: Cluster, rt: PodRuntime, ref: ObjectRef, pod: KubeObject): RunContext {
  let ctx = contexts.get(rt);
  if (!ctx) contexts.set(rt, (ctx = new PodRunContext(cluster, ref, pod)));
  ctx.pod = pod;
  return ctx;
}

const contexts = new WeakMap<PodRuntime, PodRunContext>();
