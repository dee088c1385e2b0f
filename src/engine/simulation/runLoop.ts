import type { SimClock } from '../clock';
import type { Cluster } from '../cluster/cluster';
import type { EventLog } from '../eventLog';
import type { SimEvent } from '../events';
import type { ApplicationJson } from '../argocd/applicationTypes';
import type { RunLimits } from '../limits';
import type { InputProblem } from '../sync';
import type { JsonAny, KubeObject } from '../types';
import type { ObjectHistory } from './objectHistory';
import type { RefusedIntervention } from './controlPlaneActions';
import type { ClusterRun } from './remoteClusters';

/**
 * After the last operation, the cluster must stay at rest this long before a run stops: a pod made to fail is
 * Ready for a moment before its first crash, and the app is Healthy until then.
 */
export const REST_MS = 10_000;

/** How many clock steps pass between two `onProgress` calls (cheap enough to be invisible in a profile). */
const PROGRESS_EVERY = 2048;

/** What every run of the control plane returns, a single app's (singleApp.ts) too (contract.md §1.2, §1.4). */
export interface RunResult {
  /** The Application, as `argocd app get -o json` (the first one given, in a run of several). */
  application: ApplicationJson;
  /** Every Application in `argocd` at the end, by name. */
  applications: JsonAny[];
  applicationSets: JsonAny[];
  /** The interventions that were refused, in the order they ran. */
  refused: RefusedIntervention[];
  events: SimEvent[];
  live: KubeObject[];
  /** Pod logs by `namespace/pod`, kept after the pods are gone. */
  logs: Record<string, string[]>;
  /** When each line of `logs` was written, in seconds on the event log's scale (same index as in `logs`). */
  logTimes: Record<string, number[]>;
  /** The virtual second the run stopped at. */
  endT: number;
  /** Warnings Argo CD would tolerate (a non-integer wave, a duplicated object, a refused action). */
  warnings: string[];
  problems: InputProblem[];
  /**
   * Every version of every object with its time (objectHistory.ts `clusterAt`): in a run of the control plane,
   * Argo CD's own Applications included, each version carrying its `status` as the controller wrote it then.
   */
  objects: ObjectHistory;
  /**
   * The clusters besides Argo CD's own that Applications were sent to (several clusters, argocd-semantics.md §5.13),
   * by name: each one's object history and objects. Absent when every Application went to Argo CD's own.
   */
  clusters?: ClusterRun[];
}

export interface RunLoopOptions {
  clock: SimClock;
  log: EventLog;
  limits: RunLimits;
  /** Virtual time (ms) the run stops at, whatever happens. */
  untilMs: number;
  /** Whether nothing is left to happen: asked once each instant is done. */
  atRest: () => boolean;
  /** Told the virtual second reached every few thousand steps (a page's worker shows how far a long run got). */
  onProgress?: (seconds: number) => void;
}

/**
 * The run loop: the clock runs instant after instant, the run limits are checked after each step, and the run
 * stops once it has been at rest for `REST_MS`, when nothing is left to happen, or at `untilMs`. Returns whether
 * it stopped at rest.
 */
export function runUntilRest(options: RunLoopOptions): boolean {
  const { clock, log, limits, untilMs } = options;
  let restingSince: number | undefined;
  for (let steps = 1; ; steps++) {
    const next = clock.nextDeadline();
    if (next === undefined || next > untilMs) break;
    if (restingSince !== undefined && next > restingSince + REST_MS) break;
    clock.runNext();
    if (steps % PROGRESS_EVERY === 0) options.onProgress?.(log.seconds(clock.now()));
    limits.check(log.events.length, log.seconds(clock.now()));
    // Judge rest only once the current instant is done: the app's health fold and the controllers' reactions
    // to the last tick are queued at this same time and would otherwise be cut off.
    if (clock.nextDeadline() === clock.now()) continue;
    restingSince = options.atRest() ? (restingSince ?? clock.now()) : undefined;
  }
  return restingSince !== undefined;
}

/** The pods' logs and their times, by `namespace/pod` in name order, as a run returns them. */
export function collectLogs(
  cluster: Cluster,
  log: EventLog,
): { logs: Record<string, string[]>; logTimes: Record<string, number[]> } {
  const logs: Record<string, string[]> = {};
  const logTimes: Record<string, number[]> = {};
  for (const [key, lines] of [...cluster.logs.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    logs[key] = [...lines];
    logTimes[key] = (cluster.logTimes.get(key) ?? []).map((ms) => log.seconds(ms));
  }
  return { logs, logTimes };
}
