import {
  clusterAt,
  toTimestamp,
  type ApplicationJson,
  type KubeObject,
  type SimulationResult,
  type SyncStatusCode,
} from '../../engine';
import { frameAt, type Frame } from '../state/frameAt';

/** The parts of a run the terminal reads: the event log, the pod logs, the object history, the final app. */
export type TerminalRun = Pick<
  SimulationResult,
  'events' | 'logs' | 'logTimes' | 'objects' | 'application' | 'endT'
>;

/** A revision of the scenario: its name (`6.7.1`) and the Git-like SHA the engine gives it. */
export interface RevisionName {
  name: string;
  sha: string;
}

/**
 * The simulated world at one virtual second, as every command of the terminal sees it: the cluster's objects
 * then, the page's frame then, the Application as `argocd app get -o json` would return it then, and the
 * virtual wall clock (for AGE and DURATION columns).
 */
export class World {
  readonly frame: Frame;
  /** Virtual milliseconds since the Unix epoch at `t` (what `creationTimestamp`s are measured against). */
  readonly nowMs: number;
  private objectsCache: KubeObject[] | undefined;
  private appCache: ApplicationJson | undefined;

  constructor(
    readonly run: TerminalRun,
    readonly t: number,
    /** The scenario's revisions, oldest first, with their names (for `argocd app history`). */
    readonly revisions: readonly RevisionName[] = [],
  ) {
    this.frame = frameAt(run.events, t);
    const start = run.application.status.operationState?.startedAt;
    // The event log's t = 0 is the operation's start (toTimestamp of the clock then).
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

  /** The Application at `t`: the final one's spec, with the status the event log says it had then. */
  app(): ApplicationJson {
    return (this.appCache ??= appAt(this.run.application, this.run.events, this.frame, this.t));
  }

  /** The operation has ended by `t` (or never started). */
  operationEnded(): boolean {
    const phase = this.frame.operation?.phase;
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
