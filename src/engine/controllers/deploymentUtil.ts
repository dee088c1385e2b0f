import type { Cluster } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { KubeObject } from '../types';
import { scaledValue } from './intOrPercent';

/**
 * Small helpers of the Deployment controller, after k8s.io/kubernetes `pkg/controller/deployment/util`.
 * The annotation keys are Kubernetes' own.
 */

/** The rollout revision, on the Deployment and on each of its ReplicaSets. */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
/** Earlier revisions of a ReplicaSet that was rolled back to. */
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
/** `spec.replicas` of the Deployment when the ReplicaSet was last scaled (detects scaling events). */
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
/** replicas + maxSurge when the ReplicaSet was last scaled (the base of proportional scaling). */
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';

/** Annotations of a Deployment that are not copied to its ReplicaSets. */
export const NOT_COPIED_ANNOTATIONS = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

export function desiredReplicas(d: KubeObject): number {
  return d.spec?.replicas ?? 1;
}

export function isRollingUpdate(d: KubeObject): boolean {
  return (d.spec?.strategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
}

/**
 * `ResolveFenceposts`: maxSurge rounds up and maxUnavailable rounds down; when both come out 0 (possible only
 * through rounding), maxUnavailable becomes 1 so that a rollout can still make progress.
 */
export function resolveFenceposts(d: KubeObject): { surge: number; unavailable: number } {
  const replicas = desiredReplicas(d);
  const rolling = d.spec?.strategy?.rollingUpdate ?? {};
  const surge = scaledValue(rolling.maxSurge ?? '25%', replicas, true);
  let unavailable = scaledValue(rolling.maxUnavailable ?? '25%', replicas, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

export function maxSurge(d: KubeObject): number {
  return isRollingUpdate(d) ? resolveFenceposts(d).surge : 0;
}

export function maxUnavailable(d: KubeObject): number {
  const replicas = desiredReplicas(d);
  if (!isRollingUpdate(d) || replicas === 0) return 0;
  return Math.min(resolveFenceposts(d).unavailable, replicas);
}

/** The revision number of a ReplicaSet (0 when it has none). */
export function revisionOf(rs: KubeObject): number {
  const value = Number(rs.metadata.annotations?.[REVISION_ANNOTATION] ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export function specReplicas(rs: KubeObject): number {
  return rs.spec?.replicas ?? 1;
}

/** Sum of `spec.replicas` (`GetReplicaCountForReplicaSets`). */
export function sumSpecReplicas(list: KubeObject[]): number {
  return list.reduce((n, rs) => n + specReplicas(rs), 0);
}

/** Sum of a status counter over ReplicaSets (`GetActualReplicaCountForReplicaSets` and friends). */
export function sumStatus(
  list: KubeObject[],
  field: 'replicas' | 'readyReplicas' | 'availableReplicas',
): number {
  return list.reduce((n, rs) => n + (rs.status?.[field] ?? 0), 0);
}

/** Oldest first, then by name (`ReplicaSetsByCreationTimestamp`). */
export function byCreation(a: KubeObject, b: KubeObject): number {
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.metadata.name ?? '';
  const nb = b.metadata.name ?? '';
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/**
 * Set a ReplicaSet's size and its desired/max replica annotations (`scaleReplicaSet`). Returns the stored
 * ReplicaSet and whether its size changed.
 */
export function scaleReplicaSet(
  cluster: Cluster,
  rs: KubeObject,
  newScale: number,
  d: KubeObject,
): { scaled: boolean; rs: KubeObject } {
  const desired = String(desiredReplicas(d));
  const max = String(desiredReplicas(d) + maxSurge(d));
  const sizeChanged = specReplicas(rs) !== newScale;
  const annotations = rs.metadata.annotations ?? {};
  if (
    !sizeChanged &&
    annotations[DESIRED_REPLICAS_ANNOTATION] === desired &&
    annotations[MAX_REPLICAS_ANNOTATION] === max
  )
    return { scaled: false, rs };
  const updated = cluster.store.patch(refOf(rs), (draft) => {
    draft.spec.replicas = newScale;
    draft.metadata.annotations = {
      ...draft.metadata.annotations,
      [DESIRED_REPLICAS_ANNOTATION]: desired,
      [MAX_REPLICAS_ANNOTATION]: max,
    };
  });
  return { scaled: sizeChanged, rs: updated };
}

/** `scaleReplicaSetAndRecordEvent`: scale only when the size differs. */
export function scaleIfNeeded(
  cluster: Cluster,
  rs: KubeObject,
  newScale: number,
  d: KubeObject,
): { scaled: boolean; rs: KubeObject } {
  if (specReplicas(rs) === newScale) return { scaled: false, rs };
  return scaleReplicaSet(cluster, rs, newScale, d);
}

/**
 * `NewRSNewReplicas`: the size the new ReplicaSet may grow to now. A rolling update adds pods while the
 * total stays within replicas + maxSurge; Recreate goes straight to the full size.
 */
export function newRSNewReplicas(d: KubeObject, allRSs: KubeObject[], newRS: KubeObject | undefined): number {
  const replicas = desiredReplicas(d);
  if (!isRollingUpdate(d)) return replicas;
  const current = newRS ? specReplicas(newRS) : 0;
  const total = sumSpecReplicas(allRSs.filter((rs) => rs !== newRS)) + current;
  const maxTotal = replicas + maxSurge(d);
  if (total >= maxTotal) return current;
  return current + Math.max(0, Math.min(maxTotal - total, replicas - current));
}
