import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef } from '../types';
import { nestedMap, nestedString } from '../util/unstructured';
import { delayElapsed } from './delayElapsed';
import { storageClassBinding } from './storageClassBinding';

/**
 * A claim with this storage class never binds: there is no such class and no provisioner for it, so it stays
 * `Pending` and Argo CD reports it Progressing forever (argocd-semantics.md §3.7). Scenarios use it to show
 * a wave that never finishes.
 */
export const UNBINDABLE_STORAGE_CLASS = 'sandbox-unbindable';

/** The class of claims that name none: kind's default class and its provisioner. */
export const DEFAULT_STORAGE_CLASS = 'standard';
export const PROVISIONER = 'rancher.io/local-path';

/** How long dynamic provisioning takes, from the claim's creation to `Bound`. */
export const BIND_DELAY_MS = 1500;

/**
 * The persistent volume controller with a dynamic provisioner, as on a kind cluster: a new claim is
 * `Pending`, and after BIND_DELAY_MS a PersistentVolume `pvc-<claim uid>` is created and the claim becomes
 * `Bound` (spec.volumeName, status accessModes and capacity). When the claim is deleted, its volume
 * (reclaim policy Delete) is deleted too. The `kubernetes.io/pvc-protection` finalizer is not simulated.
 *
 * The claim's StorageClass decides when provisioning starts (its `volumeBindingMode`, storageClassBinding.ts):
 * at once for `Immediate`, and for `WaitForFirstConsumer` (kind's default class) only once a pod that mounts the
 * claim exists, which is why a claim alone in an earlier sync wave than its pod never binds (argo-cd #29201).
 * A claim of a class that does not exist stays Pending, as the API server leaves it.
 */
export const pvcController: Controller = {
  name: 'persistentvolume-controller',
  // Not Pod: the scheduler asks for a WaitForFirstConsumer claim when a pod wants it (kubelet.ts `schedule`), as
  // Kubernetes' scheduler marks the claim for the PV controller; routing every pod change here cost every run.
  kinds: ['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    if (ref.kind === 'PersistentVolume') return reclaim(cluster, cluster.store.get(ref));
    if (ref.kind === 'StorageClass') return pendingClaims(cluster);
    const pvc = cluster.store.get(ref);
    if (!pvc) {
      for (const pv of cluster.store.list({ kind: 'PersistentVolume' })) reclaim(cluster, pv);
      return;
    }
    if (pvc.metadata.deletionTimestamp) return;
    if (!pvc.status?.phase) cluster.store.setStatus(ref, { phase: 'Pending' });
    const volumeName = `pvc-${pvc.metadata.uid}`;
    if (pvc.status?.phase === 'Bound') {
      // A re-apply replaces the spec and drops the volumeName the controller had set; put it back.
      if (pvc.spec?.volumeName !== volumeName) markBound(cluster, pvc, volumeName);
      return;
    }
    if (pvc.spec?.storageClassName === UNBINDABLE_STORAGE_CLASS) return;
    const mode = storageClassBinding(cluster, pvc);
    if (mode === undefined) return;
    if (mode === 'WaitForFirstConsumer' && !hasConsumer(cluster, pvc)) return;
    if (!delayElapsed(cluster, pvcController, ref, `pvc/${pvc.metadata.uid}`, BIND_DELAY_MS)) return;
    if (!cluster.store.get({ group: '', kind: 'PersistentVolume', namespace: '', name: volumeName }))
      cluster.store.create(volumeFor(pvc, volumeName));
    markBound(cluster, pvc, volumeName);
  },
};

function volumeFor(pvc: KubeObject, name: string): KubeObject {
  const storage = pvc.spec?.resources?.requests?.storage ?? '1Gi';
  const { namespace, name: claim, uid } = pvc.metadata;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name, annotations: { 'pv.kubernetes.io/provisioned-by': PROVISIONER } },
    spec: {
      accessModes: pvc.spec?.accessModes ?? ['ReadWriteOnce'],
      capacity: { storage },
      claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name: claim, uid },
      hostPath: {
        path: `/var/local-path-provisioner/${name}_${namespace}_${claim}`,
        type: 'DirectoryOrCreate',
      },
      persistentVolumeReclaimPolicy: 'Delete',
      storageClassName: pvc.spec?.storageClassName ?? DEFAULT_STORAGE_CLASS,
      volumeMode: pvc.spec?.volumeMode ?? 'Filesystem',
    },
    status: { phase: 'Bound' },
  };
}

function markBound(cluster: Cluster, pvc: KubeObject, volumeName: string): void {
  cluster.store.patch(refOf(pvc), (draft) => {
    draft.metadata.annotations = {
      ...draft.metadata.annotations,
      'pv.kubernetes.io/bind-completed': 'yes',
      'pv.kubernetes.io/bound-by-controller': 'yes',
      'volume.beta.kubernetes.io/storage-provisioner': PROVISIONER,
      'volume.kubernetes.io/storage-provisioner': PROVISIONER,
    };
    draft.spec = { ...draft.spec, volumeName };
    draft.status = {
      phase: 'Bound',
      accessModes: draft.spec.accessModes ?? ['ReadWriteOnce'],
      capacity: { storage: draft.spec.resources?.requests?.storage ?? '1Gi' },
    };
  });
}

/** Every Pending claim, looked at again when a StorageClass appears or changes. */
function pendingClaims(cluster: Cluster): void {
  for (const pvc of cluster.store.list({ kind: 'PersistentVolumeClaim' }))
    if (pvc.status?.phase !== 'Bound') cluster.enqueue(pvcController, refOf(pvc));
}

/** Whether a pod that is not being deleted mounts the claim (the scheduler's "first consumer"). */
function hasConsumer(cluster: Cluster, pvc: KubeObject): boolean {
  return cluster.store
    .scan({ kind: 'Pod', namespace: pvc.metadata.namespace })
    .some((pod) => !pod.metadata.deletionTimestamp && claimNames(pod).includes(pvc.metadata.name ?? ''));
}

function claimNames(pod: KubeObject): string[] {
  const names: string[] = [];
  for (const volume of pod.spec?.volumes ?? []) {
    const claim = volume?.persistentVolumeClaim?.claimName;
    if (typeof claim === 'string') names.push(claim);
  }
  return names;
}

/** Delete a provisioned volume whose claim is gone (reclaim policy Delete). */
function reclaim(cluster: Cluster, pv: KubeObject | undefined): void {
  if (!pv || pv.metadata.deletionTimestamp || pv.spec?.persistentVolumeReclaimPolicy !== 'Delete') return;
  const claimRef = nestedMap(pv.spec, 'claimRef');
  if (!claimRef) return;
  const claim = cluster.store.get({
    group: '',
    kind: 'PersistentVolumeClaim',
    namespace: nestedString(claimRef, 'namespace') ?? '',
    name: nestedString(claimRef, 'name') ?? '',
  });
  if (claim?.metadata.uid === nestedString(claimRef, 'uid')) return;
  cluster.store.delete(refOf(pv));
}
