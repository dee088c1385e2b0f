import type { KubeObject, OwnerReference } from '../types';

/**
 * The ownerReference a controller puts on what it creates (`metav1.NewControllerRef`): `controller: true`
 * marks the one managing owner and `blockOwnerDeletion: true` lets a foreground deletion of the owner wait
 * for this dependent (argocd-semantics.md §2.15).
 */
export function controllerRefTo(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The uid of the object's controlling owner, if it has one. */
export function controllerUid(obj: KubeObject): string | undefined {
  return obj.metadata.ownerReferences?.find((o) => o.controller)?.uid;
}

/** Whether `owner` is the controlling owner of `obj`. */
export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  return controllerUid(obj) === owner.metadata.uid;
}
