import {
  IN_CLUSTER_NAME,
  IN_CLUSTER_SERVER,
  resolveDestination,
  type JsonAny,
  type ClusterRun,
} from '../../engine';

/** What a run says of its clusters: its Applications at the end and the registered clusters it sent them to. */
export type ClustersOfRun =
  | { applications?: readonly JsonAny[]; clusters?: readonly Pick<ClusterRun, 'name' | 'server'>[] }
  | undefined;

/**
 * The cluster each Application of the run is sent to, from its `destination` at the end of the run, resolved as
 * Argo CD resolves it (argocd-semantics.md §5.13, util/argo/argo.go `GetDestinationCluster`), and named as
 * `argocd cluster list` names it. An Application whose destination no cluster answers to is under what it names,
 * with no server. Undefined when the run sent nothing to a registered cluster: then there is one cluster, Argo
 * CD's own, and the page draws no cluster at all.
 */
export function destinationClusters(
  run: ClustersOfRun,
): Map<string, { name: string; server: string }> | undefined {
  if (!run?.clusters || run.clusters.length === 0) return undefined;
  const known = [{ name: IN_CLUSTER_NAME, server: IN_CLUSTER_SERVER }, ...run.clusters];
  const clusters = known.map((c) => ({ ...c, project: '', labels: {}, annotations: {} }));
  const destinations = new Map<string, { name: string; server: string }>();
  for (const app of run.applications ?? []) {
    const resolved = resolveDestination(app.spec?.destination, clusters);
    const d = app.spec?.destination ?? {};
    destinations.set(
      app.metadata?.name ?? '',
      resolved.ok
        ? { name: resolved.cluster.name, server: resolved.cluster.server }
        : { name: String(d.name || d.server || 'no destination'), server: '' },
    );
  }
  return destinations;
}
