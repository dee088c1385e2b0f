import type { ControlPlaneInput, KubeObject, RepoRevision } from '../../src/engine';
import { application } from '../kits/controlPlane.testKit';
import { configMap, deployment, service } from '../kits/simulation.testKit';

/**
 * A platform of `apps` Applications × `size` resources each: a root app of apps (synced at t 0) whose source
 * holds one auto-synced child per team, in two waves; each child's folder has Deployments, Services and
 * ConfigMaps in its own namespace (written by the root app at wave -2).
 */
export function syntheticPlatform(apps = 20, size = 50): ControlPlaneInput {
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
    add(`apps/${name}.yaml`, [
      application(name, { path: `teams/${name}`, namespace: name, wave: i % 2, automated: { prune: true } }),
    ]);
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
    objects: [application('platform', { path: 'apps', namespace: 'argocd' })],
    untilSeconds: 1800,
  };
}
