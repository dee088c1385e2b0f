import { fromTimestamp, toTimestamp } from '../clock';
import { controllerOwner, type Cluster, type Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { Json, KubeObject, ObjectRef } from '../types';
import { clone } from '../util/clone';
import { findCondition, hasCondition, jobReasons, setCondition } from './jobConditions';
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
 *
 * Counted pods are remembered beside the Cluster, as the real controller marks them by removing its
 * tracking finalizer; that finalizer itself is not simulated, so a Job's pods can vanish before they count,
 * which is then counted as a failure, like a pod deleted from under the Job.
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

interface JobMemory {
  counted: Set<string>;
  seen: Set<string>;
  /** Pods deleted because the Job was suspended: they do not count as failures. */
  suspended: Set<string>;
  succeeded: number;
  failed: number;
  failuresAfterLastSuccess: number;
  lastFailureAt: number;
}

const memories = new WeakMap<Cluster, Map<string, JobMemory>>();

function memoryOf(cluster: Cluster, job: KubeObject, pods: KubeObject[]): JobMemory {
  let map = memories.get(cluster);
  if (!map) memories.set(cluster, (map = new Map()));
  const uid = job.metadata.uid ?? '';
  let memory = map.get(uid);
  if (!memory) {
    // A Job that already has a status (loaded as live state) keeps its counts: its finished pods are in them.
    const failed = job.status?.failed ?? 0;
    const succeeded = job.status?.succeeded ?? 0;
    const counted = new Set(
      succeeded + failed > 0 ? pods.filter(isTerminal).map((p) => p.metadata.uid ?? '') : [],
    );
    const seen = new Set<string>();
    memory = {
      counted,
      seen,
      suspended: new Set(),
      succeeded,
      failed,
      failuresAfterLastSuccess: failed,
      lastFailureAt: -Infinity,
    };
    map.set(uid, memory);
  }
  return memory;
}

const isTerminal = (pod: KubeObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

function syncJob(cluster: Cluster, ref: ObjectRef, job: KubeObject): void {
  const store = cluster.store;
  const now = cluster.clock.now();
  const ts = toTimestamp(now);
  const spec: Json = job.spec ?? {};
  const uid = job.metadata.uid ?? '';
  const ownPods = () =>
    store
      .list({ kind: 'Pod', namespace: ref.namespace, ownerUid: uid })
      .filter((p) => controllerOwner(p)?.uid === uid);
  const memory = memoryOf(cluster, job, ownPods());
  countFinished(memory, ownPods(), now);
  const active = ownPods().filter((p) => !isTerminal(p) && !p.metadata.deletionTimestamp);
  const status: Json = clone(job.status ?? {});
  let conditions: Json[] | undefined = status.conditions;
  const wake: number[] = [];
  const removeActive = (suspending: boolean) => {
    for (const pod of active) {
      if (suspending) memory.suspended.add(pod.metadata.uid ?? '');
      store.delete(refOf(pod));
    }
  };
  const finished = hasCondition(status, 'Complete') || hasCondition(status, 'Failed');
  const deciding =
    !finished && !hasCondition(status, 'FailureTarget') && !hasCondition(status, 'SuccessCriteriaMet');
  if (deciding && spec.suspend) {
    conditions = setCondition(conditions, 'Suspended', 'True', jobReasons.suspended, ts);
    removeActive(true);
  } else if (deciding) {
    if (hasCondition(status, 'Suspended')) {
      conditions = setCondition(conditions, 'Suspended', 'False', jobReasons.resumed, ts);
      // Resuming restarts the clock of activeDeadlineSeconds.
      status.startTime = ts;
    }
    status.startTime ??= ts;
    const failure = failureOf(spec, memory, active, fromTimestamp(status.startTime), now, wake);
    if (failure) {
      conditions = setCondition(conditions, 'FailureTarget', 'True', failure, ts);
      removeActive(false);
    } else if (memory.succeeded >= (spec.completions ?? 1)) {
      conditions = setCondition(conditions, 'SuccessCriteriaMet', 'True', jobReasons.completions, ts);
      removeActive(false);
    } else createPods(cluster, job, memory, active.length, now, wake);
  }
  const pods = ownPods();
  const terminating = pods.filter((p) => !isTerminal(p) && p.metadata.deletionTimestamp).length;
  // The terminal condition waits until no pod of the Job is terminating (KEP-3939, Kubernetes 1.31+).
  const target = findCondition({ conditions }, 'FailureTarget');
  if (!finished && target?.status === 'True' && terminating === 0)
    conditions = setCondition(
      conditions,
      'Failed',
      'True',
      { reason: target.reason, message: target.message },
      ts,
    );
  if (!finished && hasCondition({ conditions }, 'SuccessCriteriaMet') && terminating === 0) {
    conditions = setCondition(conditions, 'Complete', 'True', jobReasons.completions, ts);
    status.completionTime = ts;
  }
  const running = pods.filter((p) => !isTerminal(p) && !p.metadata.deletionTimestamp);
  const next: Json = {};
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

/** Count pods that finished since the last sync, and pods that vanished before they finished. */
function countFinished(memory: JobMemory, pods: KubeObject[], now: number): void {
  const present = new Set(pods.map((p) => p.metadata.uid ?? ''));
  const fail = (at: number) => {
    memory.failed++;
    memory.failuresAfterLastSuccess++;
    memory.lastFailureAt = Math.max(memory.lastFailureAt, at);
  };
  for (const pod of pods) {
    const uid = pod.metadata.uid ?? '';
    if (!isTerminal(pod)) memory.seen.add(uid);
    if (!isTerminal(pod) || memory.counted.has(uid)) continue;
    memory.counted.add(uid);
    if (pod.status.phase === 'Succeeded') {
      memory.succeeded++;
      memory.failuresAfterLastSuccess = 0;
    } else if (!memory.suspended.has(uid)) fail(finishedAt(pod) ?? now);
  }
  for (const uid of memory.seen) {
    if (present.has(uid) || memory.counted.has(uid)) continue;
    memory.counted.add(uid);
    if (!memory.suspended.has(uid)) fail(now);
  }
}

/** When a pod finished: the latest finishedAt of its containers (second precision, as written). */
function finishedAt(pod: KubeObject): number | undefined {
  const times = (pod.status?.containerStatuses ?? [])
    .map((c: Json) => c.state?.terminated?.finishedAt)
    .filter((t: unknown): t is string => typeof t === 'string')
    .map(fromTimestamp);
  return times.length ? Math.max(...times) : undefined;
}

function failureOf(
  spec: Json,
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
              (m: number, c: Json) => m + (c.restartCount ?? 0),
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
  const spec: Json = job.spec ?? {};
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
  const template: Json = spec.template ?? {};
  for (let i = active; i < want; i++) {
    cluster.store.create({
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

/**
 * ttlSecondsAfterFinished: the TTL controller deletes a finished Job with Foreground propagation, as
 * Kubernetes does (pkg/controller/ttlafterfinished). A Job that carries finalizers (Argo CD's hook
 * finalizer) only gets its deletionTimestamp until they are removed; the store handles that.
 */
function expireAfterTtl(
  cluster: Cluster,
  ref: ObjectRef,
  job: KubeObject,
  now: number,
  wake: number[],
): void {
  const ttl = job.spec?.ttlSecondsAfterFinished;
  if (typeof ttl !== 'number' || job.metadata.deletionTimestamp) return;
  const done = findCondition(job.status, 'Complete') ?? findCondition(job.status, 'Failed');
  if (done?.status !== 'True') return;
  const expiresAt = fromTimestamp(job.status.completionTime ?? done.lastTransitionTime) + ttl * 1000;
  if (now >= expiresAt) cluster.store.delete(ref, { propagationPolicy: 'Foreground' });
  else wake.push(expiresAt);
}
