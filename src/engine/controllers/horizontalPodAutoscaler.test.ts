import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import {
  HPA_SYNC_PERIOD_MS,
  horizontalPodAutoscalerController,
  type AutoscalerLoad,
} from './horizontalPodAutoscaler';
import { get, testCluster } from '../../../test/kits/controllers.testKit';

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: {}, spec: {} } },
};

function hpa(maxReplicas = 6): KubeObject {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas,
    },
  };
}

const hpaRef = { group: 'autoscaling', kind: 'HorizontalPodAutoscaler', namespace: 'default', name: 'web' };
const hpaOf = (cluster: ReturnType<typeof testCluster>) => cluster.store.get(hpaRef)!;

function start(load: AutoscalerLoad, max?: number) {
  const cluster = testCluster([horizontalPodAutoscalerController(load)]);
  cluster.store.apply(deployment);
  cluster.store.apply(hpa(max));
  const replicas = () => get(cluster, 'Deployment', 'web')!.spec.replicas as number;
  const status = () => hpaOf(cluster).status;
  return { cluster, replicas, status };
}

/**
 * k8s.io/kubernetes pkg/controller/podautoscaler/horizontal.go: the work queue's FixedItemIntervalRateLimiter of
 * the sync period (15 s), `normalizeDesiredReplicasWithBehaviors` with the autoscaling/v2 default behaviour, and
 * the conditions Argo CD's health check reads (gitops-engine pkg/health/health_hpa.go, argocd-semantics.md §3.9).
 */
describe('horizontalPodAutoscalerController', () => {
  it('acts a sync period after its creation and once a period after that, not on its own status writes', () => {
    const { cluster, replicas, status } = start({ web: [{ atMs: 0, replicas: 3 }] });
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS - 100);
    expect(replicas()).toBe(1);
    expect(status()).toBeUndefined();
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 100);
    expect(replicas()).toBe(3);
    expect(status()).toMatchObject({ currentReplicas: 1, desiredReplicas: 3 });
    // Someone (Argo CD's self-heal) writes 1 back: the HPA answers at its next period, not at once.
    cluster.store.patch({ group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web' }, (d) => {
      d.spec.replicas = 1;
    });
    cluster.clock.advanceTo(2 * HPA_SYNC_PERIOD_MS - 100);
    expect(replicas()).toBe(1);
    cluster.clock.advanceTo(2 * HPA_SYNC_PERIOD_MS + 100);
    expect(replicas()).toBe(3);
  });

  it('reports AbleToScale SucceededRescale after a rescale, which Argo CD reads as Healthy (health_hpa.go)', () => {
    const { cluster } = start({ web: [{ atMs: 0, replicas: 3 }] });
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 100);
    const object = hpaOf(cluster);
    expect(
      object.status.conditions.map((c: { type: string; reason: string }) => `${c.type} ${c.reason}`),
    ).toEqual([
      'AbleToScale SucceededRescale',
      'ScalingActive ValidMetricFound',
      'ScalingLimited DesiredWithinRange',
    ]);
    expect(healthOf(object)).toEqual({
      status: 'Healthy',
      message: 'the HPA controller was able to update the target scale to 3',
    });
  });

  it('clamps to maxReplicas with ScalingLimited TooManyReplicas, and limits a scale-up to max(2×, +4) a period', () => {
    const capped = start({ web: [{ atMs: 0, replicas: 9 }] }, 6);
    capped.cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 100);
    expect(capped.replicas()).toBe(5);
    expect(capped.status().conditions[2]).toMatchObject({ status: 'True', reason: 'ScaleUpLimit' });
    capped.cluster.clock.advanceTo(2 * HPA_SYNC_PERIOD_MS + 100);
    expect(capped.replicas()).toBe(6);
    expect(capped.status().conditions[2]).toMatchObject({ status: 'True', reason: 'TooManyReplicas' });
  });

  it('scales down only once the 5-minute stabilization window has no higher recommendation', () => {
    const { cluster, replicas } = start({
      web: [
        { atMs: 0, replicas: 4 },
        { atMs: 20_000, replicas: 1 },
      ],
    });
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 100);
    expect(replicas()).toBe(4);
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 300_000 - 100);
    expect(replicas()).toBe(4);
    cluster.clock.advanceTo(HPA_SYNC_PERIOD_MS + 300_000 + HPA_SYNC_PERIOD_MS + 100);
    expect(replicas()).toBe(1);
  });

  it('leaves an HPA without a scripted load alone: no status, Progressing "Waiting to Autoscale"', () => {
    const { cluster, status } = start({});
    cluster.clock.advanceTo(3 * HPA_SYNC_PERIOD_MS);
    expect(status()).toBeUndefined();
    expect(healthOf(hpaOf(cluster))).toEqual({
      status: 'Progressing',
      message: 'Waiting to Autoscale',
    });
  });
});
