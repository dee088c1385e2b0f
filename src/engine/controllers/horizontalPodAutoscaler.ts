import type { Cluster, Controller } from '../cluster/cluster';
import { toTimestamp } from '../clock';
import type { Json, JsonAny, KubeObject, ObjectRef } from '../types';

/** One point of a scripted load: from `atMs` on, the metrics ask for `replicas` (until the next point). */
export interface LoadPoint {
  atMs: number;
  replicas: number;
}

/**
 * Scripted loads, by HorizontalPodAutoscaler (`name`, or `namespace/name`): what the metrics would make each one
 * recommend over virtual time. The fake cluster has no metrics server; a scenario says what the load asks for.
 */
export type AutoscalerLoad = Readonly<Record<string, readonly LoadPoint[]>>;

/** `--horizontal-pod-autoscaler-sync-period`, 15 s by default (kube-controller-manager). */
export const HPA_SYNC_PERIOD_MS = 15_000;
/** The default `behavior.scaleDown.stabilizationWindowSeconds` (autoscaling/v2 defaults: 300). */
export const SCALE_DOWN_STABILIZATION_MS = 300_000;

/** The recommendation the load gives at `now`: its last point at or before it (none before the first). */
export function loadAt(points: readonly LoadPoint[], now: number): number | undefined {
  let replicas: number | undefined;
  for (const p of points) if (p.atMs <= now) replicas = p.replicas;
  return replicas;
}

/**
 * The HPA controller of kube-controller-manager (k8s.io/kubernetes pkg/controller/podautoscaler/horizontal.go),
 * for an autoscaling/v2 HorizontalPodAutoscaler of a Deployment, with a scripted load in place of metrics:
 * every sync period it reads the target's `spec.replicas` through the scale subresource, takes the load's
 * recommendation, keeps the highest recommendation of the last 5 minutes when scaling down (the default
 * scale-down stabilization window; scale-up has none), limits a scale-up to max(100 %, 4 pods) of the current
 * count per period (the default scale-up policies), clamps to minReplicas..maxReplicas, writes the target's
 * `spec.replicas` when it differs and sets the status and conditions (AbleToScale, ScalingActive,
 * ScalingLimited) that Argo CD's HPA health check reads (argocd-semantics.md §3.9).
 *
 * An HPA without a scripted load is left alone (no status), as before this controller: Argo CD then reports it
 * Progressing, "Waiting to Autoscale".
 */
export function horizontalPodAutoscalerController(load: AutoscalerLoad): Controller {
  /** Per HPA (by uid), its recent recommendations, for the scale-down stabilization window. */
  const recommendations = new Map<string, LoadPoint[]>();
  /** Per HPA (by uid), when the work queue hands it out next. */
  const nextAt = new Map<string, number>();
  const controller: Controller = {
    name: 'horizontal-pod-autoscaler',
    kinds: ['HorizontalPodAutoscaler'],
    reconcile(ref: ObjectRef, cluster: Cluster): void {
      const hpa = cluster.store.get(ref);
      if (!hpa || hpa.metadata.deletionTimestamp) return;
      const points = load[`${hpa.metadata.namespace}/${hpa.metadata.name}`] ?? load[hpa.metadata.name ?? ''];
      if (!points) return;
      // horizontal.go queues every HPA with AddRateLimited on a FixedItemIntervalRateLimiter of the sync period
      // (NewDefaultHPARateLimiter), on its creation, its updates and after each processing: an HPA is processed
      // a period after it was created, then once a period, whatever changes in between (its own status writes too).
      const now = cluster.clock.now();
      const uid = hpa.metadata.uid ?? '';
      const due = nextAt.get(uid) ?? now + HPA_SYNC_PERIOD_MS;
      if (now < due) {
        nextAt.set(uid, due);
        cluster.enqueue(controller, ref, due - now);
        return;
      }
      nextAt.set(uid, now + HPA_SYNC_PERIOD_MS);
      cluster.enqueue(controller, ref, HPA_SYNC_PERIOD_MS);
      const recommended = loadAt(points, now);
      if (recommended === undefined) return;
      const target = targetOf(cluster, hpa);
      if (!target) return;
      const current = target.spec?.replicas ?? 1;
      const history = (recommendations.get(hpa.metadata.uid ?? '') ?? []).filter(
        (p) => p.atMs > now - SCALE_DOWN_STABILIZATION_MS,
      );
      history.push({ atMs: now, replicas: recommended });
      recommendations.set(hpa.metadata.uid ?? '', history);
      const decision = decide(hpa, current, recommended, history);
      if (decision.desired !== current)
        cluster.store.patch(refOfTarget(hpa, target), (draft) => {
          draft.spec = { ...draft.spec, replicas: decision.desired };
        });
      const rescaled = decision.desired !== current;
      cluster.store.setStatus(ref, {
        ...(rescaled
          ? { lastScaleTime: toTimestamp(now) }
          : hpa.status?.lastScaleTime
            ? { lastScaleTime: hpa.status.lastScaleTime }
            : {}),
        currentReplicas: current,
        desiredReplicas: decision.desired,
        conditions: conditions(hpa, rescaled, decision, now),
      });
    },
  };
  return controller;
}

interface Decision {
  desired: number;
  limited?: { reason: 'TooManyReplicas' | 'TooFewReplicas' | 'ScaleUpLimit'; message: string };
}

/** `normalizeDesiredReplicasWithBehaviors` with the default behaviour, then the min/max clamp. */
function decide(hpa: KubeObject, current: number, recommended: number, history: LoadPoint[]): Decision {
  const min = typeof hpa.spec?.minReplicas === 'number' ? hpa.spec.minReplicas : 1;
  const max = typeof hpa.spec?.maxReplicas === 'number' ? hpa.spec.maxReplicas : current;
  // Scale-down stabilization: the highest recommendation of the window; scale-up takes the newest at once.
  let desired =
    recommended < current ? Math.min(current, Math.max(...history.map((p) => p.replicas))) : recommended;
  const upLimit = Math.max(current * 2, current + 4);
  if (desired > upLimit)
    return {
      desired: Math.min(upLimit, max),
      limited: {
        reason: 'ScaleUpLimit',
        message: 'the desired replica count is increasing faster than the maximum scale rate',
      },
    };
  if (desired > max)
    return {
      desired: max,
      limited: {
        reason: 'TooManyReplicas',
        message: 'the desired replica count is more than the maximum replica count',
      },
    };
  if (desired < min)
    return {
      desired: min,
      limited: {
        reason: 'TooFewReplicas',
        message: 'the desired replica count is less than the minimum replica count',
      },
    };
  desired = Math.max(desired, 0);
  return { desired };
}

function conditions(hpa: KubeObject, rescaled: boolean, decision: Decision, now: number): Json[] {
  const previous: JsonAny[] = Array.isArray(hpa.status?.conditions) ? hpa.status.conditions : [];
  const at = toTimestamp(now);
  const condition = (type: string, status: string, reason: string, message: string): Json => {
    const old = previous.find((c) => c?.type === type);
    const lastTransitionTime = old && old.status === status ? old.lastTransitionTime : at;
    return { type, status, lastTransitionTime, reason, message };
  };
  return [
    rescaled
      ? condition(
          'AbleToScale',
          'True',
          'SucceededRescale',
          `the HPA controller was able to update the target scale to ${decision.desired}`,
        )
      : condition('AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size'),
    condition(
      'ScalingActive',
      'True',
      'ValidMetricFound',
      'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)',
    ),
    decision.limited
      ? condition('ScalingLimited', 'True', decision.limited.reason, decision.limited.message)
      : condition(
          'ScalingLimited',
          'False',
          'DesiredWithinRange',
          'the desired count is within the acceptable range',
        ),
  ];
}

/** The Deployment the HPA scales (scaleTargetRef), in the HPA's namespace. */
function targetOf(cluster: Cluster, hpa: KubeObject): KubeObject | undefined {
  const ref = hpa.spec?.scaleTargetRef;
  if (ref?.kind !== 'Deployment' || typeof ref.name !== 'string') return undefined;
  return cluster.store.get({
    group: 'apps',
    kind: 'Deployment',
    namespace: hpa.metadata.namespace ?? 'default',
    name: ref.name,
  });
}

function refOfTarget(hpa: KubeObject, target: KubeObject): ObjectRef {
  return {
    group: 'apps',
    kind: 'Deployment',
    namespace: hpa.metadata.namespace ?? 'default',
    name: target.metadata.name ?? '',
  };
}
