import { fromTimestamp } from '../clock';
import type { Cluster } from '../cluster/cluster';
import type { Json, KubeObject } from '../types';
import { nestedString } from '../util/unstructured';

/**
 * What the Job controller has counted of a Job's pods. The real controller marks a counted pod by removing
 * its `batch.kubernetes.io/job-tracking` finalizer; the sandbox does not put that finalizer on pods, so it
 * remembers counted pods beside the Cluster instead. A pod that vanishes before it finished counts as
 * failed, like a pod deleted from under a Job.
 */
export interface JobMemory {
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

export const isTerminal = (pod: KubeObject) =>
  pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/** Count the Job's pods that finished since the last sync (and those that vanished); returns the tally. */
export function countJobPods(cluster: Cluster, job: KubeObject, pods: KubeObject[], now: number): JobMemory {
  const memory = memoryOf(cluster, job, pods);
  countFinished(memory, pods, now);
  return memory;
}

/** Count pods that finished since the last sync, and pods that vanished before they finished. */
function countFinished(memory: JobMemory, pods: KubeObject[], now: number): void {
  const present = new Set(pods.map((p) => p.metadata.uid ?? ''));
  for (const pod of pods) {
    const uid = pod.metadata.uid ?? '';
    if (!isTerminal(pod)) memory.seen.add(uid);
    if (!isTerminal(pod) || memory.counted.has(uid)) continue;
    memory.counted.add(uid);
    if (pod.status.phase === 'Succeeded') {
      memory.succeeded++;
      memory.failuresAfterLastSuccess = 0;
    } else if (!memory.suspended.has(uid)) fail(memory, finishedAt(pod) ?? now);
  }
  for (const uid of memory.seen) {
    if (present.has(uid) || memory.counted.has(uid)) continue;
    memory.counted.add(uid);
    if (!memory.suspended.has(uid)) fail(memory, now);
  }
}

/** Count one failed pod (a function of its own, not a closure made at every sync of every Job). */
function fail(memory: JobMemory, at: number): void {
  memory.failed++;
  memory.failuresAfterLastSuccess++;
  memory.lastFailureAt = Math.max(memory.lastFailureAt, at);
}

/** When a pod finished: the latest finishedAt of its containers (second precision, as written). */
function finishedAt(pod: KubeObject): number | undefined {
  const times = (pod.status?.containerStatuses ?? [])
    .map((c: Json) => nestedString(c, 'state', 'terminated', 'finishedAt'))
    .filter((t: string | undefined): t is string => t !== undefined)
    .map(fromTimestamp);
  return times.length ? Math.max(...times) : undefined;
}
