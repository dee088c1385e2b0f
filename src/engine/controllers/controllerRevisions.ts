import type { Cluster } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject } from '../types';
import { clone, deepEqual } from '../util/clone';
import { claimDependents } from './claimDependents';
import { controllerRefTo } from './ownerRefs';
import { templateHash } from './templateHash';

/**
 * ControllerRevisions: the StatefulSet and DaemonSet controllers keep each pod template they have rolled out
 * as an `apps/v1` ControllerRevision named `<owner>-<hash>`, numbered by `revision`, and label every pod with
 * the revision it was made from. That is how they tell old pods from new ones, and how a pod below a
 * StatefulSet's partition is re-created from the *current* (old) template (k8s.io/kubernetes
 * `pkg/controller/history`).
 */

/** The revision of the owner's present template, and every revision the owner has. */
export interface Revisions {
  update: KubeObject;
  all: KubeObject[];
}

/**
 * Find or create the revision of the owner's current template. Going back to an earlier template reuses its
 * revision and renumbers it as the newest, as Kubernetes does on a rollback. `hashLabel` is the label the
 * revision carries its hash in (`controller.kubernetes.io/hash` for StatefulSets, `controller-revision-hash`
 * for DaemonSets).
 */
export function syncRevisions(cluster: Cluster, owner: KubeObject, hashLabel: string): Revisions {
  const all = claimDependents(cluster, owner, 'ControllerRevision', owner.spec?.selector);
  const template = owner.spec?.template ?? {};
  const data = { spec: { template: { ...clone(template), $patch: 'replace' } } };
  const latest = Math.max(0, ...all.map((r) => r.revision ?? 0));
  const equal = all.find((r) => deepEqual(r.data, data));
  if (equal) {
    if ((equal.revision ?? 0) === latest) return { update: equal, all };
    const renumbered = cluster.store.patch(refOf(equal), (draft) => {
      draft.revision = latest + 1;
    });
    return { update: renumbered, all: all.map((r) => (r === equal ? renumbered : r)) };
  }
  let collisions = owner.status?.collisionCount ?? 0;
  let hash = templateHash(collisions ? { template, collisions } : template);
  const nameOf = (h: string) => `${owner.metadata.name}-${h}`;
  while (
    cluster.store.get({ ...refOf(owner), group: 'apps', kind: 'ControllerRevision', name: nameOf(hash) })
  )
    hash = templateHash({ template, collisions: ++collisions });
  const created = cluster.store.create({
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: nameOf(hash),
      namespace: owner.metadata.namespace,
      labels: { ...template.metadata?.labels, [hashLabel]: hash },
      ownerReferences: [controllerRefTo(owner)],
    },
    data,
    revision: latest + 1,
  });
  return { update: created, all: [...all, created] };
}

/** The pod template a revision stores. */
export function templateOf(revision: KubeObject): JsonAny {
  const template = clone(revision.data?.spec?.template ?? {});
  delete template.$patch;
  return template;
}

/** The hash of a revision (the part of its name after the owner's). */
export function hashOf(revision: KubeObject, hashLabel: string): string {
  return revision.metadata.labels?.[hashLabel] ?? '';
}

/**
 * Delete the oldest revisions no pod uses beyond the owner's `revisionHistoryLimit` (default 10), as
 * `truncateHistory` does. `inUse` holds the names of revisions to keep whatever their age.
 */
export function truncateHistory(
  cluster: Cluster,
  owner: KubeObject,
  all: KubeObject[],
  inUse: Set<string>,
): void {
  const limit = owner.spec?.revisionHistoryLimit ?? 10;
  const history = all
    .filter((r) => !inUse.has(r.metadata.name ?? '') && !r.metadata.deletionTimestamp)
    .sort((a, b) => (a.revision ?? 0) - (b.revision ?? 0));
  for (const r of history.slice(0, Math.max(0, history.length - limit))) cluster.store.delete(refOf(r));
}
