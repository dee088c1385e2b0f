import type { HealthStatus, KubeObject } from '../types';

/**
 * Health of a v1 Service (argocd-semantics.md §3.8). Only a LoadBalancer waits, for its address; any entry in
 * `status.loadBalancer.ingress` counts, even an empty `{}`.
 */
export function serviceHealth(service: KubeObject): HealthStatus {
  if (service.spec?.type !== 'LoadBalancer') return { status: 'Healthy', message: '' };
  const ingress = service.status?.loadBalancer?.ingress;
  return { status: Array.isArray(ingress) && ingress.length > 0 ? 'Healthy' : 'Progressing', message: '' };
}
