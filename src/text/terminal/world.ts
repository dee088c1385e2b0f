import {
  clusterAt,
  toTimestamp,
  type ApplicationJson,
  type Json,
  type KubeObject,
  type RunResult,
  type SyncStatusCode,
} from '../../engine';
import { frameAt, type Frame } from '../../pageModel/state/frameAt';
import { applicationsAt } from './controlPlaneApps';

/**
 * The parts of a run the terminal reads: the event log, the pod logs, the object history, the final app, and for a
 * control-plane run (several operations, commits over time) every Application at the end.
 */
export type TerminalRun = Pick<
  RunResult,
  'events' | 'logs' | 'logTimes' | 'objects' | 'application' | 'endT'
> & { applications?: readonly Json[] };

/** A revision of the scenario: its name (`6.7.1`) and the Git-like SHA the engine gives it. */
export interface RevisionName {
  name: string;
  sha: string;
  /** In a control-plane run, when a `commit` action made this revision Git's HEAD (none for the first one). */
  t?: number;
}

/**
 * The simulated world at one virtual second, as every command of the terminal sees it: the cluster's objects
 * then, the page's frame then, the Application as `argocd app get -o json` would return it then, and the
 * virtual wall clock (for AGE and DURATION columns).
 *
 * Two kinds of run: a single-Application run (runSingleApp) holds one operation starting at t 0, and its
 * Application at `t` is rebuilt from the event log; a control-plane run (runControlPlane: commits, several
 * operations, several Applications) records Argo CD's Application objects in its object history, so each one at
 * `t` is read from there, as the controller had written it then.
 */
export class World {
  readonly frame: Frame;
  /** Virtual milliseconds since the Unix epoch at `t` (what `creationTimestamp`s are measured against). */
  readonly nowMs: number;
  private objectsCache: KubeObject[] | undefined;
  private appCache: ApplicationJson | undefined;
  private appsCache: ApplicationJson[] | undefined;
  /** Whether the run came from the control plane (its Applications are in the object history). */
  readonly controlPlane: boolean;

  constructor(
    readonly run: TerminalRun,
    readonly t: number,
    /** The scenario's revisions, oldest first, with their names (for `argocd app history`). */
    readonly revisions: readonly RevisionName[] = [],
  ) {
    this.frame = frameAt(run.events, t);
    this.controlPlane = run.applications !== undefined;
    // The event log's t = 0 is the operation's start in a single-app run, the clock's start in a control-plane run.
    const start = this.controlPlane ? undefined : run.application.status.operationState?.startedAt;
    this.nowMs = (start ? Date.parse(start) : Date.parse(toTimestamp(0))) + t * 1000;
  }

  get appName(): string {
    return this.run.application.metadata.name;
  }

  get namespace(): string {
    return this.run.application.spec.destination.namespace;
  }

  /** Every object alive at `t`, each at its version then. */
  objects(): KubeObject[] {
    return (this.objectsCache ??= clusterAt(this.run.objects, this.t));
  }

  /** The run's (first) Application at `t`: what `argocd app get` shows of it then. */
  app(): ApplicationJson {
    if (!this.controlPlane)
      return (this.appCache ??= appAt(this.run.application, this.run.events, this.frame, this.t));
    // The first Application is applied at t 0; if it were deleted, the first one left stands in.
    return (this.appCache ??= this.appNamed(this.appName) ?? this.apps()[0] ?? this.run.application);
  }

  /**
   * The Application `name` at `t`: in a single-app run the final one's spec with the status the event log says
   * it had then; in a control-plane run the object itself then. Undefined when there is none of that name then.
   */
  appNamed(name: string): ApplicationJson | undefined {
    if (!this.controlPlane) return name === this.appName ? this.app() : undefined;
    return this.apps().find((a) => a.metadata.name === name);
  }

  /** Every Application at `t`, by name (`argocd app list`). */
  apps(): ApplicationJson[] {
    if (!this.controlPlane) return [this.app()];
    return (this.appsCache ??= applicationsAt(this.run.objects, this.t));
  }

  /** The operation of the Application `name` (the run's first by default) has ended by `t` (or never started). */
  operationEnded(name?: string): boolean {
    const phase = this.controlPlane
      ? (name === undefined ? this.app() : this.appNamed(name))?.status.operationState?.phase
      : this.frame.operation?.phase;
    return phase !== 'Running' && phase !== 'Terminating';
  }
}

function appAt(
  final: ApplicationJson,
  events: TerminalRun['events'],
  frame: Frame,
  t: number,
): ApplicationJson {
  // Each managed resource's sync status at t: the last `sync-status` event about it (the baseline at t = 0).
  const sync = new Map<string, SyncStatusCode>();
  for (const e of events) {
    if (e.t > t) break;
    if (e.type === 'sync-status') sync.set(`${e.group}/${e.kind}/${e.namespace}/${e.name}`, e.status);
  }
  const resources = final.status.resources.map((r) => {
    const key = `${r.group}/${r.kind}/${r.namespace}/${r.name}`;
    const health = frame.health.get(key);
    return {
      ...r,
      status: sync.get(key) ?? r.status,
      ...(health ? { health: { status: health.status, message: health.message } } : {}),
    };
  });
  const op = final.status.operationState;
  const endEvent = [...events].reverse().find((e) => e.type === 'operation');
  const finishedAt = op?.finishedAt && endEvent && endEvent.t <= t ? op.finishedAt : undefined;
  const operationState =
    op && frame.operation && t >= 0
      ? {
          ...op,
          phase: frame.operation.phase,
          message: frame.operation.message,
          ...(finishedAt ? { finishedAt } : { finishedAt: undefined }),
          syncResult: {
            ...op.syncResult,
            resources: frame.results.map((r) => ({
              group: r.group,
              version: '',
              kind: r.kind,
              namespace: r.namespace,
              name: r.name,
              status: r.status,
              message: r.message,
              hookType: r.hookType as typeof r.syncPhase | '',
              hookPhase: r.hookPhase,
              syncPhase: r.syncPhase,
            })),
          },
        }
      : undefined;
  const app = frame.app;
  return {
    ...final,
    status: {
      ...final.status,
      sync: { ...final.status.sync, status: app?.sync ?? final.status.sync.status },
      health: app ? { status: app.health, message: app.message } : final.status.health,
      resources,
      ...(operationState ? { operationState } : { operationState: undefined }),
    },
  } as ApplicationJson;
}
