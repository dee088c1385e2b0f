import type { Cluster } from '../cluster/cluster';
import type { KubeObject } from '../types';

/**
 * kind's default StorageClass, which the sandbox's cluster stands for when no StorageClass object says otherwise:
 * `standard`, provisioned by rancher.io/local-path with `volumeBindingMode: WaitForFirstConsumer` (kind's
 * default storage manifest). A claim that names no class gets it, as the DefaultStorageClass admission plugin
 * sets it.
 */
export const KIND_DEFAULT_CLASS = { name: 'standard', volumeBindingMode: 'WaitForFirstConsumer' } as const;

export type VolumeBindingMode = 'Immediate' | 'WaitForFirstConsumer';

/**
 * When the claim's volume may be provisioned: the `volumeBindingMode` of its StorageClass (default `Immediate`,
 * as the API server defaults the field), kind's default class when the claim names none or names `standard`
 * and no object overrides it, and undefined for a class that does not exist, whose claim stays Pending
 * (the PV controller finds no class to provision with: `storageclass.storage.k8s.io "x" not found`).
 */
export function storageClassBinding(cluster: Cluster, pvc: KubeObject): VolumeBindingMode | undefined {
  const name = String(pvc.spec?.storageClassName ?? KIND_DEFAULT_CLASS.name);
  const sc = cluster.store.get({ group: 'storage.k8s.io', kind: 'StorageClass', namespace: '', name });
  if (sc) return sc.volumeBindingMode === 'WaitForFirstConsumer' ? 'WaitForFirstConsumer' : 'Immediate';
  return name === KIND_DEFAULT_CLASS.name ? KIND_DEFAULT_CLASS.volumeBindingMode : undefined;
}
