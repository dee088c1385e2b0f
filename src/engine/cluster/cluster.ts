import type { SimClock } from '../clock';
import type { Rng } from '../random';
import type { KubeObject, ObjectRef } from '../types';
import { keyOf, refOf } from './gvk';
import { ObjectStore, type WatchEvent } from './store';

/**
 * A controller of the fake cluster, shaped like a Kubernetes controller: it watches some kinds, and for each
 * change the cluster queues a reconcile of the affected object on the virtual clock. Reconcile reads the
 * store, writes what should change, and may ask to be called again later (for delays: a container that
 * becomes ready after 3 s, a Job's retry back-off, a progress deadline).
 */
export interface Controller {
  readonly name: string;
  /** Changes to objects of these kinds queue a reconcile of that object. */
  readonly kinds: readonly string[];
  /**
   * Changes to objects of these kinds queue a reconcile of their controlling owner (the ownerReference with
   * `controller: true`) when the owner's kind is in `kinds`. A ReplicaSet watches its Pods this way.
   */
  readonly ownedKinds?: readonly string[];
  /** Bring the object at `ref` (which may be gone) towards its desired state. */
  reconcile(ref: ObjectRef, cluster: Cluster): void;
}

export interface ClusterOptions {
  clock: SimClock;
  rng: Rng;
  /** The nodes pods are scheduled on and DaemonSets run on (a small fixed set). */
  nodes?: string[];
  /**
   * Workloads made to fail, as `Kind/name` or `Kind/namespace/name` (contract.md `--fail`): a Job's pods or
   * a bare Pod exit with code 1; the pods of a Deployment, StatefulSet, DaemonSet or ReplicaSet crash-loop.
   */
  failures?: readonly string[];
  /** Delay between a change and its reconcile, in ms: real controllers react within a few tens of ms. */
  reactionMs?: number;
}

export class Cluster {
  readonly store: ObjectStore;
  readonly clock: SimClock;
  readonly rng: Rng;
  readonly nodes: readonly string[];
  /** Settable: a scenario's history runs without the failures its final sync injects. */
  failures: readonly string[];
  /** Log lines per pod (`namespace/name`), kept after the pod is gone, for a `kubectl logs` view. */
  readonly logs = new Map<string, string[]>();
  /** When each of those lines was written (virtual ms), so a page can show the log as it was at a moment. */
  readonly logTimes = new Map<string, number[]>();
  private readonly controllers: Controller[] = [];
  /**
   * Queued reconciles by controller name, then object key: two maps rather than one key joining both, which
   * made a second string at every enqueue (every change of every object enqueues its controllers).
   */
  private readonly queued = new Map<string, Map<string, QueuedReconcile>>();
  private readonly reactionMs: number;
  /**
   * Per kind, the controllers a change to it concerns, in registration order: built on first use, so each watch
   * event visits only those instead of testing every controller's kind lists (it runs for every write).
   */
  private readonly routes = new Map<string, { controller: Controller; own: boolean; owned: boolean }[]>();

  constructor(options: ClusterOptions) {
    this.clock = options.clock;
    this.rng = options.rng;
    this.nodes = options.nodes ?? ['node-1', 'node-2', 'node-3'];
    this.failures = options.failures ?? [];
    this.reactionMs = options.reactionMs ?? 50;
    this.store = new ObjectStore(this.clock, this.rng);
    this.store.watch((event) => this.onChange(event));
  }

  register(controller: Controller): void {
    this.controllers.push(controller);
    this.routes.clear();
  }

  /**
   * Queue `controller.reconcile(ref)` after `delayMs`. A reconcile already queued for the same object runs at
   * the earlier of the two times, once: like a Kubernetes work queue, repeated changes collapse.
   */
  enqueue(controller: Controller, ref: ObjectRef, delayMs = this.reactionMs): void {
    let queued = this.queued.get(controller.name);
    if (!queued) this.queued.set(controller.name, (queued = new Map()));
    const key = keyOf(ref);
    const at = this.clock.now() + Math.max(0, delayMs);
    const existing = queued.get(key);
    if (existing && existing.at <= at) return;
    if (existing) this.clock.clearTimeout(existing.timer);
    const entry = new QueuedReconcile(this, queued, key, controller, ref, at);
    entry.timer = this.clock.schedule(at, entry);
    queued.set(key, entry);
  }

  /** Append a line to a pod's log, written at `atMs` (the clock's now unless the container says otherwise). */
  log(namespace: string, pod: string, line: string, atMs: number = this.clock.now()): void {
    const key = `${namespace}/${pod}`;
    let lines = this.logs.get(key);
    if (!lines) this.logs.set(key, (lines = []));
    lines.push(line);
    let times = this.logTimes.get(key);
    if (!times) this.logTimes.set(key, (times = []));
    times.push(atMs);
  }

  private onChange(event: WatchEvent): void {
    const obj = event.object;
    const routes = this.routesOf(obj.kind);
    if (routes.length === 0) return;
    const ref = refOf(obj);
    for (const { controller, own, owned } of routes) {
      if (own) this.enqueue(controller, ref);
      if (owned) {
        const owner = controllerOwner(obj);
        if (owner && controller.kinds.includes(owner.kind)) {
          this.enqueue(controller, {
            ...ref,
            group: groupOfApiVersion(owner.apiVersion),
            kind: owner.kind,
            name: owner.name,
          });
        }
      }
    }
  }

  private routesOf(kind: string) {
    let routes = this.routes.get(kind);
    if (!routes) {
      routes = [];
      for (const controller of this.controllers) {
        const own = controller.kinds.includes(kind);
        const owned = controller.ownedKinds?.includes(kind) ?? false;
        if (own || owned) routes.push({ controller, own, owned });
      }
      this.routes.set(kind, routes);
    }
    return routes;
  }
}

/** The ownerReference with `controller: true`, if any. */
export function controllerOwner(obj: KubeObject) {
  return obj.metadata.ownerReferences?.find((o) => o.controller);
}

function groupOfApiVersion(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

/**
 * One reconcile in the work queue, run by the clock at `at` (a `Runnable`): one object per queued reconcile
 * instead of an entry and a closure with its context. Every change of every object queues its controllers, and a
 * kubelet's reconcile waits for its pod's next due moment, so the queue holds one per pod and these outlived
 * several collections of the young generation (the 1,000-replica bench run: the largest share of what they copied).
 */
class QueuedReconcile {
  timer = 0;

  constructor(
    private readonly cluster: Cluster,
    private readonly queue: Map<string, QueuedReconcile>,
    private readonly key: string,
    private readonly controller: Controller,
    private readonly ref: ObjectRef,
    readonly at: number,
  ) {}

  run(): void {
    this.queue.delete(this.key);
    this.controller.reconcile(this.ref, this.cluster);
  }
}
