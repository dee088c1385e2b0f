import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { ownAppScenario } from './ownAppScenario';

/** "Your app" with cluster Secrets (argocd-semantics.md §5.13): read as `sim run --repo` reads them. */
const root = fileURLToPath(new URL('../../', import.meta.url));
const file = (path: string) => ({
  path: path.replace(/^test\/fixtures\/environments\/(repo\/)?/, ''),
  text: readFileSync(`${root}${path}`, 'utf8'),
});

describe('Your app: a folder with cluster Secrets and an ApplicationSet with a cluster generator', () => {
  const scenario = ownAppScenario([
    file('test/fixtures/environments/repo/shop/backend.yaml'),
    file('test/fixtures/environments/shop-appset.yaml'),
    file('test/fixtures/environments/clusters.yaml'),
  ]);

  it('applies the Secrets in argocd, beside the set, not into the repository', () => {
    expect(scenario.platform?.argocd.map((p) => `${p.object.kind}/${p.object.metadata.name}`)).toEqual([
      'ApplicationSet/shop',
      'Secret/cluster-dev',
      'Secret/cluster-staging',
      'Secret/cluster-prod',
    ]);
  });

  it('plays: one Application per cluster, each Healthy in its own cluster', () => {
    const result = playScenario(scenario);
    expect(result.applications.map((a) => [a.metadata.name, a.status.health.status])).toEqual([
      ['shop-dev', 'Healthy'],
      ['shop-prod', 'Healthy'],
      ['shop-staging', 'Healthy'],
    ]);
    expect(result.clusters?.map((c) => c.name)).toEqual(['dev', 'prod', 'staging']);
  });
});
