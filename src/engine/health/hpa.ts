import type { HealthStatus, JsonAny, KubeObject } from '../types';
import { conditionsOf, type Condition } from './fields';

/** autoscaling/v1 keeps the v2 conditions as JSON in this annotation. */
export const hpaConditionsAnnotation = 'autoscaling.alpha.kubernetes.io/conditions';

const waitingToAutoscale: HealthStatus = { status: 'Progressing', message: 'Waiting to Autoscale' };

/** (type, reason) pairs that make an HPA Degraded (argocd-semantics.md §3.9). */
const degradedStates: ReadonlyArray<readonly [string, string]> = [
  ['AbleToScale', 'FailedGetScale'],
  ['AbleToScale', 'FailedUpdateScale'],
  ['ScalingActive', 'FailedGetResourceMetric'],
  ['ScalingActive', 'FailedGetObjectMetric'],
  ['ScalingActive', 'FailedGetPodsMetric'],
  ['ScalingActive', 'FailedGetExternalMetric'],
  ['ScalingActive', 'FailedComputeMetricsReplicas'],
  ['ScalingActive', 'InvalidSelector'],
];

/**
 * Health of a HorizontalPodAutoscaler, autoscaling/v1 or v2 (argocd-semantics.md §3.9). Every condition is
 * checked for a degraded state first, so Degraded wins even when AbleToScale is True.
 */
export function hpaHealth(hpa: KubeObject): HealthStatus {
  const version = hpa.apiVersion.slice(hpa.apiVersion.indexOf('/') + 1);
  if (version !== 'v1') return assess(conditionsOf(hpa.status?.conditions));

  const annotation = hpa.metadata.annotations?.[hpaConditionsAnnotation];
  if (annotation === undefined) return waitingToAutoscale;
  let parsed: JsonAny;
  try {
    parsed = JSON.parse(annotation);
  } catch {
    // Go's decoder words its syntax errors differently from JSON.parse, and JSON.parse's wording changes
    // between Node versions, so the sandbox keeps Argo CD's prefix and a fixed explanation.
    return { status: 'Unknown', message: 'failed to convert conditions annotation to typed: invalid JSON' };
  }
  if (parsed !== null && !Array.isArray(parsed)) {
    return {
      status: 'Unknown',
      message: `failed to convert conditions annotation to typed: json: cannot unmarshal ${jsonKind(parsed)} into Go value of type []health.hpaCondition`,
    };
  }
  const conditions = conditionsOf(parsed);
  return conditions.length === 0 ? waitingToAutoscale : assess(conditions);
}

function assess(conditions: Condition[]): HealthStatus {
  const degraded = conditions.find((c) => degradedStates.some(([t, r]) => c.type === t && c.reason === r));
  if (degraded) return { status: 'Degraded', message: degraded.message };
  const healthy = conditions.find(
    (c) => (c.type === 'AbleToScale' || c.type === 'ScalingLimited') && c.status === 'True',
  );
  if (healthy) return { status: 'Healthy', message: healthy.message };
  return waitingToAutoscale;
}

/** The JSON type names Go's decoder uses in its "cannot unmarshal" errors. */
function jsonKind(value: JsonAny): string {
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'object' ? 'object' : typeof value;
}
