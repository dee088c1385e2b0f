import type { HealthStatus, KubeObject } from '../types';
import { str } from './fields';

/**
 * Health of an Argo Workflow (`argoproj.io` Workflow, any version; argocd-semantics.md §3.10): the workflow's
 * own phase, with its message.
 */
export function workflowHealth(workflow: KubeObject): HealthStatus {
  const message = str(workflow.status?.message);
  switch (str(workflow.status?.phase)) {
    case '':
    case 'Pending':
    case 'Running':
      return { status: 'Progressing', message };
    case 'Succeeded':
      return { status: 'Healthy', message };
    case 'Failed':
    case 'Error':
      return { status: 'Degraded', message };
    default:
      return { status: 'Unknown', message };
  }
}
