import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef } from '../types';
import { claimDependents } from './claimDependents';
import { hashOf, syncRevisions, templateOf, truncateHistory } from './controllerRevisions';
import { createWithGeneratedName } from './createWithGeneratedName';
import { scaledValue } from './intOrPercent';
import { omitZero } from './omitZero';
import { templateHash } from './templateHash';
import { controllerRefTo } from './ownerRefs';
import { isPodAvailable, isPodReady, isTerminating, nextAvailability } from './podAvailability';

/** The pod label (and revision label) holding the template hash. */
const HASH_LABEL = 'controller-revision-hash';

/**
 * The DaemonSet controller (k8s.io/kubernetes `pkg/controller/daemon`): one pod `<ds>-<suffix>` per node of
 * the cluster, bound with `spec.nodeName`. A RollingUpdate deletes old pods while at most `maxUnavailable`
 * nodes lack an available pod; the new pod on a node starts only after the old one is gone. `OnDelete`
 * waits for someone else to delete the old pods. `maxSurge` is not simulated (treated as 0). Argo CD's
 * health reads the counts written here (argocd-semantics.md §3.3).
 */
export const daemonSetController: Controller = {
  name: 'daemonset-controller',
  kinds: ['DaemonSet'],
  ownedKinds: ['Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const ds = cluster.store.get(ref);
    if (!ds) return;
    // A DaemonSet being deleted only reports status; the garbage collector removes its pods.
    let hash = templateHash(ds.spec?.template ?? {});
    if (!ds.metadata.deletionTimestamp) {
      const revisions = syncRevisions(cluster, ds, HASH_LABEL);
      hash = hashOf(revisions.update, HASH_LABEL);
      manage(cluster, ds, podsByNode(cluster, ds), revisions.update, hash);
      if (ds.spec?.updateStrategy?.type !== 'OnDelete')
        rollingUpdate(cluster, ds, podsByNode(cluster, ds), hash);
      const inUse = new Set([revisions.update.metadata.name ?? '']);
      for (const pods of podsByNode(cluster, ds).values())
        for (const pod of pods) inUse.add(`${ds.metadata.name}-${pod.metadata.labels?.[HASH_LABEL]}`);
      truncateHistory(cluster, ds, revisions.all, inUse);
    }
    writeStatus(cluster, ds, podsByNode(cluster, ds), hash);
  },
};

/** The DaemonSet's pods by node name, oldest first on each node. */
function podsByNode(cluster: Cluster, ds: KubeObject): Map<string, KubeObject[]> {
  const byNode = new Map<string, KubeObject[]>();
  for (const pod of claimDependents(cluster, ds, 'Pod', ds.spec?.selector)) {
    const node = pod.spec?.nodeName ?? '';
    if (!byNode.has(node)) byNode.set(node, []);
    byNode.get(node)!.push(pod);
  }
  for (const pods of byNode.values()) pods.sort(oldestFirst);
  return byNode;
}

/**
 * `manage`: a node without a pod gets one; failed pods and pods on unknown nodes are deleted; of several
 * running pods on a node only the oldest stays.
 */
function manage(
  cluster: Cluster,
  ds: KubeObject,
  byNode: Map<string, KubeObject[]>,
  revision: KubeObject,
  hash: string,
): void {
  for (const [node, pods] of byNode) {
    if (cluster.nodes.includes(node)) continue;
    for (const pod of pods.filter((p) => !isTerminating(p))) cluster.store.delete(refOf(pod));
  }
  for (const node of cluster.nodes) {
    const pods = byNode.get(node) ?? [];
    if (pods.length === 0) {
      createWithGeneratedName(cluster.store, daemonPod(ds, revision, hash, node));
      continue;
    }
    const running = pods.filter((p) => !isTerminating(p));
    for (const pod of running.filter((p) => p.status?.phase === 'Failed')) cluster.store.delete(refOf(pod));
    const alive = running.filter((p) => p.status?.phase !== 'Failed');
    for (const pod of alive.slice(1)) cluster.store.delete(refOf(pod));
  }
}

/**
 * `rollingUpdate` (maxSurge 0): old pods that are not available anyway are replaced at once; available
 * ones only while fewer than `maxUnavailable` nodes are without an available pod.
 */
function rollingUpdate(
  cluster: Cluster,
  ds: KubeObject,
  byNode: Map<string, KubeObject[]>,
  hash: string,
): void {
  const now = cluster.clock.now();
  const minReady = ds.spec?.minReadySeconds ?? 0;
  const maxUnavailable = Math.max(
    scaledValue(ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1, cluster.nodes.length, true),
    0,
  );
  let unavailable = 0;
  const replaceNow: KubeObject[] = [];
  const candidates: KubeObject[] = [];
  for (const node of cluster.nodes) {
    const pods = (byNode.get(node) ?? []).filter((p) => !isTerminating(p));
    if (pods.length !== 1) {
      unavailable++;
      continue;
    }
    const [pod] = pods;
    const available = isPodAvailable(pod, minReady, now);
    if (pod.metadata.labels?.[HASH_LABEL] === hash) {
      if (!available) unavailable++;
    } else if (!available) {
      replaceNow.push(pod);
    } else if (unavailable < maxUnavailable) {
      candidates.push(pod);
    }
  }
  const budget = Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
  for (const pod of [...replaceNow, ...candidates.slice(0, budget)]) cluster.store.delete(refOf(pod));
}

function daemonPod(ds: KubeObject, revision: KubeObject, hash: string, node: string): KubeObject {
  const template = templateOf(revision);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${ds.metadata.name}-`,
      namespace: ds.metadata.namespace,
      labels: {
        ...template.metadata?.labels,
        [HASH_LABEL]: hash,
        'pod-template-generation': String(ds.metadata.generation ?? 1),
      },
      annotations: template.metadata?.annotations ? { ...template.metadata.annotations } : undefined,
      ownerReferences: [controllerRefTo(ds)],
    },
    spec: { ...template.spec, nodeName: node },
  };
}

/** `updateDaemonSetStatus`: per node, the oldest of its pods is the one counted. */
function writeStatus(
  cluster: Cluster,
  ds: KubeObject,
  byNode: Map<string, KubeObject[]>,
  hash: string,
): void {
  const now = cluster.clock.now();
  const minReady = ds.spec?.minReadySeconds ?? 0;
  let current = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  const counted: KubeObject[] = [];
  for (const node of cluster.nodes) {
    const pod = byNode.get(node)?.[0];
    if (!pod) continue;
    current++;
    counted.push(pod);
    if (isPodReady(pod)) {
      ready++;
      if (isPodAvailable(pod, minReady, now)) available++;
    }
    if (pod.metadata.labels?.[HASH_LABEL] === hash) updated++;
  }
  const misscheduled = [...byNode.keys()].filter((n) => !cluster.nodes.includes(n)).length;
  const desired = cluster.nodes.length;
  const status = omitZero(
    {
      currentNumberScheduled: current,
      numberMisscheduled: misscheduled,
      desiredNumberScheduled: desired,
      numberReady: ready,
      observedGeneration: ds.metadata.generation ?? 1,
      updatedNumberScheduled: updated,
      numberAvailable: available,
      numberUnavailable: desired - available,
    },
    ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'],
  );
  cluster.store.setStatus(refOf(ds), { ...status, conditions: ds.status?.conditions });
  const next = nextAvailability(counted, minReady, now);
  if (next !== undefined) cluster.enqueue(daemonSetController, refOf(ds), next - now);
}

function oldestFirst(a: KubeObject, b: KubeObject): number {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}
