import { IN_CLUSTER_NAME } from '../../engine';
import { clustersAt } from './argocdCluster';
import { World } from './world';

/**
 * `kubectl --context NAME` (argocd-semantics.md §5.13): the terminal's kubeconfig has one context per cluster Argo
 * CD knows, named after it (the cluster Secret's `name`), and `in-cluster`, the current one, for Argo CD's own
 * cluster. Another context reads that cluster's objects at the cursor. An unknown name is kubectl's own error
 * (client-go clientcmd: "context was not found for specified context").
 */
export function worldInContext(world: World, context: string | undefined): World | { error: string } {
  if (context === undefined || context === IN_CLUSTER_NAME) return world;
  const cluster = clustersAt(world).find((c) => c.name === context);
  const run = cluster && world.run.clusters?.find((c) => c.server === cluster.server);
  if (!cluster) return { error: `error: context was not found for specified context: ${context}` };
  // A registered cluster no Application was ever sent to was never made by the run: it shows no objects.
  const objects = run?.objects ?? { keys: [], times: [], versions: [] };
  return new World({ ...world.run, objects }, world.t, world.revisions);
}
