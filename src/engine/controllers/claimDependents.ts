import type { Cluster } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { Json, KubeObject } from '../types';
import { isJsonObject } from '../util/unstructured';
import { matchesSelector } from './labelSelector';
import { controllerRefTo, controllerUid } from './ownerRefs';

/**
 * The objects of `kind` that `owner` controls, as Kubernetes' `ControllerRefManager.Claim*` finds them: those
 * whose controlling ownerReference is the owner, plus orphans (no controlling owner, not being deleted) whose
 * labels match the owner's selector, which are adopted by adding the owner's controller reference. This is
 * what makes a re-created Deployment pick up the ReplicaSets an orphaning delete left behind.
 *
 * An owner that is itself being deleted adopts nothing, so an orphaning delete can finish. `accept` narrows
 * what may be claimed at all (a StatefulSet only claims pods named after it).
 */
export function claimDependents(
  cluster: Cluster,
  owner: KubeObject,
  kind: string,
  selector: Json,
  accept: (obj: KubeObject) => boolean = () => true,
): KubeObject[] {
  const uid = owner.metadata.uid;
  const canAdopt =
    !owner.metadata.deletionTimestamp && isJsonObject(selector) && Object.keys(selector).length > 0;
  const out: KubeObject[] = [];
  // Only what the owner controls already, and orphans it might adopt, can be its dependents.
  const namespace = owner.metadata.namespace ?? '';
  // What the owner already owns comes in name order from the store's owner index, kept between reconciles (a
  // ReplicaSet reconciles at every change of each of its pods); orphans, rare, are merged in and sorted again.
  const owned = uid ? cluster.store.scanOwnedInOrder({ kind, namespace, ownerUid: uid }) : [];
  const orphans = canAdopt ? cluster.store.scan({ namespace, orphansOf: kind }) : [];
  const candidates = orphans.length > 0 ? [...new Set([...owned, ...orphans])].sort(byName) : owned;
  for (const obj of candidates) {
    if (!accept(obj)) continue;
    const controller = controllerUid(obj);
    if (controller === uid) {
      out.push(obj);
    } else if (
      controller === undefined &&
      canAdopt &&
      !obj.metadata.deletionTimestamp &&
      matchesSelector(obj.metadata.labels, selector)
    ) {
      const adopted = cluster.store.patch(refOf(obj), (draft) => {
        draft.metadata.ownerReferences = [...(draft.metadata.ownerReferences ?? []), controllerRefTo(owner)];
      });
      out.push(adopted);
    }
  }
  return out;
}

function byName(a: KubeObject, b: KubeObject): number {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}
