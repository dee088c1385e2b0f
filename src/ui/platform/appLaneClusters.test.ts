import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appOfAppsLog } from '../../../test/kits/platformLog.testKit';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { appLaneInputs } from './appLaneInputs';
import { destinationClusters } from './destinationClusters';

const play = (id: string) => {
  const file = `scenarios/${id}.yaml`;
  return playScenario(parseScenario(readFileSync(file, 'utf8'), file));
};

const destination = (name: string, server: string) => ({
  metadata: { name },
  spec: { destination: { server, namespace: 'default' } },
});

describe('the app lanes group Applications by cluster (issue 29, argocd-semantics.md §5.13)', () => {
  it('environments-promotion: dev, staging, prod in the order the RollingSync reaches them, each with its server', () => {
    const run = play('environments-promotion');
    const { apps } = appLaneInputs(run.events, run.endT, destinationClusters(run));
    expect(apps.map((a) => [a.name, a.depth, a.cluster])).toEqual([
      ['shop-dev', 0, { name: 'dev', server: 'https://dev.k8s.example.com' }],
      ['shop-staging', 0, { name: 'staging', server: 'https://staging.k8s.example.com' }],
      ['shop-prod', 0, { name: 'prod', server: 'https://prod.k8s.example.com' }],
    ]);
  });

  it('a run on one cluster has no destinations, and its lanes carry no cluster', () => {
    const run = play('progressive-sync');
    expect(destinationClusters(run)).toBeUndefined();
    const { apps } = appLaneInputs(run.events, run.endT, destinationClusters(run));
    expect(apps.every((a) => a.cluster === undefined)).toBe(true);
  });

  it('puts the parent under in-cluster first; a child sent elsewhere starts its line under its own cluster', () => {
    const run = {
      clusters: [
        { name: 'dev', server: 'https://dev.example.com' },
        { name: 'prod', server: 'https://prod.example.com' },
      ],
      applications: [
        destination('platform', 'https://kubernetes.default.svc'),
        destination('namespaces', 'https://kubernetes.default.svc'),
        destination('projects', 'https://prod.example.com'),
        destination('checkout', 'https://dev.example.com'),
        destination('payments', 'https://prod.example.com'),
      ],
    };
    const { apps } = appLaneInputs(appOfAppsLog({ health: true }), 30, destinationClusters(run));
    expect(apps.map((a) => [a.cluster?.name, a.name, a.depth])).toEqual([
      ['in-cluster', 'platform', 0],
      ['in-cluster', 'namespaces', 1],
      ['prod', 'projects', 0],
      ['prod', 'payments', 0],
      ['dev', 'checkout', 0],
    ]);
    expect(apps[0].cluster?.server).toBe('https://kubernetes.default.svc');
  });
});
