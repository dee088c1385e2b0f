import { fromTimestamp } from '../clock';
import type { JsonAny, KubeObject } from '../types';
import {
  getDeploymentCondition,
  newDeploymentCondition,
  removeDeploymentCondition,
  setDeploymentCondition,
} from './deploymentConditions';
import { allSets, type DeploymentSync, type RolloutSets } from './deploymentSync';
import { desiredReplicas, maxUnavailable, sumSpecReplicas, sumStatus } from './deploymentUtil';
import { omitZero } from './omitZero';

/**
 * The status of a Deployment (k8s.io/kubernetes `pkg/controller/deployment/sync.go` `calculateStatus` and
 * `progress.go` `syncRolloutStatus`). Argo CD reads exactly these fields (argocd-semantics.md §3.1): the
 * counts, and a Progressing condition whose reason ProgressDeadlineExceeded makes the Deployment Degraded.
 */

/** The largest int32: a progressDeadlineSeconds of this value means "no deadline". */
const NO_DEADLINE = 2147483647;

/** The counts and the Available condition, from the ReplicaSets' own status. */
export function calculateStatus(sync: DeploymentSync, sets: RolloutSets): JsonAny {
  const { d } = sync;
  const all = allSets(sets);
  const available = sumStatus(all, 'availableReplicas');
  const status: JsonAny = {
    observedGeneration: d.metadata.generation ?? 1,
    replicas: sumStatus(all, 'replicas'),
    updatedReplicas: sets.newRS?.status?.replicas ?? 0,
    readyReplicas: sumStatus(all, 'readyReplicas'),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sumSpecReplicas(all) - available),
    conditions: sync.status.conditions,
    collisionCount: sync.status.collisionCount,
  };
  const now = sync.cluster.clock.now();
  const availableCondition =
    available >= desiredReplicas(d) - maxUnavailable(d)
      ? newDeploymentCondition(
          'Available',
          'True',
          'MinimumReplicasAvailable',
          'Deployment has minimum availability.',
          now,
        )
      : newDeploymentCondition(
          'Available',
          'False',
          'MinimumReplicasUnavailable',
          'Deployment does not have minimum availability.',
          now,
        );
  status.conditions = setDeploymentCondition(status.conditions, availableCondition);
  return status;
}

/**
 * `syncRolloutStatus`: the counts plus the Progressing condition. It turns NewReplicaSetAvailable once the
 * rollout is complete, is refreshed as ReplicaSetUpdated whenever a count moves forward (this is the
 * "progress" the deadline measures from), and turns False with ProgressDeadlineExceeded once
 * progressDeadlineSeconds have passed since the last progress.
 */
export function rolloutStatus(sync: DeploymentSync, sets: RolloutSets): JsonAny {
  const { d } = sync;
  const now = sync.cluster.clock.now();
  const status = calculateStatus(sync, sets);
  if (!hasProgressDeadline(d))
    status.conditions = removeDeploymentCondition(status.conditions, 'Progressing');
  const current = getDeploymentCondition(sync.status.conditions, 'Progressing');
  const complete = status.replicas === status.updatedReplicas && current?.reason === 'NewReplicaSetAvailable';
  if (hasProgressDeadline(d) && !complete) {
    const subject = sets.newRS
      ? `ReplicaSet "${sets.newRS.metadata.name}"`
      : `Deployment "${d.metadata.name}"`;
    if (deploymentComplete(d, status)) {
      const message = `${subject} has successfully progressed.`;
      const condition = newDeploymentCondition('Progressing', 'True', 'NewReplicaSetAvailable', message, now);
      status.conditions = setDeploymentCondition(status.conditions, condition);
    } else if (deploymentProgressing(sync.status, status)) {
      // Unlike setDeploymentCondition, progress with the same reason still refreshes lastUpdateTime.
      const condition = newDeploymentCondition(
        'Progressing',
        'True',
        'ReplicaSetUpdated',
        `${subject} is progressing.`,
        now,
      );
      if (current?.status === 'True') condition.lastTransitionTime = current.lastTransitionTime;
      status.conditions = [...removeDeploymentCondition(status.conditions, 'Progressing'), condition];
    } else if (timedOut(d, status, now)) {
      const message = `${subject} has timed out progressing.`;
      const condition = newDeploymentCondition(
        'Progressing',
        'False',
        'ProgressDeadlineExceeded',
        message,
        now,
      );
      status.conditions = setDeploymentCondition(status.conditions, condition);
    }
  }
  return status;
}

/**
 * How long until the progress deadline of a stuck rollout (`requeueStuckDeployment`), so the controller
 * wakes up exactly then even if nothing else changes. Undefined when there is nothing to wait for.
 */
export function untilDeadline(d: KubeObject, status: JsonAny, now: number): number | undefined {
  const condition = getDeploymentCondition(status.conditions, 'Progressing');
  if (!hasProgressDeadline(d) || !condition?.lastUpdateTime) return undefined;
  if (deploymentComplete(d, status) || condition.reason === 'ProgressDeadlineExceeded') return undefined;
  // A finished rollout whose pods later stop being available is not estimated again (rolloutStatus skips it),
  // so waking up at its deadline would change nothing, over and over: Kubernetes' rate-limited requeue is a
  // no-op there. For the same reason a deadline already past (without a timeout recorded) is not waited for.
  if (condition.reason === 'NewReplicaSetAvailable' && status.replicas === status.updatedReplicas)
    return undefined;
  const wait = deadlineOf(d, condition.lastUpdateTime) - now;
  return wait > 0 ? wait : undefined;
}

/** The status as stored: zero counts are left out, as the API server's JSON does. */
export function storedStatus(status: JsonAny): JsonAny {
  const fields = ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'];
  const out = omitZero({ ...status }, fields);
  if (out.collisionCount === undefined) delete out.collisionCount;
  if (!out.conditions?.length) delete out.conditions;
  return out;
}

export function hasProgressDeadline(d: KubeObject): boolean {
  const seconds = d.spec?.progressDeadlineSeconds;
  return typeof seconds === 'number' && seconds !== NO_DEADLINE;
}

/** `DeploymentComplete`: every replica updated and available, and the generation observed. */
export function deploymentComplete(d: KubeObject, status: JsonAny): boolean {
  const replicas = desiredReplicas(d);
  return (
    (status.updatedReplicas ?? 0) === replicas &&
    (status.replicas ?? 0) === replicas &&
    (status.availableReplicas ?? 0) === replicas &&
    (status.observedGeneration ?? 0) >= (d.metadata.generation ?? 1)
  );
}

/** `DeploymentProgressing`: a count moved forward since the previous status. */
function deploymentProgressing(previous: JsonAny, next: JsonAny): boolean {
  const oldOld = n(previous.replicas) - n(previous.updatedReplicas);
  const newOld = n(next.replicas) - n(next.updatedReplicas);
  return (
    n(next.updatedReplicas) > n(previous.updatedReplicas) ||
    newOld < oldOld ||
    n(next.readyReplicas) > n(previous.readyReplicas) ||
    n(next.availableReplicas) > n(previous.availableReplicas)
  );
}

/**
 * A count, or 0 when unset. A module function rather than a closure made at each call: under tsx (the bench)
 * every closure made is also named with an Object.defineProperty.
 */
function n(x: JsonAny): number {
  return typeof x === 'number' ? x : 0;
}

/**
 * `DeploymentTimedOut`. Kubernetes requires the deadline to be strictly past; the sandbox wakes up at the
 * deadline itself, so it counts the deadline as reached at that very instant ("Degraded at 600 s").
 */
function timedOut(d: KubeObject, status: JsonAny, now: number): boolean {
  const condition = getDeploymentCondition(status.conditions, 'Progressing');
  if (!condition || condition.reason === 'NewReplicaSetAvailable') return false;
  if (condition.reason === 'ProgressDeadlineExceeded') return true;
  return !!condition.lastUpdateTime && deadlineOf(d, condition.lastUpdateTime) <= now;
}

function deadlineOf(d: KubeObject, lastUpdateTime: string): number {
  return fromTimestamp(lastUpdateTime) + d.spec.progressDeadlineSeconds * 1000;
}
