import { describe, expect, it } from 'vitest';
import type { RepoRevision } from '../argocd/repository';
import { applicationTo, clusterSecret } from '../../../test/kits/controlPlane.testKit';
import { deployment, service } from '../../../test/kits/simulation.testKit';
import { clusterAt } from './objectHistory';
import { runControlPlane } from './runControlPlane';

/** Several clusters (argocd-semantics.md §5.13): cluster Secrets, destinations, one fake cluster per cluster. */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'shop/app.yaml': [deployment('web', { readySeconds: 3 }), service('web')].map((object) => ({ object })),
  },
};
const automated = { prune: true };
const dev = clusterSecret('dev', 'https://dev.example.com');
const prod = clusterSecret('prod', 'https://prod.example.com');

function run(objects: Parameters<typeof runControlPlane>[0]['objects']) {
  return runControlPlane({ repository: repo, objects, untilSeconds: 300, namespaces: ['shop'] });
}

describe('each cluster is its own fake cluster on the one clock', () => {
  const result = run([
    dev,
    prod,
    applicationTo('shop-dev', { name: 'dev' }, { path: 'shop', namespace: 'shop', automated }),
    applicationTo(
      'shop-prod',
      { server: 'https://prod.example.com' },
      { path: 'shop', namespace: 'shop', automated },
    ),
  ]);
  const app = (name: string) => result.applications.find((a) => a.metadata.name === name);

  it('an app sent by name and one by server both sync and turn Healthy', () => {
    for (const name of ['shop-dev', 'shop-prod'])
      expect(app(name)?.status).toMatchObject({ sync: { status: 'Synced' }, health: { status: 'Healthy' } });
  });

  it("dev's Deployment is in dev, prod's in prod, and neither in Argo CD's own cluster", () => {
    const names = (objects: { kind: string; metadata: { name?: string } }[]) =>
      objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    expect(names(result.live)).toEqual([]);
    expect(result.clusters?.map((c) => [c.name, c.server, names(c.live)])).toEqual([
      ['dev', 'https://dev.example.com', ['web']],
      ['prod', 'https://prod.example.com', ['web']],
    ]);
  });

  it("each cluster's pods are its own (their events say which cluster), and its history answers kubectl at a time", () => {
    const podEvents = result.events.filter((e) => e.type === 'pod');
    expect(new Set(podEvents.map((e) => e.cluster))).toEqual(new Set(['dev', 'prod']));
    const devPods = clusterAt(result.clusters![0].objects, result.endT).filter((o) => o.kind === 'Pod');
    expect(devPods.length).toBe(1);
    expect(devPods[0].metadata.annotations?.['argocd.argoproj.io/tracking-id']).toBeUndefined();
  });
});

describe('an unknown cluster (appcontroller.go refreshAppConditions, L1920-L1935)', () => {
  const result = run([
    applicationTo('shop-staging', { name: 'staging' }, { path: 'shop', namespace: 'shop', automated }),
  ]);
  const status = result.applications[0].status;

  it('is an InvalidSpecError in Argo CD words, with sync and health both Unknown and nothing synced', () => {
    expect(status.conditions).toEqual([
      expect.objectContaining({
        type: 'InvalidSpecError',
        message: 'there are no clusters with this name: staging',
      }),
    ]);
    expect(status.sync.status).toBe('Unknown');
    expect(status.health.status).toBe('Unknown');
    expect(status.operationState).toBeUndefined();
    expect(result.live.filter((o) => o.kind === 'Deployment')).toEqual([]);
  });

  it('a run whose only app is invalid comes to rest at once rather than running to its end', () => {
    expect(result.endT).toBeLessThan(60);
  });
});

describe('a manual sync of an app whose cluster is unknown (controller/sync.go L231-L238)', () => {
  const result = run([
    applicationTo('shop-x', { server: 'https://x.example.com' }, { path: 'shop', namespace: 'shop' }),
  ]);
  it('ends Error with the InvalidSpecError condition as FormatAppConditions writes it', () => {
    expect(result.applications[0].status.operationState).toMatchObject({
      phase: 'Error',
      message:
        'InvalidSpecError: error getting cluster by server "https://x.example.com": rpc error: code = NotFound desc = cluster "https://x.example.com" not found',
    });
  });
});

describe('a cluster Secret added after the app (clusterSecretEventHandler re-resolves on the next refresh)', () => {
  const result = runControlPlane({
    repository: repo,
    objects: [applicationTo('shop-dev', { name: 'dev' }, { path: 'shop', namespace: 'shop', automated })],
    untilSeconds: 400,
    namespaces: ['shop'],
    actions: [{ at: 30, type: 'kubectl-apply', objects: [dev] }],
  });
  it('the app then syncs into the new cluster', () => {
    expect(result.applications[0].status.sync.status).toBe('Synced');
    expect(result.clusters?.map((c) => c.name)).toEqual(['dev']);
  });
});
