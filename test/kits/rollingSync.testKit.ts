/**
 * Builders shared by the RollingSync tests: an ApplicationSet with steps and an Application with the status
 * fields the passes read. Test-only; it is excluded from nothing because it is pure data.
 */
import type { JsonAny, KubeObject } from '../../src/engine/types';
import type {
  ApplicationStatusEntry,
  ProgressiveSyncStatus,
} from '../../src/engine/argocd/applicationSet/rollingSync/applicationStatus';
import type { RolloutStep } from '../../src/engine/argocd/applicationSet/rollingSync/strategy';

export function rollingSyncSet(
  steps: RolloutStep[],
  applicationStatus?: ApplicationStatusEntry[],
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'name', namespace: 'argocd' },
    spec: { strategy: { type: 'RollingSync', rollingSync: { steps } } },
    status: applicationStatus ? { applicationStatus } : {},
  };
}

export function application(
  name: string,
  labels: Record<string, string> = {},
  status: JsonAny = {},
  spec: JsonAny = {},
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd', labels },
    spec,
    status,
  };
}

export function entry(
  app: string,
  status: ProgressiveSyncStatus,
  extra: Partial<ApplicationStatusEntry> = {},
): ApplicationStatusEntry {
  return {
    application: app,
    status,
    message: '',
    step: '1',
    lastTransitionTime: '2026-01-01T00:00:00Z',
    ...extra,
  };
}
