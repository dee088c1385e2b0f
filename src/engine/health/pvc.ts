import type { HealthStatus, KubeObject } from '../types';

/** Health of a v1 PersistentVolumeClaim (argocd-semantics.md §3.7): the phase alone, with no message. */
export function pvcHealth(pvc: KubeObject): HealthStatus {
  switch (pvc.status?.phase) {
    case 'Bound':
      return { status: 'Healthy', message: '' };
    case 'Pending':
      return { status: 'Progressing', message: '' };
    case 'Lost':
      return { status: 'Degraded', message: '' };
    default:
      return { status: 'Unknown', message: '' };
  }
}
