import { startProgram, type ContainerBehaviour } from '../containers/behaviour';
import type { HttpRequest, HttpResult, Program } from '../containers/effects';
import { normalizeImage } from '../containers/image';
import type { JsonAny } from '../types';
import { BackOff, formatGoDuration } from './backOff';
import { hexId } from './podNetwork';

/** What a container needs from its pod and node while it runs. */
export interface RunContext {
  /** Pull + create time for this image on the pod's node. */
  pullMs(image: string, policy: string): number;
  /** Start → Ready for a container with a readiness probe, when no annotation says otherwise. */
  probeReadyMs(probe: JsonAny): number;
  /** The kubelet's reaction to a container exit (its PLEG relists every second). */
  syncDelayMs(): number;
  resolve(request: HttpRequest): HttpResult;
  /** Write a line to the pod's log at `atMs`, the moment the program wrote it (its own clock). */
  log(line: string, atMs: number): void;
  /** `<pod>_<namespace>(<uid>)`, as the kubelet's `format.Pod` prints a pod in messages. */
  podLabel: string;
  /** Why the container's environment cannot be built now (a missing ConfigMap or Secret), or undefined. */
  configProblem(container: JsonAny): string | undefined;
  /** The container's behaviour resolved again, once what its environment reads exists. */
  behaviourNow(container: JsonAny, init: boolean): ContainerBehaviour;
  /** The pod worker's back-off before it syncs a pod whose sync failed (kubelet.go backOffPeriod, jittered). */
  retryMs(): number;
}

export interface Terminated {
  containerID: string;
  exitCode: number;
  reason: string;
  startedAt: number;
  finishedAt: number;
}

type Stage =
  | 'waiting'
  | 'pulling'
  | 'pullFailed'
  | 'pullBackOff'
  | 'configError'
  | 'running'
  | 'exited'
  | 'crashBackOff'
  | 'stopped';

/** More effects than this at one instant means a runaway script; the rest waits a millisecond. */
const MAX_STEPS_PER_INSTANT = 10_000;

/**
 * One container's life on the kubelet, step by step on the virtual clock: image pull (or ErrImagePull →
 * ImagePullBackOff), running its program, readiness, exit, and restart with CrashLoopBackOff per the
 * restart rule the pod gives it. `dueAt` is when it next needs the kubelet; `step(at)` does that.
 */
export class ContainerRun {
  stage: Stage = 'waiting';
  dueAt = Infinity;
  restartCount = 0;
  ready = false;
  started = false;
  waitingReason = 'ContainerCreating';
  waitingMessage?: string;
  containerID?: string;
  imageID = '';
  startedAt?: number;
  terminated?: Terminated;
  lastTerminated?: Terminated;
  private process?: Program;
  private input?: HttpResult;
  private wakeAt = Infinity;
  private pullFailedAt = 0;
  private readyAt = Infinity;
  private readonly crashBackOff = new BackOff();
  private readonly pullBackOff = new BackOff();

  constructor(
    readonly spec: JsonAny,
    public behaviour: ContainerBehaviour,
    /** Whether an exit with this code is followed by a restart. */
    private readonly restarts: (exitCode: number) => boolean,
    readonly init = false,
  ) {}

  get name(): string {
    return String(this.spec.name ?? '');
  }

  get image(): string {
    return String(this.spec.image ?? '');
  }

  /** The pod lets this container start: pull its image. */
  begin(at: number, ctx: RunContext): void {
    if (this.stage !== 'waiting') return;
    this.stage = 'pulling';
    this.waitingReason = 'ContainerCreating';
    this.dueAt =
      at + (this.behaviour.startMs ?? ctx.pullMs(this.image, String(this.spec.imagePullPolicy ?? '')));
  }

  /** Do what was due at `at`. */
  step(at: number, ctx: RunContext): void {
    switch (this.stage) {
      case 'pulling':
        if (this.behaviour.imagePullError === undefined) return this.create(at, ctx);
        // The image puller: a failed pull shows ErrImagePull and starts a back-off; the next sync shows
        // ImagePullBackOff until the back-off ends and the pull is tried again.
        this.stage = 'pullFailed';
        this.waitingReason = 'ErrImagePull';
        this.waitingMessage = this.behaviour.imagePullError;
        this.pullBackOff.next(at, at);
        this.pullFailedAt = at;
        this.dueAt = at + ctx.syncDelayMs();
        return;
      case 'pullFailed':
        this.stage = 'pullBackOff';
        this.waitingReason = 'ImagePullBackOff';
        this.waitingMessage = `Back-off pulling image "${this.image}"`;
        this.dueAt = Math.max(at, this.pullFailedAt + this.pullBackOff.get());
        return;
      case 'pullBackOff':
        this.stage = 'pulling';
        this.dueAt = at + ctx.pullMs(this.image, 'Always');
        return;
      case 'configError':
        return this.create(at, ctx);
      case 'running':
        return this.run(at, ctx);
      case 'exited': {
        const finished = this.terminated!.finishedAt;
        // kuberuntime doBackOff: within the back-off since the exit → CrashLoopBackOff; else restart now.
        if (this.crashBackOff.isInBackOffSince(finished, at)) {
          this.stage = 'crashBackOff';
          this.waitingReason = 'CrashLoopBackOff';
          this.waitingMessage =
            `back-off ${formatGoDuration(this.crashBackOff.get())} restarting failed ` +
            `container=${this.name} pod=${ctx.podLabel}`;
          this.dueAt = this.crashBackOff.endsAt(finished);
          return;
        }
        this.crashBackOff.next(finished, at);
        return this.restart(at, ctx);
      }
      case 'crashBackOff':
        this.crashBackOff.next(this.terminated!.finishedAt, at);
        return this.restart(at, ctx);
      default:
        this.dueAt = Infinity;
    }
  }

  /** The pod is being deleted: stop the process. A server exits 0 on SIGTERM; anything else is killed. */
  stop(at: number): void {
    if (this.stage === 'running') {
      const serving = this.wakeAt === Infinity;
      this.exit(at, serving ? 0 : 137);
    }
    this.stage = 'stopped';
    this.process = undefined;
    this.dueAt = Infinity;
  }

  /**
   * The image is there: build the container's config and create it. An environment that reads a missing
   * ConfigMap or Secret fails here with CreateContainerConfigError, and the pod worker tries again after its
   * back-off (kuberuntime startContainer; pod_workers.go requeues a failed sync after backOffPeriod). Once it
   * builds, the environment is read afresh, with what the source holds by then.
   */
  private create(at: number, ctx: RunContext): void {
    const problem = ctx.configProblem(this.spec);
    if (problem !== undefined) {
      this.stage = 'configError';
      this.waitingReason = 'CreateContainerConfigError';
      this.waitingMessage = problem;
      this.dueAt = at + ctx.retryMs();
      return;
    }
    if (this.stage === 'configError') this.behaviour = ctx.behaviourNow(this.spec, this.init);
    this.start(at, ctx);
  }

  private restart(at: number, ctx: RunContext): void {
    this.restartCount++;
    this.lastTerminated = this.terminated;
    this.start(at, ctx);
  }

  private start(at: number, ctx: RunContext): void {
    this.stage = 'running';
    this.started = true;
    this.startedAt = at;
    this.terminated = undefined;
    this.waitingMessage = undefined;
    this.imageID = imageIdOf(normalizeImage(this.image));
    this.containerID = `containerd://${hexId(`${ctx.podLabel}/${this.name}/${this.restartCount}`)}`;
    const probe = this.spec.readinessProbe;
    const readyMs = this.behaviour.readyMs ?? (probe && !this.init ? ctx.probeReadyMs(probe) : 0);
    this.readyAt = at + readyMs;
    this.ready = readyMs === 0 && !this.init;
    this.process = startProgram(this.behaviour);
    this.wakeAt = at;
    this.run(at, ctx);
  }

  /** Run the program's effects due by `at`, and readiness. */
  private run(at: number, ctx: RunContext): void {
    if (!this.ready && this.readyAt <= at && !this.init) this.ready = true;
    let steps = 0;
    while (this.process && this.wakeAt <= at) {
      if (++steps > MAX_STEPS_PER_INSTANT) {
        this.wakeAt += 1;
        break;
      }
      const next = this.process.next(this.input);
      this.input = undefined;
      if (next.done) return this.exit(this.wakeAt, next.value, ctx);
      const effect = next.value;
      if (effect.type === 'log') ctx.log(effect.line, this.wakeAt);
      else if (effect.type === 'http') this.input = ctx.resolve(effect.request);
      else this.wakeAt += effect.ms;
    }
    this.dueAt = Math.min(this.wakeAt, this.ready || this.init ? Infinity : this.readyAt);
  }

  /** The process ended; with a context (not a stop), the kubelet decides on a restart after it notices. */
  private exit(at: number, exitCode: number, ctx?: RunContext): void {
    const reason = exitCode === 0 ? 'Completed' : 'Error';
    const containerID = this.containerID ?? '';
    this.terminated = { containerID, exitCode, reason, startedAt: this.startedAt ?? at, finishedAt: at };
    this.stage = 'exited';
    this.ready = this.init && exitCode === 0;
    this.started = false;
    this.process = undefined;
    this.wakeAt = Infinity;
    this.dueAt = ctx && this.restarts(exitCode) ? at + ctx.syncDelayMs() : Infinity;
  }
}

/**
 * The imageID the kubelet reports for an image reference: its repository and a digest made from the reference.
 * Kept per reference (a pure function of it): every container of a 1,000-replica Deployment starts the same
 * image, and the digest was made again for each.
 */
function imageIdOf(ref: string): string {
  let id = imageIds.get(ref);
  if (id === undefined) imageIds.set(ref, (id = `${ref.replace(/[:@][^/]*$/, '')}@sha256:${hexId(ref)}`));
  return id;
}

const imageIds = new Map<string, string>();
