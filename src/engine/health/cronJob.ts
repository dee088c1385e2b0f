import type { HealthStatus, KubeObject } from '../types';

/**
 * Health of a batch CronJob: Argo CD's built-in Lua check `resource_customizations/batch/CronJob/health.lua`
 * (argocd-semantics.md §3.11, cases in §4.7 #76), reimplemented. Timestamps are RFC 3339 strings and, as in the
 * Lua, compared as strings. A suspended CronJob is deliberately Healthy, not Suspended, so that it does not
 * hold up a sync.
 */
export function cronJobHealth(cronJob: KubeObject): HealthStatus {
  if (cronJob.spec?.suspend === true) return { status: 'Healthy', message: 'CronJob is Suspended' };
  const status = cronJob.status;
  if (status == null) return { status: 'Progressing', message: 'Waiting for CronJob' };
  // There is no telling from the status whether a schedule was missed, so a never-scheduled CronJob is Healthy.
  if (status.lastScheduleTime == null)
    return { status: 'Healthy', message: 'CronJob has not been scheduled yet' };
  // Current Argo CD wording (health.lua and its health_test.yaml); older releases said "The Cronjob never
  // completed succesfully".
  if (status.lastSuccessfulTime == null) {
    return { status: 'Healthy', message: 'The CronJob never completed successfully. It may not be healthy' };
  }
  if (Array.isArray(status.active) && status.active.length > 0) {
    return {
      status: 'Healthy',
      message: 'The job is running. Its last execution may not have been successful',
    };
  }
  if (String(status.lastSuccessfulTime) < String(status.lastScheduleTime)) {
    return { status: 'Degraded', message: 'CronJob has not completed its last execution successfully' };
  }
  return { status: 'Healthy', message: 'CronJob has completed its last execution successfully' };
}
