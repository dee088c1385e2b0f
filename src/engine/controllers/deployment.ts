import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { claimDependents } from './claimDependents';
import {
  getDeploymentCondition,
  newDeploymentCondition,
  setDeploymentCondition,
} from './deploymentConditions';
import { recreateStep, scaleUpForRecreate } from './deploymentRecreate';
import { rollingStep } from './deploymentRolling';
import { cleanupDeployment, isScalingEvent, scale } from './deploymentScale';
import {
  calculateStatus,
  deploymentComplete,
  hasProgressDeadline,
  rolloutStatus,
  storedStatus,
  untilDeadline,
} from './deploymentStatus';
import type { DeploymentSync } from './deploymentSync';
import { isRollingUpdate, REVISION_ANNOTATION } from './deploymentUtil';
import { newReplicaSet } from './newReplicaSet';

/**
 * The Deployment controller (k8s.io/kubernetes `pkg/controller/deployment`, `syncDeployment`). Each
 * reconcile looks at the Deployment's ReplicaSets and takes one step: create the ReplicaSet of the current
 * template, scale ReplicaSets for a rolling update or a recreate, scale on a replicas change, clean up old
 * revisions, and write the status Argo CD's health check reads (argocd-semantics.md §3.1):
 *
 * - Progressing → Healthy as the new ReplicaSet's pods become available;
 * - Degraded once `progressDeadlineSeconds` (default 600) pass without progress: the controller wakes
 *   itself at the deadline and writes the Progressing condition with reason ProgressDeadlineExceeded;
 * - Suspended while `spec.paused`: no rollout step is taken, only scaling.
 */
export const deploymentController: Controller = {
  name: 'deployment-controller',
  kinds: ['Deployment'],
  ownedKinds: ['ReplicaSet'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const d = cluster.store.get(ref);
    if (!d) return;
    const sync: DeploymentSync = {
      cluster,
      d,
      rsList: claimDependents(cluster, d, 'ReplicaSet', d.spec?.selector),
      // A shallow copy: the sync reassigns status fields (its conditions lists are made anew by
      // setDeploymentCondition) and never changes a part it read, so the stored status's parts can be shared.
      status: { ...(d.status ?? {}) },
    };
    const status = syncDeployment(sync);
    write(sync, status);
    const wait = untilDeadline(d, status, cluster.clock.now());
    if (wait !== undefined && !d.spec?.paused) cluster.enqueue(deploymentController, ref, wait);
  },
};

/** How often a Recreate rollout checks whether the old pods are gone. */
const RECREATE_POLL_MS = 250;

/** One sync; returns the new status (the caller writes it). */
function syncDeployment(sync: DeploymentSync): JsonAny {
  const { d } = sync;
  // A Deployment being deleted only reports status; the garbage collector removes its ReplicaSets.
  if (d.metadata.deletionTimestamp) return calculateStatus(sync, newReplicaSet(sync, false));
  checkPausedConditions(sync);
  if (d.spec?.paused) return scaleOnly(sync);
  if (isScalingEvent(newReplicaSet(sync, false), d)) return scaleOnly(sync);
  return isRollingUpdate(d) ? rolloutRolling(sync) : rolloutRecreate(sync);
}

/** `sync`: scale to `spec.replicas` without rolling out (paused Deployments and scaling events). */
function scaleOnly(sync: DeploymentSync): JsonAny {
  const sets = newReplicaSet(sync, false);
  scale(sync, sets);
  if (sync.d.spec?.paused) cleanupDeployment(sync, sets.oldRSs);
  return calculateStatus(sync, sets);
}

function rolloutRolling(sync: DeploymentSync): JsonAny {
  const sets = newReplicaSet(sync, true);
  if (!rollingStep(sync, sets) && deploymentComplete(sync.d, sync.status))
    cleanupDeployment(sync, sets.oldRSs);
  return rolloutStatus(sync, sets);
}

function rolloutRecreate(sync: DeploymentSync): JsonAny {
  let sets = newReplicaSet(sync, false);
  const step = recreateStep(sync, sets);
  // Kubernetes re-syncs a Recreate Deployment when its last old pod is deleted. Pods are not among the
  // kinds that wake this controller, so while old pods terminate it looks again a little later.
  if (step === 'wait') sync.cluster.enqueue(deploymentController, refOf(sync.d), RECREATE_POLL_MS);
  if (step !== 'ready') return rolloutStatus(sync, sets);
  if (!sets.newRS) sets = newReplicaSet(sync, true);
  if (sets.newRS) scaleUpForRecreate(sync, sets, sets.newRS);
  if (deploymentComplete(sync.d, sync.status)) cleanupDeployment(sync, sets.oldRSs);
  return rolloutStatus(sync, sets);
}

/**
 * `checkPausedConditions`: pausing sets Progressing to Unknown (DeploymentPaused) and resuming to Unknown
 * (DeploymentResumed), so the progress deadline restarts from the resume instead of expiring at once. A
 * reported ProgressDeadlineExceeded is left as it is.
 */
function checkPausedConditions(sync: DeploymentSync): void {
  if (!hasProgressDeadline(sync.d)) return;
  const current = getDeploymentCondition(sync.status.conditions, 'Progressing');
  if (current?.reason === 'ProgressDeadlineExceeded') return;
  const pausedNoted = current?.reason === 'DeploymentPaused';
  const now = sync.cluster.clock.now();
  let condition;
  if (sync.d.spec?.paused && !pausedNoted)
    condition = newDeploymentCondition(
      'Progressing',
      'Unknown',
      'DeploymentPaused',
      'Deployment is paused',
      now,
    );
  else if (!sync.d.spec?.paused && pausedNoted)
    condition = newDeploymentCondition(
      'Progressing',
      'Unknown',
      'DeploymentResumed',
      'Deployment is resumed',
      now,
    );
  if (condition) sync.status.conditions = setDeploymentCondition(sync.status.conditions, condition);
}

function write(sync: DeploymentSync, status: JsonAny): void {
  const stored = storedStatus(status);
  // Most writes only refresh the status: through the status subresource they share the rest of the object with
  // the stored one instead of cloning and comparing it whole (the same result, see ObjectStore.setStatus).
  const current = sync.cluster.store.get(refOf(sync.d));
  if (
    current &&
    (sync.revision === undefined || current.metadata.annotations?.[REVISION_ANNOTATION] === sync.revision)
  ) {
    sync.cluster.store.setStatus(refOf(sync.d), stored);
    return;
  }
  sync.cluster.store.patch(refOf(sync.d), (draft: KubeObject) => {
    if (sync.revision !== undefined && draft.metadata.annotations?.[REVISION_ANNOTATION] !== sync.revision)
      draft.metadata.annotations = { ...draft.metadata.annotations, [REVISION_ANNOTATION]: sync.revision };
    draft.status = stored;
  });
}
