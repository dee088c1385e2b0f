import {
  clustersFrom,
  commandRowOf,
  flagValue,
  parseCommandFlags,
  resolveDestination,
  type ClusterInfo,
} from '../../engine';
import { tabwriter } from '../appList';
import { fail, ok, type CommandOutput } from './output';
import type { World } from './world';

/**
 * `argocd cluster list [-o server]` at the cursor (argocd-semantics.md §5.13): the clusters Argo CD knows then (the
 * cluster Secrets in `argocd`, then the in-cluster default), in the CLI's table (cmd/argocd/commands/cluster.go
 * `printClusterTable`: SERVER NAME VERSION STATUS MESSAGE PROJECT). STATUS and MESSAGE are what the application
 * controller's cluster info updater writes (controller/clusterinfoupdater.go): a cluster that no Application is sent
 * to is not watched, so it is `Unknown` with "Cluster has no applications and is not being monitored."; one that is
 * watched is `Successful`. VERSION, the Kubernetes version the cluster reports, is empty: the fake clusters report
 * none.
 */
export function argocdCluster(world: World, words: readonly string[]): CommandOutput {
  const [verb, ...rest] = words;
  if (verb !== 'list')
    return fail(
      `Error: unknown command "${verb ?? ''}" for "argocd cluster" (this terminal runs argocd cluster list)`,
    );
  // The command table reads the flags: one the CLI does not have is refused in its words.
  const row = commandRowOf(['argocd', 'cluster', 'list']);
  const parsed = row
    ? parseCommandFlags(row, rest)
    : { error: 'argocd cluster list is not in the command table' };
  if ('error' in parsed) return fail(parsed.error);
  if (parsed.args.length > 0)
    return fail(
      `argocd cluster list takes no argument, not "${parsed.args[0]}" (the CLI prints its help and exits 1)`,
    );
  const output = flagValue(parsed, '--output') ?? 'wide';
  const clusters = clustersAt(world);
  if (output === 'server') return ok(clusters.map((c) => c.server));
  if (output !== 'wide') return fail(`FATA[0000] unknown output format: ${output}`);
  const watched = watchedServers(world, clusters);
  return ok(
    tabwriter([
      ['SERVER', 'NAME', 'VERSION', 'STATUS', 'MESSAGE', 'PROJECT'],
      ...clusters.map((c) =>
        watched.has(c.server)
          ? [c.server, c.name, '', 'Successful', '', c.project]
          : [
              c.server,
              c.name,
              '',
              'Unknown',
              'Cluster has no applications and is not being monitored.',
              c.project,
            ],
      ),
    ]),
  );
}

/** The clusters Argo CD knows at the cursor. */
export function clustersAt(world: World): ClusterInfo[] {
  return clustersFrom(world.objects().filter((o) => o.kind === 'Secret'));
}

/** The servers some Application at the cursor is sent to. */
function watchedServers(world: World, clusters: readonly ClusterInfo[]): Set<string> {
  const servers = new Set<string>();
  for (const app of world.apps()) {
    const resolved = resolveDestination(app.spec?.destination, clusters);
    if (resolved.ok) servers.add(resolved.cluster.server);
  }
  return servers;
}
