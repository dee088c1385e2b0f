import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef } from '../types';
import { claimDependents } from './claimDependents';
import { createWithGeneratedName } from './createWithGeneratedName';
import { omitZero } from './omitZero';
import { controllerRefTo } from './ownerRefs';
import { availableAt, isPodActive } from './podAvailability';
import { podsToDelete } from './podsToDelete';
import { replicaSetPods, type PodCounts } from './replicaSetPods';
import { isJsonObject } from '../util/unstructured';

/**
 * The ReplicaSet controller (k8s.io/kubernetes `pkg/controller/replicaset`): keeps `spec.replicas` active
 * pods named `<rs>-<5 random characters>`, and reports how many exist, are ready and are available. The
 * Deployment controller above it reads those counts (argocd-semantics.md §3.1, §3.4).
 *
 * A ReplicaSet being deleted manages no pods any more (the garbage collector removes them) but still
 * reports its status.
 */
export const replicaSetController: Controller = {
  name: 'replicaset-controller',
  kinds: ['ReplicaSet'],
  ownedKinds: ['Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const rs = cluster.store.get(ref);
    if (!rs) return;
    const pods = replicaSetPods(cluster);
    // The counts kept from the pods that changed stand for a full read only when the read would claim and
    // create nothing (replicaSetPods.ts): otherwise every pod is claimed and read, as Kubernetes does.
    const kept = adoptsNothing(cluster, rs) ? pods.counts(rs, cluster.store, cluster.clock.now()) : undefined;
    if (kept && (rs.metadata.deletionTimestamp || kept.active === (rs.spec?.replicas ?? 1))) {
      writeCounts(cluster, rs, kept);
      return;
    }
    const claimed = claimDependents(cluster, rs, 'Pod', rs.spec?.selector);
    const active = claimed.filter(isPodActive);
    const changed = !rs.metadata.deletionTimestamp && manageReplicas(cluster, rs, active);
    // Claiming again only matters when pods were created or deleted; otherwise the store has not changed.
    const after = changed ? claimDependents(cluster, rs, 'Pod', rs.spec?.selector) : claimed;
    pods.rebuild(rs, after);
    writeStatus(cluster, rs, changed ? after.filter(isPodActive) : active);
  },
};

/**
 * Whether claiming the ReplicaSet's pods would adopt none (claimDependents): it adopts only while not being deleted,
 * with a selector, and only orphans, of which a namespace seldom has any.
 */
function adoptsNothing(cluster: Cluster, rs: KubeObject): boolean {
  const selector = rs.spec?.selector;
  const canAdopt =
    !rs.metadata.deletionTimestamp && isJsonObject(selector) && Object.keys(selector).length > 0;
  return (
    !canAdopt || cluster.store.scan({ namespace: rs.metadata.namespace ?? '', orphansOf: 'Pod' }).length === 0
  );
}

/** Create or delete pods towards spec.replicas; whether it did either. */
function manageReplicas(cluster: Cluster, rs: KubeObject, active: KubeObject[]): boolean {
  const diff = active.length - (rs.spec?.replicas ?? 1);
  for (let i = 0; i < -diff; i++) createWithGeneratedName(cluster.store, podFromTemplate(rs));
  for (const pod of podsToDelete(active, diff)) cluster.store.delete(refOf(pod));
  return diff !== 0;
}

/** A pod of the ReplicaSet's template, owned by it (`GetPodFromTemplate`). */
export function podFromTemplate(owner: KubeObject): KubeObject {
  const template = owner.spec?.template ?? {};
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${owner.metadata.name}-`,
      namespace: owner.metadata.namespace,
      labels: template.metadata?.labels ? { ...template.metadata.labels } : undefined,
      annotations: template.metadata?.annotations ? { ...template.metadata.annotations } : undefined,
      ownerReferences: [controllerRefTo(owner)],
    },
    // Not copied here: the API server's create copies what it is given (store.ts `create`, defaults.ts).
    spec: template.spec ?? {},
  };
}

function writeStatus(cluster: Cluster, rs: KubeObject, active: KubeObject[]): void {
  const now = cluster.clock.now();
  const minReady = rs.spec?.minReadySeconds ?? 0;
  // The template's labels are listed once, not once per pod: a ReplicaSet of 1,000 pods is counted at every
  // reconcile, and an entries array per pod was most of that count's garbage.
  const templateLabels = Object.entries<string>(rs.spec?.template?.metadata?.labels ?? {});
  // One pass over the pods for every count and the next availability: each pod's Ready condition is found once
  // per reconcile, not once per count (a ReplicaSet of 1,000 pods reconciles about 28 times a rollout).
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  let next: number | undefined;
  for (const p of active) {
    if (templateLabels.every(([k, v]) => p.metadata.labels?.[k] === v)) fullyLabeled++;
    const at = availableAt(p, minReady);
    if (at === undefined) continue;
    ready++;
    if (at <= now) available++;
    else if (next === undefined || at < next) next = at;
  }
  writeCounts(cluster, rs, { active: active.length, fullyLabeled, ready, available, next });
}

function writeCounts(cluster: Cluster, rs: KubeObject, counts: PodCounts): void {
  const { fullyLabeled, ready, available, next } = counts;
  const now = cluster.clock.now();
  const status = omitZero(
    {
      replicas: counts.active,
      fullyLabeledReplicas: fullyLabeled,
      readyReplicas: ready,
      availableReplicas: available,
      observedGeneration: rs.metadata.generation ?? 1,
      conditions: rs.status?.conditions,
    },
    ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas'],
  );
  cluster.store.setStatus(refOf(rs), status);
  // With minReadySeconds, wake up when the next ready pod turns available; nothing else would trigger it.
  if (next !== undefined) cluster.enqueue(replicaSetController, refOf(rs), next - now);
}
