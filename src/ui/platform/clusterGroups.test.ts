import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { appTreeAt } from './appTreeAt';
import { groupByCluster } from './clusterGroups';

const play = (id: string) => {
  const file = `scenarios/${id}.yaml`;
  return playScenario(parseScenario(readFileSync(file, 'utf8'), file));
};

describe('the page groups Applications by cluster (argocd-semantics.md §5.13)', () => {
  it('environments-promotion: one Cluster node per cluster, each holding the app sent there', () => {
    const run = play('environments-promotion');
    const tree = groupByCluster(appTreeAt(run.events, run.endT), run);
    expect(tree.map((n) => [n.kind, n.name, n.server, n.children.map((c) => c.name)])).toEqual([
      ['Cluster', 'dev', 'https://dev.k8s.example.com', ['shop-dev']],
      ['Cluster', 'prod', 'https://prod.k8s.example.com', ['shop-prod']],
      ['Cluster', 'staging', 'https://staging.k8s.example.com', ['shop-staging']],
    ]);
  });

  it('a run on one cluster keeps its tree as it was', () => {
    const run = play('progressive-sync');
    const roots = appTreeAt(run.events, run.endT);
    expect(groupByCluster(roots, run)).toBe(roots);
  });
});
