import type { ContainerBehaviour } from '../containers/behaviour';
import type { Rng } from '../random';
import type { JsonAny, KubeObject } from '../types';
import { ContainerRun, type RunContext } from './containerRun';

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed';

/**
 * One pod on its node, as the kubelet runs it: the sandbox (network namespace, pod IP) comes up first, init
 * containers run one after another, then the main containers start together. The phase follows the
 * kubelet's `getPhase`, and a deleted pod's containers are stopped before the pod may go.
 */
export class PodRuntime {
  readonly uid: string;
  readonly startTime: number;
  readonly init: readonly ContainerRun[];
  readonly main: readonly ContainerRun[];
  readonly restartPolicy: string;
  sandboxReady = false;
  podIP?: string;
  terminalPhase?: 'Succeeded' | 'Failed';
  deleteAt?: number;
  /** Containers stopped after a deletion: the pod may now leave the store. */
  removed = false;
  /** A finished pod adopted as it was: the kubelet keeps its status untouched. */
  frozen = false;
  /**
   * Bumped on every change to what the kubelet renders (a container begun or stepped, the sandbox up, the pod
   * deleted, stopped or frozen): an unchanged version means an unchanged status (kubelet.ts).
   */
  version = 0;
  private readonly sandboxAt: number;

  constructor(
    pod: KubeObject,
    at: number,
    sandboxMs: number,
    behaviourOf: (container: JsonAny, init: boolean) => ContainerBehaviour,
  ) {
    this.uid = pod.metadata.uid ?? '';
    this.startTime = at;
    this.sandboxAt = at + sandboxMs;
    this.restartPolicy = pod.spec?.restartPolicy ?? 'Always';
    const policy = this.restartPolicy;
    const mainRestarts = (code: number) => policy === 'Always' || (policy === 'OnFailure' && code !== 0);
    this.init = (pod.spec?.initContainers ?? []).map((c: JsonAny) => {
      // A restartable init container (a sidecar) always restarts; the others retry only failures, and
      // only when the pod's policy allows restarts.
      const restarts =
        c.restartPolicy === 'Always' ? () => true : (code: number) => policy !== 'Never' && code !== 0;
      return new ContainerRun(c, behaviourOf(c, true), restarts, true);
    });
    this.main = (pod.spec?.containers ?? []).map(
      (c: JsonAny) => new ContainerRun(c, behaviourOf(c, false), mainRestarts),
    );
    this.containers = [...this.init, ...this.main];
  }

  /** Init containers, then main ones: made once, since every reconcile of the pod walks them several times. */
  readonly containers: readonly ContainerRun[];

  /** Adopt a pod that already finished elsewhere: nothing runs, and its status stays as written. */
  freeze(phase: 'Succeeded' | 'Failed'): void {
    this.version++;
    this.terminalPhase = phase;
    this.sandboxReady = true;
    this.frozen = true;
  }

  /** The pod got a deletionTimestamp: stop its containers after a short, grace-bounded delay. */
  markDeleting(now: number, graceSeconds: number, rng: Rng): void {
    if (this.deleteAt !== undefined) return;
    this.version++;
    const running = this.containers.some((c) => c.stage === 'running');
    const delay = this.terminalPhase
      ? rng.jitter(200, 0.5)
      : running
        ? rng.jitter(1500, 0.33)
        : rng.jitter(400, 0.5);
    this.deleteAt = now + Math.min(delay, Math.max(0, graceSeconds) * 1000);
  }

  /** The next moment something is due (Infinity: nothing until the world changes). */
  nextDue(): number {
    if (this.removed) return Infinity;
    let due = Infinity;
    for (const c of this.containers) due = Math.min(due, c.dueAt);
    if (!this.sandboxReady) due = Math.min(due, this.sandboxAt);
    if (this.deleteAt !== undefined) due = Math.min(due, this.deleteAt);
    return due;
  }

  /** Do everything due up to `now`, in time order. */
  advance(now: number, ctx: RunContext, allocateIP: () => string): void {
    for (let guard = 0; guard < 100_000 && !this.removed; guard++) {
      this.gate(now, ctx);
      const at = this.nextDue();
      if (at > now) return;
      this.version++;
      if (!this.sandboxReady && this.sandboxAt <= at) {
        this.sandboxReady = true;
        this.podIP = allocateIP();
        this.gate(at, ctx);
        continue;
      }
      const container = this.containers.find((c) => c.dueAt === at);
      if (container) container.step(at, ctx);
      else this.stopAll(at);
      if (!this.terminalPhase) {
        const phase = this.phase();
        if (phase === 'Succeeded' || phase === 'Failed') this.terminalPhase = phase;
      }
      this.gate(at, ctx);
    }
  }

  private stopAll(at: number): void {
    for (const c of this.containers) c.stop(at);
    // A deleted pod ends in a terminal phase before it goes: Succeeded only if every container exited 0.
    this.terminalPhase ??= this.main.every((c) => c.terminated?.exitCode === 0) ? 'Succeeded' : 'Failed';
    this.removed = true;
  }

  /** Start what may start: the next init container, or every main container once init is done. */
  private gate(at: number, ctx: RunContext): void {
    if (!this.sandboxReady || this.terminalPhase || this.deleteAt !== undefined) return;
    for (const c of this.init) {
      if (c.stage === 'waiting') return this.begin(c, at, ctx);
      if (!initDone(c)) return;
    }
    for (const c of this.main) this.begin(c, at, ctx);
  }

  private begin(c: ContainerRun, at: number, ctx: RunContext): void {
    if (c.stage !== 'waiting') return;
    this.version++;
    c.begin(at, ctx);
  }

  /** The kubelet's `getPhase` (pkg/kubelet/kubelet_pods.go), terminal phases sticky. */
  phase(): PodPhase {
    if (this.terminalPhase) return this.terminalPhase;
    const initFailed = this.init.some(
      (c) => c.terminated && c.terminated.exitCode !== 0 && c.stage !== 'running',
    );
    if (initFailed && this.restartPolicy === 'Never') return 'Failed';
    if (!this.init.every(initDone)) return 'Pending';
    let running = 0;
    let waiting = 0;
    let stopped = 0;
    let succeeded = 0;
    for (const c of this.main) {
      if (c.stage === 'running') running++;
      else if (c.terminated) {
        stopped++;
        if (c.terminated.exitCode === 0 && c.stage !== 'crashBackOff') succeeded++;
      } else waiting++;
    }
    if (waiting > 0) return 'Pending';
    if (running > 0) return 'Running';
    if (stopped === 0) return 'Pending';
    if (this.restartPolicy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    return this.restartPolicy === 'Never' ? 'Failed' : 'Running';
  }
}

/** An init container has done its part: exited 0, or (a sidecar) started. */
export function initDone(c: ContainerRun): boolean {
  if (c.spec.restartPolicy === 'Always') return c.stage === 'running' || c.restartCount > 0;
  return c.stage !== 'running' && c.terminated?.exitCode === 0;
}
