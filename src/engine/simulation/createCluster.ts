import type { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { endpointsController } from '../controllers/endpoints';
import { garbageCollector } from '../controllers/garbageCollector';
import { jobController } from '../controllers/job';
import { kubeletController } from '../controllers/kubelet';
import { workloadControllers } from '../controllers/workloadControllers';
import type { Rng } from '../random';

/** A fake cluster with every controller running: what `sim run` and the page simulate against. */
export function createCluster(options: { clock: SimClock; rng: Rng; failures?: readonly string[] }): Cluster {
  const cluster = new Cluster(options);
  for (const controller of workloadControllers) cluster.register(controller);
  cluster.register(jobController);
  cluster.register(kubeletController);
  cluster.register(endpointsController);
  garbageCollector(cluster);
  return cluster;
}
