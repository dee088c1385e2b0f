import { fromTimestamp, toTimestamp } from '../clock';
import { controllerOwner, type Cluster, type Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { clone } from '../util/clone';
import { createWithGeneratedName } from './createWithGeneratedName';
import { findConditionByType, hasCondition, jobReasons, ensureJobConditionStatus } from './jobConditions';
import { countJobPods, isTerminal, type JobMemory } from './jobPodCounts';
import { expireAfterTtl } from './jobTtl';
import { podReady } from './serviceEndpoints';

/** The Job controller's pod failure back-off: 10 s, doubling per failure since the last success, capped. */
export const JOB_BACKOFF_INITIAL_MS = 10_000;
export const JOB_BACKOFF_MAX_MS = 360_000;

/**
 * The Job controller (pkg/controller/job) with the TTL-after-finished controller folded in. It keeps
 * `min(parallelism, completions − succeeded)` pods running (named `<job>-<5 chars>`, labelled with the job's
 * name and uid, owned with controller: true), counts finished pods, waits the failure back-off before
 * replacing a failed pod, and ends the Job `Complete` or `Failed` (BackoffLimitExceeded when failures,
 * restarts of OnFailure pods included, exceed backoffLimit; DeadlineExceeded after activeDeadlineSeconds).
 * `spec.suspend` deletes the active pods (not counted as failures) and resuming restarts the clock.
 * Finished pods are counted by jobPodCounts.ts; ttlSecondsAfterFinished is handled by jobTtl.ts.
 */
export const jobController: Controller = {
  name: 'job',
  kinds: ['Job'],
  ownedKinds: ['Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const job = cluster.store.get(ref);
    if (!job || job.metadata.deletionTimestamp) return;
    syncJob(cluster, ref, job);
  },
};

/**
 * The Job's pods: those it controls in its namespace. This and `removeActive` are functions of their own rather
 * than closures made at every sync of every Job.
 */
function ownPods(store: Cluster['store'], ref: ObjectRef, uid: string): KubeObject[] {
  return store
    .list({ kind: 'Pod', namespace: ref.namespace, ownerUid: uid })
    .filter((p) => controllerOwner(p)?.uid === uid);
}

/** Delete the active pods; when suspending, remember them as deleted by the suspension (not failures). */
function removeActive(
  store: Cluster['store'],
  memory: JobMemory,
  active: KubeObject[],
  suspending: boolean,
): void {
  for (const pod of active) {
    if (suspending) memory.suspended.add(pod.metadata.uid ?? '');
    store.delete(refOf(pod));
  }
}

function syncJob(cluster: Cluster, ref: ObjectRef, job: KubeObject): void {
  const store = cluster.store;
  const now = cluster.clock.now();
  const ts = toTimestamp(now);
  const spec: JsonAny = job.spec ?? {};
  const uid = job.metadata.uid ?? '';
  const memory = countJobPods(cluster, job, ownPods(store, ref, uid), now);
  const active = ownPods(store, ref, uid).filter((p) => !isTerminal(p) && !p.metadata.deletionTimestamp);
  // A shallow copy: only startTime and completionTime are set on it, and ensureJobConditionStatus makes a new list,
  // so the stored status's conditions are shared (an unchanged one is then the same list, compared at a glance).
  const status: JsonAny = { ...(job.status ?? {}) };
  let conditions: JsonAny[] | undefined = status.conditions;
  const wake: number[] = [];
  const finished = hasCondition(status, 'Complete') || hasCondition(status, 'Failed');
  const deciding =
    !finished && !hasCondition(status, 'FailureTarget') && !hasCondition(status, 'SuccessCriteriaMet');
  if (deciding && spec.suspend) {
    conditions = ensureJobConditionStatus(conditions, 'Suspended', 'True', jobReasons.suspended, ts);
    removeActive(store, memory, active, true);
  } else if (deciding) {
    if (hasCondition(status, 'Suspended')) {
      conditions = ensureJobConditionStatus(conditions, 'Suspended', 'False', jobReasons.resumed, ts);
      // Resuming restarts the clock of activeDeadlineSeconds.
      status.startTime = ts;
    }
    status.startTime ??= ts;
    const failure = failureOf(spec, memory, active, fromTimestamp(status.startTime), now, wake);
    if (failure) {
      conditions = ensureJobConditionStatus(conditions, 'FailureTarget', 'True', failure, ts);
      removeActive(store, memory, active, false);
    } else if (memory.succeeded >= (spec.completions ?? 1)) {
      conditions = ensureJobConditionStatus(
        conditions,
        'SuccessCriteriaMet',
        'True',
        jobReasons.completions,
        ts,
      );
      removeActive(store, memory, active, false);
    } else createPods(cluster, job, memory, active.length, now, wake);
  }
  const pods = ownPods(store, ref, uid);
  const terminating = pods.filter((p) => !isTerminal(p) && p.metadata.deletionTimestamp).length;
  // The terminal condition waits until no pod of the Job is terminating (KEP-3939, Kubernetes 1.31+).
  const target = findConditionByType({ conditions }, 'FailureTarget');
  if (!finished && target?.status === 'True' && terminating === 0)
    conditions = ensureJobConditionStatus(
      conditions,
      'Failed',
      'True',
      { reason: target.reason ?? '', message: target.message ?? '' },
      ts,
    );
  if (!finished && hasCondition({ conditions }, 'SuccessCriteriaMet') && terminating === 0) {
    conditions = ensureJobConditionStatus(conditions, 'Complete', 'True', jobReasons.completions, ts);
    status.completionTime = ts;
  }
  const running = pods.filter((p) => !isTerminal(p) && !p.metadata.deletionTimestamp);
  const next: JsonAny = {};
  if (running.length) next.active = running.length;
  if (status.completionTime) next.completionTime = status.completionTime;
  if (conditions?.length) next.conditions = conditions;
  if (memory.failed) next.failed = memory.failed;
  next.ready = running.filter(podReady).length;
  if (status.startTime) next.startTime = status.startTime;
  if (memory.succeeded) next.succeeded = memory.succeeded;
  next.terminating = terminating;
  next.uncountedTerminatedPods = {};
  const written = store.setStatus(ref, next);
  expireAfterTtl(cluster, ref, written, now, wake);
  const due = Math.min(...wake);
  if (due !== Infinity) cluster.enqueue(jobController, ref, due - now);
}
function failureOf(
  spec: JsonAny,
  memory: JobMemory,
  active: KubeObject[],
  start: number,
  now: number,
  wake: number[],
) {
  // OnFailure pods restart in place; their restarts count as failures (pastBackoffLimitOnFailure).
  const restarts =
    spec.template?.spec?.restartPolicy === 'OnFailure'
      ? active.reduce(
          (n, p) =>
            n +
            [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])].reduce(
              (m: number, c: JsonAny) => m + (c.restartCount ?? 0),
              0,
            ),
          0,
        )
      : 0;
  if (memory.failed + restarts > (spec.backoffLimit ?? 6)) return jobReasons.backoffLimit;
  if (typeof spec.activeDeadlineSeconds === 'number') {
    const deadline = start + spec.activeDeadlineSeconds * 1000;
    if (now >= deadline) return jobReasons.deadline;
    wake.push(deadline);
  }
  return undefined;
}

function createPods(
  cluster: Cluster,
  job: KubeObject,
  memory: JobMemory,
  active: number,
  now: number,
  wake: number[],
): void {
  const spec: JsonAny = job.spec ?? {};
  const want = Math.max(0, Math.min(spec.parallelism ?? 1, (spec.completions ?? 1) - memory.succeeded));
  if (want <= active) return;
  if (memory.failuresAfterLastSuccess > 0) {
    const delay = Math.min(
      JOB_BACKOFF_INITIAL_MS * 2 ** (memory.failuresAfterLastSuccess - 1),
      JOB_BACKOFF_MAX_MS,
    );
    const at = memory.lastFailureAt + delay;
    if (now < at) {
      wake.push(at);
      return;
    }
  }
  const { name = '', namespace, uid = '' } = job.metadata;
  const template: JsonAny = spec.template ?? {};
  for (let i = active; i < want; i++) {
    // A suffix already in use is drawn again, as for ReplicaSet and DaemonSet pods.
    createWithGeneratedName(cluster.store, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${name}-`,
        namespace,
        labels: {
          ...(template.metadata?.labels ?? {}),
          'batch.kubernetes.io/controller-uid': uid,
          'batch.kubernetes.io/job-name': name,
          'controller-uid': uid,
          'job-name': name,
        },
        annotations: template.metadata?.annotations ? { ...template.metadata.annotations } : undefined,
        ownerReferences: [
          { apiVersion: 'batch/v1', kind: 'Job', name, uid, controller: true, blockOwnerDeletion: true },
        ],
      },
      spec: clone(template.spec ?? {}),
    });
  }
}
