import type { ControlPlaneInput, KubeObject, RepoRevision } from '../../src/engine';
import { application, clusterSecret } from '../kits/controlPlane.testKit';
import { configMap, deployment, service } from '../kits/simulation.testKit';

/**
 * A platform of `apps` Applications × `size` resources each: a root app of apps (synced at t 0) whose source
 * holds one auto-synced child per team, in two waves; each child's folder has Deployments, Services and
 * ConfigMaps in its own namespace (written by the root app at wave -2).
 */
export function syntheticPlatform(apps = 20, size = 50, clusters = 0): ControlPlaneInput {
  const files: RepoRevision['files'] = {};
  const add = (path: string, objects: KubeObject[]) => (files[path] = objects.map((object) => ({ object })));
  const namespaces: KubeObject[] = [];
  for (let i = 0; i < apps; i++) {
    const name = `team-${String(i).padStart(2, '0')}`;
    namespaces.push({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, annotations: { 'argocd.argoproj.io/sync-wave': '-2' } },
    });
    const app = application(name, {
      path: `teams/${name}`,
      namespace: name,
      wave: i % 2,
      automated: { prune: true },
    });
    if (clusters > 0) {
      // Spread over the clusters (argocd-semantics.md §5.13); each makes its own namespace there.
      app.spec.destination.server = clusterServer(i % clusters);
      app.spec.syncPolicy.syncOptions = ['CreateNamespace=true'];
    }
    add(`apps/${name}.yaml`, [app]);
    const objects: KubeObject[] = [];
    for (let j = 0; objects.length < size; j++) {
      if (j % 10 === 0) objects.push(deployment(`web-${j}`, { replicas: 1 }), service(`web-${j}`));
      else objects.push(configMap(`settings-${j}`));
    }
    add(`teams/${name}/resources.yaml`, objects.slice(0, size));
  }
  add('apps/namespaces.yaml', namespaces);
  return {
    repository: { name: 'main', files },
    objects: [
      ...Array.from({ length: clusters }, (_, k) => clusterSecret(`cluster-${k}`, clusterServer(k))),
      application('platform', { path: 'apps', namespace: 'argocd' }),
    ],
    untilSeconds: 1800,
  };
}

function clusterServer(k: number): string {
  return `https://cluster-${k}.example.com`;
}
