import type { Cluster } from '../cluster/cluster';
import type { KubeObject } from '../types';
import type { ApplicationControllerOptions, AppContext, AppState } from './appState';
import { clustersOf, IN_CLUSTER_SERVER, resolveDestination, type DestinationResult } from './clusterSecrets';

/**
 * Where an Application's resources live (argocd-semantics.md §5.13): its `destination.server` or
 * `destination.name` resolved against the clusters Argo CD knows (clusterSecrets.ts), as the controller does on
 * every refresh (appcontroller.go `refreshAppConditions` → util/argo/argo.go `ValidatePermissions` →
 * `GetDestinationCluster`).
 */

/** The app's destination resolved against the cluster Secrets in Argo CD's own cluster now. */
export function destinationOf(options: ApplicationControllerOptions, obj: KubeObject): DestinationResult {
  return resolveDestination(obj.spec?.destination, clustersOf(options.cluster.store));
}

/** The fake cluster at `server`: Argo CD's own for the in-cluster address, else the run's cluster there. */
export function clusterAt(options: ApplicationControllerOptions, server: string): Cluster {
  if (server === IN_CLUSTER_SERVER || !options.clusterFor) return options.cluster;
  return options.clusterFor(server);
}

/**
 * The fake cluster an Application starts on: its destination's, or Argo CD's own while the destination does not
 * resolve (its comparison then stops at the InvalidSpecError and never reads the cluster).
 */
export function initialClusterOf(options: ApplicationControllerOptions, obj: KubeObject): Cluster {
  const resolved = destinationOf(options, obj);
  return resolved.ok ? clusterAt(options, resolved.cluster.server) : options.cluster;
}

/**
 * The destination check of a refresh: Argo CD's InvalidSpecError message when the destination does not resolve,
 * else undefined, the app moved to its destination's cluster first if that changed (a cluster Secret added later,
 * or a new `destination`).
 */
export function destinationError(ctx: AppContext, state: AppState, obj: KubeObject): string | undefined {
  const resolved = destinationOf(ctx.options, obj);
  if (!resolved.ok) return resolved.error;
  const cluster = clusterAt(ctx.options, resolved.cluster.server);
  if (cluster !== state.cluster) ctx.rebind(state, cluster);
  return undefined;
}
