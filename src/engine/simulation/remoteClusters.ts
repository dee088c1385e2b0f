import type { SimClock } from '../clock';
import type { Cluster } from '../cluster/cluster';
import type { WatchEvent } from '../cluster/store';
import type { EventLog } from '../eventLog';
import { Rng } from '../random';
import type { KubeObject } from '../types';
import { createCluster } from './createCluster';
import { ObjectHistoryRecorder, type ObjectHistory } from './objectHistory';
import { PodTracker } from './podTracker';
import { RestWatch } from './settled';

/** A cluster other than Argo CD's own at the end of a run: its name and server, its objects' history and its objects. */
export interface ClusterRun {
  name: string;
  server: string;
  objects: ObjectHistory;
  live: KubeObject[];
}

interface Remote {
  cluster: Cluster;
  history: ObjectHistoryRecorder;
  rest: RestWatch;
  name: string;
}

/**
 * The clusters of a run besides Argo CD's own (argocd-semantics.md §5.13): one fake cluster per registered server
 * an Application is sent to, made when one first is, on the run's one clock. Each has every controller running, the
 * namespaces a fresh cluster has (and those Argo CD's user made everywhere before the run), its own seeded
 * generator (so a new cluster never changes the pod names of another), its own object history (`kubectl
 * --context NAME`), and pod and object events marked with its name. Argo CD's own cluster is not one of these:
 * runs that use only it are exactly as before.
 */
export class RemoteClusters {
  private readonly byServer = new Map<string, Remote>();

  constructor(
    private readonly options: {
      clock: SimClock;
      seed: number;
      log: EventLog;
      /** The workloads made to fail now (the same in every cluster). */
      failures: () => readonly string[];
      namespaces: readonly string[];
      /** The cluster's name now (its Secret's `name`). */
      nameOf: (server: string) => string;
      /** Every watch event of the cluster's store, after its own controllers and the recorders. */
      onWatch: (event: WatchEvent, cluster: Cluster) => void;
      appOf: (obj: KubeObject) => string | undefined;
    },
  ) {}

  /** The fake cluster at `server`, made on first use. */
  get(server: string): Cluster {
    const known = this.byServer.get(server);
    if (known) return known.cluster;
    const { clock, log } = this.options;
    const name = this.options.nameOf(server);
    const cluster = createCluster({
      clock,
      rng: new Rng(seedFor(this.options.seed, server)),
      failures: this.options.failures(),
    });
    const store = cluster.store;
    const history = new ObjectHistoryRecorder(() => clock.now());
    store.watch((event) => history.onWatch(event));
    const rest = RestWatch.on(store);
    for (const ns of new Set([...freshNamespaces, ...this.options.namespaces]))
      store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    // Its pods' and objects' events carry its name, so the page can tell dev's backend from prod's.
    const marked = {
      push: (event: Parameters<EventLog['push']>[0]) => log.push({ ...event, cluster: name }),
    };
    const pods = new PodTracker({ store, log: marked as EventLog, appOf: this.options.appOf });
    store.watch((event) => {
      pods.onWatch(event);
      this.options.onWatch(event, cluster);
    });
    this.byServer.set(server, { cluster, history, rest, name });
    return cluster;
  }

  /** No pod starting or terminating in any of them. */
  atRest(): boolean {
    for (const remote of this.byServer.values()) if (!remote.rest.podsAtRest()) return false;
    return true;
  }

  /** Each cluster as the run ends, by name. */
  result(seconds: (ms: number) => number): ClusterRun[] {
    return [...this.byServer.entries()]
      .map(([server, r]) => ({
        name: r.name,
        server,
        objects: r.history.result(seconds),
        live: r.cluster.store.all(),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** The namespaces a fresh cluster has (Argo CD's `argocd` is only in its own). */
const freshNamespaces = ['default', 'kube-system', 'kube-public'];

/** A seed of its own for the cluster at `server`, from the run's seed (FNV-1a over the address). */
function seedFor(seed: number, server: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < server.length; i++) hash = Math.imul(hash ^ server.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
