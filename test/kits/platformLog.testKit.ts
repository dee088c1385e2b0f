import type { SimEvent } from '../../src/engine/events';

/**
 * Hand-built event logs of several Applications (contract.md §1.4) for the unit tests of src/ui/platform
 * (nothing in the product imports this). They follow argocd-semantics.md §5.1-§5.2 as the engine will write
 * them, so the page can be built before the control plane exists.
 *
 * `appOfApps`: a parent `platform` (synced by admin at t 0) applies the child Applications `projects` and
 * `namespaces` in wave -1 and `checkout` and `payments` in wave 0; every child auto-syncs at once. With
 * `health` (the argocd-cm Lua for argoproj.io_Application) the parent waits in wave -1 until both children are
 * Healthy; without it the children have no health and the parent goes on after the wave delay alone.
 *
 * `progressiveSync`: the ApplicationSet `platform-stack` rolls out platform-database, platform-backend and
 * platform-frontend, one step each; with `failBackend` the backend's Deployment never becomes Healthy and
 * step 3 never starts.
 */
export function appOfAppsLog(options: { health: boolean }): SimEvent[] {
  const e: SimEvent[] = [];
  const child = (t: number, name: string, wave: number) => {
    e.push(
      // prettier-ignore
      { t, type: 'apply', app: 'platform', group: 'argoproj.io', kind: 'Application', namespace: 'argocd', name, phase: 'Sync', wave, hook: false, result: 'created', message: `application.argoproj.io/${name} created` },
      // prettier-ignore
      { t, type: 'result', app: 'platform', group: 'argoproj.io', kind: 'Application', namespace: 'argocd', name, syncPhase: 'Sync', wave, hookType: '', status: 'Synced', hookPhase: 'Running', message: `application.argoproj.io/${name} created` },
      { t, type: 'app', app: name, sync: 'OutOfSync', health: 'Missing', message: '' },
      { t, type: 'app-operation', app: name, initiator: '', automated: true },
      { t, type: 'operation', app: name, phase: 'Running', message: 'one or more tasks are running' },
      { t, type: 'step', app: name, phase: 'Sync', wave: 0 },
    );
    if (options.health)
      e.push({ t, type: 'health', app: 'platform', group: 'argoproj.io', kind: 'Application', namespace: 'argocd', name, status: 'Progressing', message: '', hook: false }); // prettier-ignore
  };
  const childDone = (t: number, name: string, wave: number, ends: boolean) => {
    e.push(
      { t, type: 'operation', app: name, phase: 'Succeeded', message: 'successfully synced (all tasks run)' },
      { t, type: 'app', app: name, sync: 'Synced', health: 'Healthy', message: '' },
    );
    if (options.health)
      e.push({ t, type: 'health', app: 'platform', group: 'argoproj.io', kind: 'Application', namespace: 'argocd', name, status: 'Healthy', message: '', hook: false }); // prettier-ignore
    if (ends || !options.health)
      e.push({ t: Math.max(t, 0), type: 'result', app: 'platform', group: 'argoproj.io', kind: 'Application', namespace: 'argocd', name, syncPhase: 'Sync', wave, hookType: '', status: 'Synced', hookPhase: 'Succeeded', message: `application.argoproj.io/${name} created` }); // prettier-ignore
  };
  const resource = (t: number, app: string, kind: string, group: string, namespace: string, name: string) =>
    // prettier-ignore
    e.push(
      { t, type: 'apply', app, group, kind, namespace, name, phase: 'Sync', wave: 0, hook: false, result: 'created', message: `${kind.toLowerCase()}/${name} created` },
      { t, type: 'result', app, group, kind, namespace, name, syncPhase: 'Sync', wave: 0, hookType: '', status: 'Synced', hookPhase: 'Running', message: `${kind.toLowerCase()}/${name} created` },
      { t, type: 'sync-status', app, group, kind, namespace, name, status: 'Synced' },
    );
  const healthOf = (t: number, app: string, kind: string, group: string, namespace: string, name: string, status: 'Progressing' | 'Healthy', message = '') =>
    e.push({ t, type: 'health', app, group, kind, namespace, name, status, message, hook: false }); // prettier-ignore

  e.push(
    { t: 0, type: 'app', app: 'platform', sync: 'OutOfSync', health: 'Healthy', message: '' },
    { t: 0, type: 'app-operation', app: 'platform', initiator: 'admin', automated: false },
    { t: 0, type: 'operation', app: 'platform', phase: 'Running', message: 'one or more tasks are running' },
    { t: 0, type: 'step', app: 'platform', phase: 'Sync', wave: -1 },
  );
  child(0, 'projects', -1);
  child(0, 'namespaces', -1);
  resource(0, 'projects', 'AppProject', 'argoproj.io', 'argocd', 'team');
  resource(0, 'namespaces', 'Namespace', '', '', 'checkout');
  healthOf(0, 'namespaces', 'Namespace', '', '', 'checkout', 'Progressing');
  e.push({ t: 0, type: 'operation', app: 'namespaces', phase: 'Running', message: 'waiting for healthy state of /Namespace/checkout' }); // prettier-ignore
  if (options.health)
    e.push({ t: 0, type: 'operation', app: 'platform', phase: 'Running', message: 'waiting for healthy state of argoproj.io/Application/namespaces and 1 more resources' }); // prettier-ignore
  childDone(1, 'projects', -1, false);
  if (options.health)
    e.push({ t: 1, type: 'operation', app: 'platform', phase: 'Running', message: 'waiting for healthy state of argoproj.io/Application/namespaces' }); // prettier-ignore
  healthOf(3, 'namespaces', 'Namespace', '', '', 'checkout', 'Healthy');
  childDone(3, 'namespaces', -1, false);

  // Wave 0 follows the wave delay (2 s) after wave -1 is done: at once after apply without the Lua, after the
  // children are Healthy (t 3) with it.
  const wave0 = options.health ? 5 : 2;
  e.push(
    { t: wave0 - 2, type: 'wave-delay', app: 'platform', phase: 'Sync', wave: -1, seconds: 2 },
    { t: wave0, type: 'step', app: 'platform', phase: 'Sync', wave: 0 },
  );
  child(wave0, 'checkout', 0);
  child(wave0, 'payments', 0);
  for (const name of ['checkout', 'payments']) {
    resource(wave0, name, 'Deployment', 'apps', name, name);
    healthOf(wave0, name, 'Deployment', 'apps', name, name, 'Progressing', 'Waiting for rollout to finish: 0 of 2 updated replicas are available...'); // prettier-ignore
    e.push({ t: wave0, type: 'operation', app: name, phase: 'Running', message: `waiting for healthy state of apps/Deployment/${name}` }); // prettier-ignore
  }
  // The last wave is not waited for (argocd-semantics.md §5.2): the parent ends right after applying it.
  e.push(
    {
      t: wave0,
      type: 'operation',
      app: 'platform',
      phase: 'Succeeded',
      message: 'successfully synced (all tasks run)',
    },
    { t: wave0, type: 'app', app: 'platform', sync: 'Synced', health: options.health ? 'Progressing' : 'Healthy', message: '' }, // prettier-ignore
  );
  healthOf(wave0 + 10, 'payments', 'Deployment', 'apps', 'payments', 'payments', 'Healthy');
  childDone(wave0 + 10, 'payments', 0, false);
  healthOf(wave0 + 15, 'checkout', 'Deployment', 'apps', 'checkout', 'checkout', 'Healthy');
  childDone(wave0 + 15, 'checkout', 0, false);
  if (options.health) e.push({ t: wave0 + 15, type: 'app', app: 'platform', sync: 'Synced', health: 'Healthy', message: '' }); // prettier-ignore
  return e.sort((a, b) => a.t - b.t);
}

const stackApps = ['platform-database', 'platform-backend', 'platform-frontend'];

export function progressiveSyncLog(options: { failBackend?: boolean } = {}): SimEvent[] {
  const e: SimEvent[] = [];
  const status = (t: number, app: string, step: string, s: 'Waiting' | 'Pending' | 'Progressing' | 'Healthy', message: string) =>
    e.push({ t, type: 'appset-status', appset: 'platform-stack', app, step, status: s, message }); // prettier-ignore
  for (const app of stackApps)
    e.push({ t: 0, type: 'app', app, sync: 'OutOfSync', health: 'Missing', message: '' });
  stackApps.forEach((app, i) => status(0, app, String(i + 1), 'Waiting', 'No Application status found, defaulting status to Waiting')); // prettier-ignore
  let t = 0;
  for (const [i, app] of stackApps.entries()) {
    const step = String(i + 1);
    status(t, app, step, 'Pending', 'Application moved to Pending status, watching for the Application resource to start Progressing'); // prettier-ignore
    e.push(
      { t, type: 'app-operation', app, initiator: 'applicationset-controller', automated: true },
      { t, type: 'operation', app, phase: 'Running', message: 'one or more tasks are running' },
      { t, type: 'step', app, phase: 'Sync', wave: 0 },
      // prettier-ignore
      { t, type: 'apply', app, group: 'apps', kind: 'Deployment', namespace: 'platform', name: app, phase: 'Sync', wave: 0, hook: false, result: 'created', message: `deployment.apps/${app} created` },
      // prettier-ignore
      { t, type: 'result', app, group: 'apps', kind: 'Deployment', namespace: 'platform', name: app, syncPhase: 'Sync', wave: 0, hookType: '', status: 'Synced', hookPhase: 'Running', message: `deployment.apps/${app} created` },
      // prettier-ignore
      { t, type: 'health', app, group: 'apps', kind: 'Deployment', namespace: 'platform', name: app, status: 'Progressing', message: 'Waiting for rollout to finish: 0 of 1 updated replicas are available...', hook: false },
      {
        t: t + 1,
        type: 'operation',
        app,
        phase: 'Succeeded',
        message: 'successfully synced (all tasks run)',
      },
      { t: t + 1, type: 'app', app, sync: 'Synced', health: 'Progressing', message: '' },
    );
    status(t + 1, app, step, 'Progressing', 'Application resource completed a sync successfully, updating status from Pending to Progressing'); // prettier-ignore
    if (options.failBackend && app === 'platform-backend') {
      // prettier-ignore
      e.push(
        { t: t + 600, type: 'health', app, group: 'apps', kind: 'Deployment', namespace: 'platform', name: app, status: 'Degraded', message: `Deployment "${app}" exceeded its progress deadline`, hook: false },
        { t: t + 600, type: 'app', app, sync: 'Synced', health: 'Degraded', message: '' },
      );
      break;
    }
    t += 10;
    // prettier-ignore
    e.push(
      { t, type: 'health', app, group: 'apps', kind: 'Deployment', namespace: 'platform', name: app, status: 'Healthy', message: '', hook: false },
      { t, type: 'app', app, sync: 'Synced', health: 'Healthy', message: '' },
    );
    status(t, app, step, 'Healthy', 'Application resource became Healthy, updating status from Progressing to Healthy'); // prettier-ignore
  }
  return e.sort((a, b) => a.t - b.t);
}
