import type { Cluster } from '../cluster/cluster';
import { resolveBehaviour, type ContainerBehaviour } from '../containers/behaviour';
import type { HttpRequest, HttpResult } from '../containers/effects';
import { envSourceProblem } from '../containers/envSources';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { resolveHttp } from './clusterNetwork';
import type { RunContext } from './containerRun';
import { pullMs } from './podNetwork';

/**
 * What a pod's runtime asks of its node (containerRun.ts RunContext), one object per runtime, its answers methods
 * of one class rather than ten closures made for each pod.
 *
 * Why a class: the closures lived as long as their pod, so in a big run they were kept through many collections
 * (the 1,000-replica bench Deployment: 10,000 closures, each also named with an Object.defineProperty under tsx,
 * which the bench runs under: 2.3 MB of what the young generation's collections copied, 8% of it). Methods live
 * once, on the prototype.
 *
 * What it keeps holds for the runtime's whole life: the pod's name, namespace and uid (a new uid gets a new
 * runtime), and its node (bound before the runtime starts). `pod` is the version `resolve`, `configProblem` and
 * `behaviourNow` fall back to should the pod be gone; the kubelet sets it at each reconcile.
 */
export class PodRunContext implements RunContext {
  readonly podLabel: string;
  private readonly node: string;
  private readonly name: string;
  private readonly namespace: string;

  constructor(
    private readonly cluster: Cluster,
    private readonly ref: ObjectRef,
    public pod: KubeObject,
  ) {
    this.node = String(pod.spec?.nodeName ?? '');
    const { name = '', namespace = '', uid = '' } = pod.metadata;
    this.name = name;
    this.namespace = namespace;
    this.podLabel = `${name}_${namespace}(${uid})`;
  }

  pullMs(image: string, policy: string): number {
    return pullMs(this.cluster, this.node, image, policy);
  }

  probeReadyMs(probe: JsonAny): number {
    return Number(probe.initialDelaySeconds) > 0
      ? Number(probe.initialDelaySeconds) * 1000 + this.cluster.rng.int(500)
      : this.cluster.rng.jitter(2000, 0.25);
  }

  syncDelayMs(): number {
    return this.cluster.rng.jitter(500, 0.8);
  }

  resolve(request: HttpRequest): HttpResult {
    return resolveHttp(this.cluster, this.current(), request);
  }

  log(line: string, atMs: number): void {
    this.cluster.log(this.namespace, this.name, line, atMs);
  }

  configProblem(container: JsonAny): string | undefined {
    const store = this.cluster.store;
    return envSourceProblem(this.current(), container, (r) => store.get(r));
  }

  behaviourNow(container: JsonAny, init: boolean): ContainerBehaviour {
    const store = this.cluster.store;
    return resolveBehaviour(this.current(), container, {
      get: (r) => store.get(r),
      failures: this.cluster.failures,
      init,
    });
  }

  retryMs(): number {
    return this.cluster.rng.jitter(10_000, 0.5);
  }

  /** The pod as stored now, or its last version the kubelet saw. */
  private current(): KubeObject {
    return this.cluster.store.get(this.ref) ?? this.pod;
  }
}
