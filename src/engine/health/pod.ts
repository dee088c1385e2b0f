import { annotationIgnoreRestartPolicy } from '../annotations';
import type { HealthStatus, JsonAny, KubeObject } from '../types';
import { conditionsOf, int, str } from './fields';

/**
 * Health of a v1 Pod (argocd-semantics.md §3.6). `isHook` matters because the ignore-restart-policy
 * annotation is disregarded on hooks: a hook pod must exit 0 to count as done, or a PreSync hook would be
 * declared finished while it still runs.
 */
export function podHealth(pod: KubeObject, isHook: boolean): HealthStatus {
  const restartPolicy = str(pod.spec?.restartPolicy);
  const status = pod.status ?? {};
  const message = str(status.message);
  const longRunning =
    restartPolicy === 'Always' ||
    (pod.metadata.annotations?.[annotationIgnoreRestartPolicy] === 'true' && !isHook);

  // §3.6 rule 1: waiting reasons that mean the container cannot start (init containers are not looked at).
  if (longRunning) {
    const errors = containerStatuses(status.containerStatuses)
      .map((c) => c.state?.waiting)
      .filter((w) => w != null && isErrorReason(str(w.reason)));
    if (errors.length > 0)
      return { status: 'Degraded', message: errors.map((w) => str(w.message)).join(', ') };
  }

  // §3.6 rule 2, by phase.
  switch (status.phase) {
    case 'Pending':
      return { status: 'Progressing', message };
    case 'Succeeded':
      return { status: 'Healthy', message };
    case 'Failed':
      return { status: 'Degraded', message: message || failureMessage(status) };
    case 'Running':
      if (longRunning) {
        if (conditionsOf(status.conditions).some((c) => c.type === 'Ready' && c.status === 'True')) {
          return { status: 'Healthy', message };
        }
        const restarted = containerStatuses(status.containerStatuses).some(
          (c) => c.lastState?.terminated != null,
        );
        return { status: restarted ? 'Degraded' : 'Progressing', message };
      }
      // Finite pods (usually hooks) are only Healthy once they have Succeeded.
      if (restartPolicy === 'OnFailure' || restartPolicy === 'Never')
        return { status: 'Progressing', message };
  }
  return { status: 'Unknown', message };
}

function containerStatuses(list: JsonAny): JsonAny[] {
  return Array.isArray(list) ? list.filter((c) => c !== null && typeof c === 'object') : [];
}

/** `ErrImagePull`, `CreateContainerConfigError`, `ImagePullBackOff`, `CrashLoopBackOff` … */
function isErrorReason(reason: string): boolean {
  return reason.startsWith('Err') || reason.endsWith('Error') || reason.endsWith('BackOff');
}

/** The first container (init containers first) that tells why it terminated, as Argo CD words it. */
function failureMessage(status: JsonAny): string {
  for (const c of [
    ...containerStatuses(status.initContainerStatuses),
    ...containerStatuses(status.containerStatuses),
  ]) {
    const terminated = c.state?.terminated;
    if (terminated == null) continue;
    if (str(terminated.message) !== '') return str(terminated.message);
    if (terminated.reason === 'OOMKilled') return 'OOMKilled';
    if (int(terminated.exitCode) !== 0) {
      return `container "${str(c.name)}" failed with exit code ${int(terminated.exitCode)}`;
    }
  }
  return '';
}
