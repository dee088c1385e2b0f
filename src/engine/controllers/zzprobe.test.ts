import { it } from 'vitest';
import { deploymentController } from './deployment';
import { kubeletController } from './kubelet';
import { replicaSetController } from './replicaSet';
import { deploymentManifest, live, testCluster, get } from './testKit';

it('probe', () => {
  const cluster = testCluster([deploymentController, replicaSetController, kubeletController], 1, [
    'Deployment/api',
  ]);
  cluster.store.watch((e) => {
    if (e.object.kind === 'Deployment' || e.object.kind === 'ReplicaSet')
      console.log(cluster.clock.now(), e.type, e.object.kind, JSON.stringify(e.object.status));
  });
  cluster.store.apply(deploymentManifest('api', { spec: { progressDeadlineSeconds: 60 } }));
  cluster.clock.advanceTo(70_000);
  console.log(JSON.stringify(live(cluster, 'Pod')[0].status, null, 1));
});
