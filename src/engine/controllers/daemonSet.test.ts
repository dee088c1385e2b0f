import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { JsonAny, KubeObject } from '../types';
import { daemonSetController } from './daemonSet';
import { get, live, testCluster } from '../../../test/kits/controllers.testKit';

function agent(image = 'agent:v1', spec: JsonAny = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image }] } },
      ...spec,
    },
  };
}

const nodesOf = (pods: KubeObject[]) => pods.map((p) => p.spec.nodeName).sort();

describe('daemonSetController', () => {
  it('runs one pod on each of the 3 nodes and turns Healthy', () => {
    const cluster = testCluster([daemonSetController]);
    cluster.store.apply(agent());
    cluster.clock.advanceTo(500);
    const pods = live(cluster, 'Pod');
    expect(nodesOf(pods)).toEqual(['node-1', 'node-2', 'node-3']);
    for (const pod of pods) expect(pod.metadata.name).toMatch(/^agent-[a-z0-9]{5}$/);
    expect(healthOf(get(cluster, 'DaemonSet', 'agent')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(15_000);
    const ds = get(cluster, 'DaemonSet', 'agent')!;
    expect(ds.status).toMatchObject({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      updatedNumberScheduled: 3,
      numberReady: 3,
      numberAvailable: 3,
      numberMisscheduled: 0,
    });
    expect(ds.status.numberUnavailable).toBeUndefined();
    expect(healthOf(ds)?.status).toBe('Healthy');
  });

  it('replaces pods one node at a time with maxUnavailable 1', () => {
    const cluster = testCluster([daemonSetController]);
    cluster.store.apply(agent());
    cluster.clock.advanceTo(15_000);
    let maxDown = 0;
    cluster.store.watch(() => {
      const up = live(cluster, 'Pod').filter(
        (p) =>
          !p.metadata.deletionTimestamp &&
          p.status?.conditions?.some((c: JsonAny) => c.type === 'Ready' && c.status === 'True'),
      );
      maxDown = Math.max(maxDown, 3 - up.length);
    });
    cluster.store.apply(agent('agent:v2'));
    cluster.clock.advanceTo(16_000);
    expect(healthOf(get(cluster, 'DaemonSet', 'agent')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(60_000);
    expect(maxDown).toBe(1);
    const pods = live(cluster, 'Pod');
    expect(pods.map((p) => p.spec.containers[0].image)).toEqual(['agent:v2', 'agent:v2', 'agent:v2']);
    expect(nodesOf(pods)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(healthOf(get(cluster, 'DaemonSet', 'agent')!)?.status).toBe('Healthy');
  });

  it('OnDelete leaves old pods running', () => {
    const cluster = testCluster([daemonSetController]);
    const spec = { updateStrategy: { type: 'OnDelete' } };
    cluster.store.apply(agent('agent:v1', spec));
    cluster.clock.advanceTo(15_000);
    cluster.store.apply(agent('agent:v2', spec));
    cluster.clock.advanceTo(60_000);
    expect(live(cluster, 'Pod').map((p) => p.spec.containers[0].image)).toEqual([
      'agent:v1',
      'agent:v1',
      'agent:v1',
    ]);
    expect(get(cluster, 'DaemonSet', 'agent')!.status.updatedNumberScheduled).toBeUndefined();
  });
});
