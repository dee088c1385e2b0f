import type { HealthStatus, KubeObject } from '../types';

/**
 * Health of an Ingress, `networking.k8s.io` or `extensions`, any version (argocd-semantics.md §3.8): Healthy
 * once the controller has published an address, even an empty `[{}]`.
 */
export function ingressHealth(ingress: KubeObject): HealthStatus {
  const entries = ingress.status?.loadBalancer?.ingress;
  return { status: Array.isArray(entries) && entries.length > 0 ? 'Healthy' : 'Progressing', message: '' };
}
