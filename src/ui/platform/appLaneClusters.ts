import { IN_CLUSTER_NAME, IN_CLUSTER_SERVER } from '../../engine';
import type { AppLaneInput, LaneCluster } from '../../timeline/appLanes/types';

/**
 * The Applications' lanes grouped by the cluster each is sent to (issue 29, argocd-semantics.md §5.13), for
 * layoutAppLanes to draw a header row over each group. Argo CD's own cluster (`in-cluster`) comes first: the
 * parents and the Applications of the control plane live there. The other clusters follow in the order their
 * first lane comes in the lanes as they were (an ApplicationSet's Applications in its rollout steps), so
 * environments-promotion reads dev, staging, prod, the order its RollingSync reaches them. Within a group the
 * lanes keep their order; a child keeps its indent under its parent only when the parent is in the same group,
 * else it starts the line, since "└" under another cluster's header would name the wrong parent. Without
 * `destinations` (the run has one cluster) the lanes are returned as they were, with no cluster.
 */
export function groupLanesByCluster(
  apps: readonly AppLaneInput[],
  destinations: ReadonlyMap<string, LaneCluster> | undefined,
): AppLaneInput[] {
  if (!destinations) return [...apps];
  const inCluster: LaneCluster = { name: IN_CLUSTER_NAME, server: IN_CLUSTER_SERVER };
  const groups = new Map<string, { cluster: LaneCluster; lanes: AppLaneInput[] }>();
  // The lanes come in the tree's order (applicationsOf.ts), parent first: a lane's parent is the nearest lane
  // before it one level up.
  const path: string[] = [];
  const depthOf = new Map<string, number>();
  const clusterOf = new Map<string, string>();
  for (const app of apps) {
    path.length = app.depth;
    const parent = app.depth > 0 ? path[app.depth - 1] : undefined;
    path.push(app.name);
    const cluster = destinations.get(app.name) ?? inCluster;
    clusterOf.set(app.name, cluster.name);
    const depth =
      parent !== undefined && clusterOf.get(parent) === cluster.name ? (depthOf.get(parent) ?? 0) + 1 : 0;
    depthOf.set(app.name, depth);
    const group = groups.get(cluster.name) ?? { cluster, lanes: [] };
    group.lanes.push({ ...app, depth, cluster: { name: cluster.name, server: cluster.server } });
    groups.set(cluster.name, group);
  }
  const ordered = [...groups.values()];
  const own = ordered.findIndex((g) => g.cluster.name === IN_CLUSTER_NAME);
  if (own > 0) ordered.unshift(...ordered.splice(own, 1));
  return ordered.flatMap((g) => g.lanes);
}
