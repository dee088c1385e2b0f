import type { SimEvent } from '../engine';

/** What `kubectl logs` names: a Job (its pods) or one Pod. */
export interface LogTarget {
  kind: string;
  namespace: string;
  name: string;
}

/** One pod's log as it was at a moment: the lines written by then, each with the time it was written. */
export interface PodLog {
  pod: string;
  lines: { t: number; line: string }[];
}

/** The parts of a run's result that logs are read from. */
export interface LogSource {
  events: readonly SimEvent[];
  logs: Record<string, string[]>;
  logTimes: Record<string, number[]>;
}

/**
 * The logs `kubectl logs job/NAME` or `kubectl logs pod/NAME` would show at virtual time `t`: for a Job, each of
 * its pods that exist then, oldest first (kubectl shows one; a learner wants every attempt); for a Pod, that pod.
 * Lines written after `t` are not there yet, and a deleted pod's log is gone, as on a real cluster at that moment.
 * A pod already terminating when first seen (the previous sync's, being replaced) is left out.
 */
export function logsAt(source: LogSource, target: LogTarget, t: number): PodLog[] {
  const pods: string[] = [];
  for (const e of source.events) {
    if (e.t > t) break;
    if (
      e.type === 'object' &&
      e.kind === 'Pod' &&
      e.action === 'deleted' &&
      e.namespace === target.namespace
    ) {
      // A deleted pod's log is gone with it: kubectl cannot read it any more.
      if (pods.includes(e.name)) pods.splice(pods.indexOf(e.name), 1);
      continue;
    }
    if (e.type !== 'pod' || e.namespace !== target.namespace || e.state === 'Terminating') continue;
    const mine =
      target.kind === 'Pod'
        ? e.name === target.name
        : e.ownerKind === target.kind && e.ownerName === target.name;
    if (mine && !pods.includes(e.name)) pods.push(e.name);
  }
  return pods.map((pod) => {
    const key = `${target.namespace}/${pod}`;
    const lines = source.logs[key] ?? [];
    const times = source.logTimes[key] ?? [];
    return {
      pod,
      lines: lines.map((line, i) => ({ t: times[i] ?? 0, line })).filter((l) => l.t <= t),
    };
  });
}
