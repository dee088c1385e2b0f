import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef } from '../types';
import { claimDependents } from './claimDependents';
import { syncRevisions, truncateHistory } from './controllerRevisions';
import { omitZero } from './omitZero';
import { isPodAvailable, isRunningAndReady, isTerminating, nextAvailability } from './podAvailability';
import { createMissingClaims, ordinalOf, podRevision, statefulPod } from './statefulSetPods';

/** The label a StatefulSet's ControllerRevisions carry their hash in. */
const HASH_LABEL = 'controller.kubernetes.io/hash';

/**
 * The StatefulSet controller (k8s.io/kubernetes `pkg/controller/statefulset`, `updateStatefulSet`).
 *
 * With the default `podManagementPolicy: OrderedReady`, pod `<sts>-<n+1>` is created only once `<sts>-<n>`
 * is Running and Ready (and available for minReadySeconds), and scaling down removes the highest ordinal
 * first, one at a time. `Parallel` creates and deletes them all at once. A RollingUpdate replaces pods
 * from the highest ordinal down to `partition`, one at a time, each after the one before is Ready again;
 * `OnDelete` only uses the new template for pods someone else deleted. Argo CD's health reads the revisions
 * and counts written here (argocd-semantics.md §3.2).
 */
export const statefulSetController: Controller = {
  name: 'statefulset-controller',
  kinds: ['StatefulSet'],
  ownedKinds: ['Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const sts = cluster.store.get(ref);
    if (!sts) return;
    const deleting = !!sts.metadata.deletionTimestamp;
    const revisions = deleting ? undefined : syncRevisions(cluster, sts, HASH_LABEL);
    const updateRevision = revisions?.update.metadata.name ?? sts.status?.updateRevision ?? '';
    const currentName = sts.status?.currentRevision;
    const current = revisions?.all.find((r) => r.metadata.name === currentName) ?? revisions?.update;
    const currentRevision = current?.metadata.name ?? currentName ?? '';
    if (revisions && current) {
      const pods = claimPods(cluster, sts);
      updatePods(cluster, sts, pods, current, revisions.update);
    }
    const pods = claimPods(cluster, sts);
    writeStatus(cluster, sts, pods, currentRevision, updateRevision);
    if (revisions) {
      const inUse = new Set([currentRevision, updateRevision, ...pods.map((p) => podRevision(p) ?? '')]);
      truncateHistory(cluster, sts, revisions.all, inUse);
    }
  },
};

/** The set's pods: only those named `<sts>-<ordinal>` (`isMemberOf`), adopting orphans among them. */
function claimPods(cluster: Cluster, sts: KubeObject): KubeObject[] {
  return claimDependents(cluster, sts, 'Pod', sts.spec?.selector, (pod) => ordinalOf(sts, pod) !== undefined);
}

/** One pass over the ordinals; stops early wherever OrderedReady must wait. */
function updatePods(
  cluster: Cluster,
  sts: KubeObject,
  pods: KubeObject[],
  current: KubeObject,
  update: KubeObject,
): void {
  const replicas = sts.spec?.replicas ?? 1;
  const monotonic = sts.spec?.podManagementPolicy !== 'Parallel';
  const minReady = sts.spec?.minReadySeconds ?? 0;
  const now = cluster.clock.now();
  const byOrdinal = new Map<number, KubeObject>();
  const condemned: KubeObject[] = [];
  for (const pod of pods) {
    const ordinal = ordinalOf(sts, pod);
    if (ordinal === undefined) continue;
    if (ordinal < replicas) byOrdinal.set(ordinal, pod);
    else condemned.push(pod);
  }
  condemned.sort((a, b) => ordinalOf(sts, b)! - ordinalOf(sts, a)!);
  const strategy = sts.spec?.updateStrategy ?? {};
  const partition = strategy.rollingUpdate?.partition;

  for (let ordinal = 0; ordinal < replicas; ordinal++) {
    const pod = byOrdinal.get(ordinal);
    if (pod && !isTerminating(pod) && ['Failed', 'Succeeded'].includes(pod.status?.phase)) {
      // A finished pod is deleted and, once gone, made again.
      cluster.store.delete(refOf(pod));
      if (monotonic) return;
      continue;
    }
    if (!pod) {
      // Below the partition (or, without one, below the current count) pods keep the current template.
      const useCurrent =
        strategy.type === 'RollingUpdate' &&
        (partition === undefined ? ordinal < (sts.status?.currentReplicas ?? 0) : ordinal < partition);
      const fresh = statefulPod(sts, useCurrent ? current : update, ordinal);
      // A pod of that name that the set does not own (left behind by an orphaning delete and relabelled,
      // say) blocks the ordinal, as the API server's AlreadyExists would.
      if (cluster.store.get(refOf(fresh))) return;
      createMissingClaims(cluster, sts, ordinal);
      cluster.store.create(fresh);
      if (monotonic) return;
      continue;
    }
    if (monotonic && (isTerminating(pod) || !isRunningAndReady(pod) || !isPodAvailable(pod, minReady, now)))
      return;
  }

  for (const pod of condemned) {
    if (isTerminating(pod)) {
      if (monotonic) return;
      continue;
    }
    cluster.store.delete(refOf(pod));
    if (monotonic) return;
  }

  if (strategy.type === 'OnDelete') return;
  for (let target = replicas - 1; target >= (partition ?? 0); target--) {
    const pod = byOrdinal.get(target);
    if (!pod) return;
    if (podRevision(pod) !== update.metadata.name && !isTerminating(pod)) {
      cluster.store.delete(refOf(pod));
      return;
    }
    if (isTerminating(pod) || !isRunningAndReady(pod)) return;
  }
}

function writeStatus(
  cluster: Cluster,
  sts: KubeObject,
  pods: KubeObject[],
  currentRevision: string,
  updateRevision: string,
): void {
  const now = cluster.clock.now();
  const minReady = sts.spec?.minReadySeconds ?? 0;
  const counted = pods.filter((p) => p.status?.phase && !isTerminating(p));
  const ready = pods.filter(isRunningAndReady);
  const status = {
    observedGeneration: sts.metadata.generation ?? 1,
    replicas: pods.length,
    readyReplicas: ready.length,
    currentReplicas: counted.filter((p) => podRevision(p) === currentRevision).length,
    updatedReplicas: counted.filter((p) => podRevision(p) === updateRevision).length,
    currentRevision,
    updateRevision,
    collisionCount: sts.status?.collisionCount ?? 0,
    availableReplicas: ready.filter((p) => isPodAvailable(p, minReady, now)).length,
  };
  // `completeRollingUpdate`: once every pod is updated and ready, the update revision becomes current.
  if (
    sts.spec?.updateStrategy?.type === 'RollingUpdate' &&
    status.updatedReplicas === status.replicas &&
    status.readyReplicas === status.replicas
  ) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
  const stored = omitZero(status, ['readyReplicas', 'currentReplicas', 'updatedReplicas']);
  cluster.store.setStatus(refOf(sts), { ...stored, conditions: sts.status?.conditions });
  const next = nextAvailability(ready, minReady, now);
  if (next !== undefined) cluster.enqueue(statefulSetController, refOf(sts), next - now);
}
