import { clusterAt, toTimestamp, type ApplicationJson, type KubeObject, type RunResult } from '../../engine';
import { frameAt, type Frame } from '../../cursor/frameAt';
import { applicationsAt } from './controlPlaneApps';

/**
 * The parts of a run the terminal reads: the event log, the pod logs, the object history (Argo CD's Application
 * objects among them), the first Application at the end and when the run ended.
 */
export type TerminalRun = Pick<
  RunResult,
  'events' | 'logs' | 'logTimes' | 'objects' | 'application' | 'endT' | 'clusters'
>;

/** A revision of the scenario: its name (`6.7.1`) and the Git-like SHA the engine gives it. */
export interface RevisionName {
  name: string;
  sha: string;
  /** When a `commit` action made this revision Git's HEAD (none for the first one). */
  t?: number;
}

/**
 * The simulated world at one virtual second, as every command of the terminal sees it: the cluster's objects
 * then, the page's frame then, each Application as `argocd app get -o json` would return it then, and the
 * virtual wall clock (for AGE and DURATION columns).
 *
 * Every run is a run of the control plane (runControlPlane; a single-app scenario is one Application `app`), which
 * records Argo CD's Application objects in its object history, so each one at `t` is read from there, as the
 * controller had written it then.
 */
export class World {
  readonly frame: Frame;
  /** Virtual milliseconds since the Unix epoch at `t` (what `creationTimestamp`s are measured against). */
  readonly nowMs: number;
  private objectsCache: KubeObject[] | undefined;
  private appCache: ApplicationJson | undefined;
  private appsCache: ApplicationJson[] | undefined;

  constructor(
    readonly run: TerminalRun,
    readonly t: number,
    /** The scenario's revisions, oldest first, with their names and SHAs (for `git commit`, revisionNames.ts). */
    readonly revisions: readonly RevisionName[] = [],
  ) {
    this.frame = frameAt(run.events, t);
    // The event log's t 0 is the virtual clock's start.
    this.nowMs = Date.parse(toTimestamp(0)) + t * 1000;
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

  /** The run's first Application at `t`: what `argocd app get` shows of it then. */
  app(): ApplicationJson {
    // The first Application is applied at t 0; if it were deleted, the first one left stands in.
    return (this.appCache ??= this.appNamed(this.appName) ?? this.apps()[0] ?? this.run.application);
  }

  /** The Application `name` at `t`, as the controller had written it then; undefined when there is none then. */
  appNamed(name: string): ApplicationJson | undefined {
    return this.apps().find((a) => a.metadata.name === name);
  }

  /** Every Application at `t`, by name (`argocd app list`). */
  apps(): ApplicationJson[] {
    return (this.appsCache ??= applicationsAt(this.run.objects, this.t));
  }

  /** The operation of the Application `name` (the run's first by default) has ended by `t` (or never started). */
  operationEnded(name?: string): boolean {
    const phase = (name === undefined ? this.app() : this.appNamed(name))?.status.operationState?.phase;
    return phase !== 'Running' && phase !== 'Terminating';
  }
}
