import type { SimClock } from '../clock';
import { Cluster } from '../cluster/cluster';
import { endpointsController } from '../controllers/endpoints';
import { garbageCollector } from '../controllers/garbageCollector';
import { jobController } from '../controllers/job';
import { kubeletController } from '../controllers/kubelet';
import { workloadControllers } from '../controllers/workloadControllers';
import {
  horizontalPodAutoscalerController,
  type AutoscalerLoad,
} from '../controllers/horizontalPodAutoscaler';
import type { Rng } from '../random';

/** A fake cluster with every controller running: what `sim run` and the page simulate against. */
export function createCluster(options: {
  clock: SimClock;
  rng: Rng;
  failures?: readonly string[];
  /** Scripted loads of HorizontalPodAutoscalers (horizontalPodAutoscaler.ts); none: HPAs are left alone. */
  autoscalerLoad?: AutoscalerLoad;
}): Cluster {
  const cluster = new Cluster(options);
  for (const controller of workloadControllers) cluster.register(controller);
  if (options.autoscalerLoad) cluster.register(horizontalPodAutoscalerController(options.autoscalerLoad));
  cluster.register(jobController);
  cluster.register(kubeletController);
  cluster.register(endpointsController);
  garbageCollector(cluster);
  return cluster;
}
