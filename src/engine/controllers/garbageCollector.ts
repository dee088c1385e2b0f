import type { Cluster, Controller } from '../cluster/cluster';
import { groupOf, isNamespaced, refOf } from '../cluster/gvk';
import {
  FOREGROUND_FINALIZER,
  ORPHAN_FINALIZER,
  type PropagationPolicy,
  type WatchEvent,
} from '../cluster/store';
import type { KubeObject, ObjectRef, OwnerReference } from '../types';
import { deepEqual } from '../util/clone';

/**
 * The garbage collector (k8s.io/kubernetes `pkg/controller/garbagecollector`): deletion that cascades along
 * ownerReferences.
 *
 * - Background (the default): once an owner is gone, each dependent with no other live owner is deleted.
 * - Foreground: the owner keeps its deletionTimestamp and the `foregroundDeletion` finalizer while its
 *   dependents are deleted (foreground again when they have dependents of their own, so a Deployment's
 *   pods go before its ReplicaSets); the finalizer is removed, and the owner goes, once no dependent with
 *   `blockOwnerDeletion` is left. This is what an Argo CD prune with foreground propagation waits for
 *   (argocd-semantics.md §2.15).
 * - Orphan: the owner's references are removed from its dependents, then the `orphan` finalizer.
 *
 * Unlike the workload controllers it watches every kind, so it is not registered as a Controller: call
 * `garbageCollector(cluster)` once. It does its work through the cluster's queue (with its usual reaction
 * delay), as its internal controller `garbage-collector`. Returns a function that stops it.
 */
export function garbageCollector(cluster: Cluster): () => void {
  return cluster.store.watch((event) => onEvent(cluster, event));
}

const collector: Controller = {
  name: 'garbage-collector',
  kinds: [],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const obj = cluster.store.get(ref);
    if (!obj) return;
    const finalizers = obj.metadata.finalizers ?? [];
    if (obj.metadata.deletionTimestamp && finalizers.includes(ORPHAN_FINALIZER))
      orphanDependents(cluster, obj);
    if (obj.metadata.deletionTimestamp && finalizers.includes(FOREGROUND_FINALIZER)) {
      if (!dependentsOf(cluster, obj).some((d) => blocks(d, obj)))
        cluster.store.removeFinalizer(ref, FOREGROUND_FINALIZER);
    }
    if (obj.metadata.ownerReferences?.length) attemptToDelete(cluster, obj);
  },
};

/** Which objects to look at again after a change. */
function onEvent(cluster: Cluster, event: WatchEvent): void {
  const obj = event.object;
  if (event.type === 'DELETED') {
    // Dependents may now be dangling; an owner waiting in the foreground may now be free to go.
    for (const dependent of dependentsOf(cluster, obj)) enqueue(cluster, dependent);
    for (const owner of ownersOf(cluster, obj)) if (owner.metadata.deletionTimestamp) enqueue(cluster, owner);
    return;
  }
  const deleting = obj.metadata.deletionTimestamp !== undefined;
  const finalizers = obj.metadata.finalizers ?? [];
  if (deleting && (finalizers.includes(FOREGROUND_FINALIZER) || finalizers.includes(ORPHAN_FINALIZER))) {
    enqueue(cluster, obj);
    if (finalizers.includes(FOREGROUND_FINALIZER))
      for (const dependent of dependentsOf(cluster, obj)) enqueue(cluster, dependent);
  }
  const refsChanged =
    event.type === 'ADDED' || !deepEqual(event.old?.metadata.ownerReferences, obj.metadata.ownerReferences);
  if (refsChanged && obj.metadata.ownerReferences?.length) enqueue(cluster, obj);
}

/**
 * Queue an object for the collector. A function of its own rather than a closure made at every event: the
 * collector hears every write of the cluster (seven thousand in a 1,000-resource run).
 */
function enqueue(cluster: Cluster, obj: KubeObject): void {
  cluster.enqueue(collector, refOf(obj));
}

/**
 * `attemptToDeleteItem`: classify the object's owners. With a live owner it stays (references to owners that
 * are gone or deleting in the foreground are removed); with every owner gone it is deleted in the
 * background; when an owner waits for it in the foreground it is deleted, in the foreground itself if it
 * has dependents of its own.
 */
function attemptToDelete(cluster: Cluster, obj: KubeObject): void {
  const refs = obj.metadata.ownerReferences ?? [];
  const solid: OwnerReference[] = [];
  const waiting: OwnerReference[] = [];
  for (const ref of refs) {
    const owner = ownerOf(cluster, obj, ref);
    if (!owner) continue;
    if (owner.metadata.deletionTimestamp && owner.metadata.finalizers?.includes(FOREGROUND_FINALIZER))
      waiting.push(ref);
    else solid.push(ref);
  }
  if (solid.length === refs.length) return;
  if (solid.length > 0) {
    cluster.store.patch(refOf(obj), (draft) => {
      draft.metadata.ownerReferences = solid;
    });
    return;
  }
  if (obj.metadata.deletionTimestamp) return;
  const hasDependents = dependentsOf(cluster, obj).length > 0;
  const finalizers = obj.metadata.finalizers ?? [];
  let policy: PropagationPolicy = 'Background';
  if (waiting.length > 0 && hasDependents) policy = 'Foreground';
  else if (finalizers.includes(ORPHAN_FINALIZER)) policy = 'Orphan';
  else if (finalizers.includes(FOREGROUND_FINALIZER)) policy = 'Foreground';
  cluster.store.delete(refOf(obj), { propagationPolicy: policy });
}

/** `orphanDependents`: drop the owner from its dependents' references, then the `orphan` finalizer. */
function orphanDependents(cluster: Cluster, owner: KubeObject): void {
  const uid = owner.metadata.uid;
  for (const dependent of dependentsOf(cluster, owner)) {
    cluster.store.patch(refOf(dependent), (draft) => {
      const kept = (draft.metadata.ownerReferences ?? []).filter((o) => o.uid !== uid);
      draft.metadata.ownerReferences = kept.length > 0 ? kept : undefined;
    });
  }
  cluster.store.removeFinalizer(refOf(owner), ORPHAN_FINALIZER);
}

function dependentsOf(cluster: Cluster, owner: KubeObject): KubeObject[] {
  if (!owner.metadata.uid) return [];
  return cluster.store.list({ ownerUid: owner.metadata.uid });
}

/** The live owners of an object (same uid as referenced). */
function ownersOf(cluster: Cluster, obj: KubeObject): KubeObject[] {
  const out: KubeObject[] = [];
  for (const ref of obj.metadata.ownerReferences ?? []) {
    const owner = ownerOf(cluster, obj, ref);
    if (owner) out.push(owner);
  }
  return out;
}

/** The owner a reference points to, if it exists with that uid. Namespaced owners share the dependent's namespace. */
function ownerOf(cluster: Cluster, obj: KubeObject, ref: OwnerReference): KubeObject | undefined {
  const owner = cluster.store.get({
    group: groupOf(ref.apiVersion),
    kind: ref.kind,
    namespace: isNamespaced(ref.kind) ? (obj.metadata.namespace ?? '') : '',
    name: ref.name,
  });
  return owner?.metadata.uid === ref.uid ? owner : undefined;
}

/** Whether `dependent` holds up the foreground deletion of `owner`. */
function blocks(dependent: KubeObject, owner: KubeObject): boolean {
  return !!dependent.metadata.ownerReferences?.some(
    (o) => o.uid === owner.metadata.uid && o.blockOwnerDeletion,
  );
}
