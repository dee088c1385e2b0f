import { groupOf } from '../cluster/gvk';
import type { KubeObject, ObjectRef } from '../types';

/** Reads one object of the cluster (the store's `get`). */
export type ObjectGetter = (ref: ObjectRef) => KubeObject | undefined;

/**
 * An object followed by its controllers, nearest first: Pod → ReplicaSet → Deployment, Pod → Job → CronJob.
 * An owner that is already gone still appears, as a bare `{ kind, metadata: { name, namespace } }` built from
 * the ownerReference, so that a pod orphaned for a moment is still known as its Job's.
 */
export function ownerChain(obj: KubeObject, get: ObjectGetter): KubeObject[] {
  const chain = [obj];
  let current = obj;
  for (let depth = 0; depth < 8; depth++) {
    const refs = current.metadata.ownerReferences ?? [];
    const owner = refs.find((o) => o.controller) ?? refs[0];
    if (!owner) break;
    const namespace = current.metadata.namespace ?? '';
    const next = get({ group: groupOf(owner.apiVersion), kind: owner.kind, namespace, name: owner.name });
    if (!next || next.metadata.uid !== owner.uid) {
      chain.push({
        apiVersion: owner.apiVersion,
        kind: owner.kind,
        metadata: { name: owner.name, namespace },
      });
      break;
    }
    chain.push(next);
    current = next;
  }
  return chain;
}
