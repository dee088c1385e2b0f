import type { OperationPhase, SimEvent } from '../../engine';

/**
 * The moments of a run a comparison is made of, read from its event log (contract.md §1.2): when each workload,
 * hook Job and child Application was created and became Healthy (or Degraded), and when the operation ended and
 * how. Pure: the compare view and its tests read runs through this only.
 */

/** The kinds whose creation and health tell the story of a sync: workloads, Jobs and Applications. */
const subjectKinds = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'Rollout',
  'Application',
]);

/** One workload, Job or Application of a run, as the comparison names and times it. */
export interface Subject {
  /** `Kind/name`: how the same thing is matched across runs (apps and namespaces differ between scenarios). */
  key: string;
  kind: string;
  name: string;
  /** Whether it is a hook (a Job of PreSync, PostSync, SyncFail…): "completed", not "Healthy". */
  hook: boolean;
  /** When the sync (or a controller, for an Application's resources) created it; undefined: never. */
  createdAt?: number;
  /** When it first reported Healthy after its creation (a Job: completed). */
  healthyAt?: number;
  /** When it first reported Degraded after its creation (a Job: failed). */
  degradedAt?: number;
}

/** How a run's operation(s) ended: the last end of an operation in the run. */
export interface RunEnd {
  t: number;
  phase: OperationPhase;
  message: string;
  /** How many Applications ran an operation (1 for a single-Application run). */
  apps: number;
  /** How many Applications the run has (some may never run one: a Progressive Sync held at a failed step). */
  ofApps: number;
  /** The phases of the Applications' last operations that did not succeed, as `app: Phase`. */
  unsuccessful: string[];
}

export interface RunMilestones {
  subjects: Subject[];
  /** Undefined: the operation never ended within the run (a hook that never completes). */
  end?: RunEnd;
  /** Whether an operation was still running when the run stopped. */
  running: boolean;
}

const endPhases = new Set<OperationPhase>(['Succeeded', 'Failed', 'Error']);

/** The milestones of one run, from its events at t ≥ 0 (the history before the sync is not part of it). */
export function milestonesOf(events: readonly SimEvent[]): RunMilestones {
  const subjects = new Map<string, Subject>();
  const lastOperation = new Map<string, { t: number; phase: OperationPhase; message: string }>();
  const hooks = new Set<string>();
  const apps = new Set<string>();
  for (const e of events) {
    if (e.app) apps.add(e.app);
    if (e.t < 0) continue;
    if (e.type === 'apply' && e.hook) hooks.add(`${e.kind}/${e.name}`);
    if (e.type === 'health' && e.hook) hooks.add(`${e.kind}/${e.name}`);
  }
  for (const e of events) {
    if (e.t < 0) continue;
    if (e.type === 'operation') {
      lastOperation.set(e.app ?? '', { t: e.t, phase: e.phase, message: e.message });
      continue;
    }
    // A single-app run's own Application (the one app of the run, applied by the user) is the run's subject, not a
    // step of it: the Applications a parent or an ApplicationSet creates are the milestones.
    if (e.type === 'object' && e.kind === 'Application' && !e.app && apps.size === 1 && apps.has(e.name))
      continue;
    if (e.type === 'object' && e.action === 'created' && subjectKinds.has(e.kind)) {
      const key = `${e.kind}/${e.name}`;
      if (!subjects.has(key))
        subjects.set(key, { key, kind: e.kind, name: e.name, hook: hooks.has(key), createdAt: e.t });
      continue;
    }
    if (e.type === 'health' && subjectKinds.has(e.kind)) {
      const subject = subjects.get(`${e.kind}/${e.name}`);
      if (subject) noteHealth(subject, e.status, e.t);
      continue;
    }
    // A child Application's own health: what it reports when its parent has no health check for Applications
    // (Argo CD ≥ 1.8 has none by default, argocd-semantics.md §3.12), so the parent's view of it stays empty.
    if (e.type === 'app' && e.app) {
      const subject = subjects.get(`Application/${e.app}`);
      if (subject) noteHealth(subject, e.health, e.t);
    }
  }
  const finals = [...lastOperation.entries()];
  const running = finals.some(([, op]) => !endPhases.has(op.phase));
  const ended = finals.filter(([, op]) => endPhases.has(op.phase)).sort(([, a], [, b]) => a.t - b.t);
  const last = ended[ended.length - 1]?.[1];
  // The run's outcome is its worst: one failed Application fails the comparison's line, however late it ended.
  const worst = ended.find(([, op]) => op.phase !== 'Succeeded')?.[1];
  const end: RunEnd | undefined =
    last && !running
      ? {
          t: last.t,
          phase: worst?.phase ?? last.phase,
          message: (worst ?? last).message,
          apps: finals.length,
          ofApps: Math.max(apps.size, finals.length),
          unsuccessful: ended
            .filter(([, op]) => op.phase !== 'Succeeded')
            .map(([app, op]) => (app ? `${app}: ${op.phase}` : op.phase)),
        }
      : undefined;
  return {
    subjects: [...subjects.values()].sort((a, b) => (a.createdAt ?? Infinity) - (b.createdAt ?? Infinity)),
    end,
    running,
  };
}

function noteHealth(subject: Subject, status: string, t: number): void {
  if (subject.createdAt === undefined || t < subject.createdAt) return;
  if (status === 'Healthy' && subject.healthyAt === undefined) subject.healthyAt = t;
  if (status === 'Degraded' && subject.degradedAt === undefined) subject.degradedAt = t;
}

/** The word for a subject's Healthy: a Job (hook or not) completes, everything else becomes Healthy. */
export function healthyWord(subject: Pick<Subject, 'kind'>): string {
  return subject.kind === 'Job' ? 'completed' : 'Healthy';
}

/** The word for a subject's Degraded: a Job fails, everything else is Degraded. */
export function degradedWord(subject: Pick<Subject, 'kind'>): string {
  return subject.kind === 'Job' ? 'failed' : 'Degraded';
}

/**
 * What a subject was created after: the last other subject of the run that became Healthy at or before its
 * creation (what a wave, a hook or a Progressive Sync step waited for), or undefined when none had.
 */
export function createdAfter(subject: Subject, run: RunMilestones): Subject | undefined {
  const at = subject.createdAt;
  if (at === undefined) return undefined;
  let best: Subject | undefined;
  for (const other of run.subjects) {
    if (other === subject || other.healthyAt === undefined || other.healthyAt > at + 1e-9) continue;
    if (!best || other.healthyAt! >= best.healthyAt!) best = other;
  }
  return best;
}
