import type { HealthStatus, KubeObject } from '../types';
import { findCondition } from './fields';

/** Health of an apiregistration.k8s.io APIService, v1 or v1beta1 (argocd-semantics.md §3.10). */
export function apiServiceHealth(apiService: KubeObject): HealthStatus {
  const available = findCondition(apiService.status, 'Available');
  if (!available) return { status: 'Progressing', message: 'Waiting to be processed' };
  return {
    status: available.status === 'True' ? 'Healthy' : 'Progressing',
    message: `${available.reason}: ${available.message}`,
  };
}
