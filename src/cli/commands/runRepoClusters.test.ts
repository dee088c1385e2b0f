import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * `sim run --repo DIR clusters.yaml shop-appset.yaml` (contract.md §1.4, argocd-semantics.md §5.13): cluster Secrets
 * are Argo CD input beside the ApplicationSet, and its cluster generator reads them from another file.
 */
const fixtures = 'test/fixtures/environments';
const input = ['--repo', `${fixtures}/repo`, `${fixtures}/shop-appset.yaml`, `${fixtures}/clusters.yaml`];

describe('sim run --repo with cluster Secrets and a cluster generator', () => {
  it('one Application per cluster, each sent to its cluster, rolled dev, staging, prod', () => {
    const result = run([...input, '--progressive-syncs', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      applications: JsonAny[];
      events: SimEvent[];
      clusters: JsonAny[];
    };
    expect(
      json.applications.map((a) => [a.metadata.name, a.spec.destination.server, a.status.health.status]),
    ).toEqual([
      ['shop-dev', 'https://dev.k8s.example.com', 'Healthy'],
      ['shop-prod', 'https://prod.k8s.example.com', 'Healthy'],
      ['shop-staging', 'https://staging.k8s.example.com', 'Healthy'],
    ]);
    expect(json.events.flatMap((e) => (e.type === 'app-operation' ? [e.app] : []))).toEqual([
      'shop-dev',
      'shop-staging',
      'shop-prod',
    ]);
    expect(json.clusters.map((c) => c.name)).toEqual(['dev', 'prod', 'staging']);
  });

  it('a cluster Secret without its server is refused at the Secret, in one sentence', () => {
    const result = run([
      '--repo',
      `${fixtures}/repo`,
      `${fixtures}/shop-appset.yaml`,
      `${fixtures}/clusters.yaml`,
      `${fixtures}/bad-cluster.yaml`,
    ]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(
      /bad-cluster\.yaml:\d+:\d+: .*Secret "cluster-qa": a cluster Secret needs stringData\.server \(or data\.server\)/,
    );
  });
});
