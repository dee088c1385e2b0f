import type { Controller } from '../cluster/cluster';
import { daemonSetController } from './daemonSet';
import { deploymentController } from './deployment';
import { loadBalancerController } from './loadBalancer';
import { namespaceController } from './namespace';
import { pvcController } from './pvc';
import { replicaSetController } from './replicaSet';
import { statefulSetController } from './statefulSet';

/**
 * The controllers of workloads, addresses, volumes and namespaces, to register on a Cluster together with
 * a kubelet. The garbage collector is started separately with `garbageCollector(cluster)`, since it
 * watches every kind.
 */
export const workloadControllers: readonly Controller[] = [
  namespaceController,
  deploymentController,
  replicaSetController,
  statefulSetController,
  daemonSetController,
  pvcController,
  loadBalancerController,
];
