import { IN_CLUSTER_NAME, IN_CLUSTER_SERVER } from '../../engine';
import type { TreeNode } from './appTreeAt';
import { destinationClusters, type ClustersOfRun } from './destinationClusters';

/**
 * The Application tree grouped by cluster (argocd-semantics.md §5.13), when the run sent Applications to clusters
 * other than Argo CD's own: one `Cluster` node per cluster (by name, Argo CD's own first) holding the root
 * Applications sent there, from each Application's `destination` at the end of the run. A run on one cluster keeps
 * its tree as it is. An Application whose destination names no cluster is under a node named after what it names.
 */
export function groupByCluster(roots: TreeNode[], run: ClustersOfRun): TreeNode[] {
  const destinations = destinationClusters(run);
  if (!destinations) return roots;
  const groups = new Map<string, { name: string; server: string; nodes: TreeNode[] }>();
  for (const node of roots) {
    const where = destinations.get(node.name) ?? { name: IN_CLUSTER_NAME, server: IN_CLUSTER_SERVER };
    const group = groups.get(where.name) ?? { ...where, nodes: [] };
    group.nodes.push(node);
    groups.set(where.name, group);
  }
  const order = (name: string) => (name === IN_CLUSTER_NAME ? '' : name);
  return [...groups.values()]
    .sort((a, b) => (order(a.name) < order(b.name) ? -1 : order(a.name) > order(b.name) ? 1 : 0))
    .map((g) => ({
      key: `cluster/${g.server || g.name}`,
      group: '',
      kind: 'Cluster',
      namespace: '',
      name: g.name,
      app: undefined,
      sync: undefined,
      health: undefined,
      hook: false,
      server: g.server,
      children: g.nodes,
    }));
}
