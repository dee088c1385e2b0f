import type { SimEvent } from '../../src/engine';

/**
 * A small hand-written event log for the unit tests of src/cursor (nothing in the product imports it): a
 * PreSync migration Job, the backend in Sync wave 0 and the frontend in wave 1, with a 2 s wave delay. With
 * `failMigration` the Job fails and the SyncFail hook `notify` runs instead of the Sync phase.
 */
export function sampleLog(options: { failMigration?: boolean } = {}): SimEvent[] {
  const job = { group: 'batch', kind: 'Job', namespace: 'shop' };
  const deploy = { group: 'apps', kind: 'Deployment', namespace: 'shop' };
  // prettier-ignore
  const start: SimEvent[] = [
    { t: 0, type: 'operation', phase: 'Running', message: 'one or more tasks are running' },
    { t: 0, type: 'app', sync: 'OutOfSync', health: 'Healthy', message: '' },
    { t: 0, type: 'step', phase: 'PreSync', wave: 0 },
    { t: 0, type: 'apply', ...job, name: 'migrate', phase: 'PreSync', wave: 0, hook: true, result: 'created', message: 'job.batch/migrate created' },
    { t: 0, type: 'result', ...job, name: 'migrate', syncPhase: 'PreSync', wave: 0, hookType: 'PreSync', status: 'Synced', hookPhase: 'Running', message: 'job.batch/migrate created' },
    { t: 0, type: 'operation', phase: 'Running', message: 'waiting for completion of hook batch/Job/migrate' },
    { t: 0.1, type: 'pod', namespace: 'shop', name: 'migrate-x1', state: 'Pending', ready: false, restarts: 0, ownerKind: 'Job', ownerName: 'migrate', image: 'shop/api:2.0', message: '' },
    { t: 1, type: 'health', ...job, name: 'migrate', status: 'Progressing', message: '', hook: true },
    { t: 2.5, type: 'pod', namespace: 'shop', name: 'migrate-x1', state: 'Running', ready: true, restarts: 0, ownerKind: 'Job', ownerName: 'migrate', image: 'shop/api:2.0', message: '' },
  ];
  if (options.failMigration) {
    // prettier-ignore
    return [
      ...start,
      { t: 6, type: 'pod', namespace: 'shop', name: 'migrate-x1', state: 'Error', ready: false, restarts: 0, ownerKind: 'Job', ownerName: 'migrate', image: 'shop/api:2.0', message: 'exit code 1' },
      { t: 6.2, type: 'health', ...job, name: 'migrate', status: 'Degraded', message: 'Job has reached the specified backoff limit', hook: true },
      { t: 6.2, type: 'result', ...job, name: 'migrate', syncPhase: 'PreSync', wave: 0, hookType: 'PreSync', status: 'Synced', hookPhase: 'Failed', message: 'Job has reached the specified backoff limit' },
      { t: 6.2, type: 'apply', ...job, name: 'notify', phase: 'SyncFail', wave: 0, hook: true, result: 'created', message: 'job.batch/notify created' },
      { t: 6.2, type: 'result', ...job, name: 'notify', syncPhase: 'SyncFail', wave: 0, hookType: 'SyncFail', status: 'Synced', hookPhase: 'Running', message: 'job.batch/notify created' },
      { t: 6.2, type: 'operation', phase: 'Running', message: 'waiting for completion of hook batch/Job/notify' },
      { t: 9, type: 'result', ...job, name: 'notify', syncPhase: 'SyncFail', wave: 0, hookType: 'SyncFail', status: 'Synced', hookPhase: 'Succeeded', message: '' },
      { t: 9, type: 'operation', phase: 'Failed', message: 'one or more synchronization tasks completed unsuccessfully' },
    ];
  }
  // prettier-ignore
  return [
    ...start,
    { t: 6, type: 'pod', namespace: 'shop', name: 'migrate-x1', state: 'Completed', ready: false, restarts: 0, ownerKind: 'Job', ownerName: 'migrate', image: 'shop/api:2.0', message: '' },
    { t: 6.2, type: 'health', ...job, name: 'migrate', status: 'Healthy', message: '', hook: true },
    { t: 6.2, type: 'result', ...job, name: 'migrate', syncPhase: 'PreSync', wave: 0, hookType: 'PreSync', status: 'Synced', hookPhase: 'Succeeded', message: '' },
    { t: 6.2, type: 'step', phase: 'Sync', wave: 0 },
    { t: 6.2, type: 'apply', ...deploy, name: 'backend', phase: 'Sync', wave: 0, hook: false, result: 'created', message: 'deployment.apps/backend created' },
    { t: 6.2, type: 'result', ...deploy, name: 'backend', syncPhase: 'Sync', wave: 0, hookType: '', status: 'Synced', hookPhase: 'Running', message: 'deployment.apps/backend created' },
    { t: 6.2, type: 'wave-delay', phase: 'Sync', wave: 0, seconds: 2 },
    { t: 8.2, type: 'operation', phase: 'Running', message: 'waiting for healthy state of apps/Deployment/backend' },
    { t: 8.3, type: 'pod', namespace: 'shop', name: 'backend-7f-a', state: 'Pending', ready: false, restarts: 0, ownerKind: 'Deployment', ownerName: 'backend', image: 'shop/api:2.0', message: '' },
    { t: 8.3, type: 'health', ...deploy, name: 'backend', status: 'Progressing', message: 'Waiting for rollout to finish: 0 of 1 updated replicas are available...', hook: false },
    { t: 12, type: 'pod', namespace: 'shop', name: 'backend-7f-a', state: 'Ready', ready: true, restarts: 0, ownerKind: 'Deployment', ownerName: 'backend', image: 'shop/api:2.0', message: '' },
    { t: 12, type: 'health', ...deploy, name: 'backend', status: 'Healthy', message: '', hook: false },
    { t: 12.1, type: 'result', ...deploy, name: 'backend', syncPhase: 'Sync', wave: 0, hookType: '', status: 'Synced', hookPhase: 'Succeeded', message: 'deployment.apps/backend created' },
    { t: 12.1, type: 'step', phase: 'Sync', wave: 1 },
    { t: 12.1, type: 'apply', ...deploy, name: 'frontend', phase: 'Sync', wave: 1, hook: false, result: 'created', message: 'deployment.apps/frontend created' },
    { t: 12.1, type: 'result', ...deploy, name: 'frontend', syncPhase: 'Sync', wave: 1, hookType: '', status: 'Synced', hookPhase: 'Running', message: 'deployment.apps/frontend created' },
    { t: 12.1, type: 'delete', ...job, name: 'migrate', reason: 'HookSucceeded' },
    { t: 12.1, type: 'operation', phase: 'Succeeded', message: 'successfully synced (all tasks run)' },
    { t: 12.1, type: 'app', sync: 'Synced', health: 'Progressing', message: '' },
    { t: 12.2, type: 'object', ...job, name: 'migrate', action: 'deleted' },
    { t: 12.2, type: 'pod', namespace: 'shop', name: 'migrate-x1', state: 'Terminating', ready: false, restarts: 0, ownerKind: 'Job', ownerName: 'migrate', image: 'shop/api:2.0', message: '' },
    { t: 13, type: 'object', group: '', kind: 'Pod', namespace: 'shop', name: 'migrate-x1', action: 'deleted' },
    { t: 16, type: 'app', sync: 'Synced', health: 'Healthy', message: '' },
  ];
}
