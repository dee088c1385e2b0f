import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { runControlPlane, type ControlPlaneInput } from '../simulation/runControlPlane';
import { application, appProject } from '../../../test/kits/controlPlane.testKit';
import { deployment, job } from '../../../test/kits/simulation.testKit';

// Where Argo CD applies sync windows (at 37ee0097cf85): appcontroller.go L2002-L2019 (auto-sync),
// server/application/application.go L2091-L2097 (a sync asked by hand), controller/sync.go L191-L200 (a running
// operation; sync_test.go TestSyncWindowDeniesSync). t 0 is 2026-01-01T00:00:00Z.

const repo = (objects: KubeObject[]): RepoRevision => ({
  name: 'main',
  files: { 'shop/all.yaml': objects.map((object) => ({ object })) },
});

function project(...syncWindows: JsonAny[]): KubeObject {
  const p = appProject('release');
  return { ...p, spec: { ...p.spec, syncWindows } };
}

/** 23:50 for 30 minutes: active from 600 s before t 0 to t 1200. */
const denyAtStart = { kind: 'deny', schedule: '50 23 * * *', duration: '30m', applications: ['*'] };

function run(objects: KubeObject[], overrides: Partial<ControlPlaneInput> = {}) {
  return runControlPlane({
    repository: repo([deployment('shop', { readySeconds: 2 })]),
    objects,
    untilSeconds: 1800,
    ...overrides,
  });
}

const ops = (events: SimEvent[]) => events.filter((e) => e.type === 'app-operation');
const operationEvents = (events: SimEvent[]) => events.filter((e) => e.type === 'operation');

describe('auto-sync in a deny window (appcontroller.go L2002-L2019)', () => {
  const shop = application('shop', { path: 'shop', project: 'release', automated: { prune: true } });
  const result = run([project(denyAtStart), shop]);

  it('does not start, says only "Sync prevented by sync window", and sets no condition', () => {
    const prevented = result.events.filter((e) => e.type === 'sync-window');
    expect(prevented[0]).toMatchObject({
      t: 0,
      app: 'shop',
      automated: true,
      message: 'Sync prevented by sync window',
      windows: ['deny:50 23 * * *:30m'],
    });
    expect(ops(result.events).every((e) => e.t > 1200)).toBe(true);
    const conditions = (result.application.status.conditions ?? []) as JsonAny[];
    expect(conditions.filter((c) => c.type === 'SyncError')).toEqual([]);
  });

  it('starts at the first periodic refresh after the window closes, not when it closes', () => {
    const [first] = ops(result.events);
    expect(first.t).toBeGreaterThan(1200);
    // The informer resyncs every 120 s (t 1200 is one), then each app waits its seeded jitter in [0, 60) s.
    expect(first.t).toBeLessThan(1260);
    expect(first.t % 120).not.toBe(0);
    expect(result.application.status.sync.status).toBe('Synced');
  });
});

describe('a sync asked by hand in a deny window (server/application/application.go L2091-L2097)', () => {
  const shop = application('shop', { path: 'shop', project: 'release' });

  it('is refused with "cannot sync: blocked by sync window", and the run says so', () => {
    const result = run([project(denyAtStart), shop]);
    expect(result.warnings).toContain('sync shop: cannot sync: blocked by sync window');
    expect(result.events.find((e) => e.type === 'sync-window')).toMatchObject({
      t: 0,
      automated: false,
      message: 'cannot sync: blocked by sync window',
    });
    expect(ops(result.events)).toEqual([]);
  });

  it('goes through when every active deny window has manualSync (TestSyncWindows_CanSync)', () => {
    const result = run([project({ ...denyAtStart, manualSync: true }), shop]);
    expect(result.warnings).toEqual([]);
    expect(ops(result.events)[0]).toMatchObject({ t: 0, initiator: 'admin' });
    expect(result.application.status.operationState.phase).toBe('Succeeded');
  });
});

describe('TestSyncWindowDeniesSync (controller/sync.go L191-L200): a deny window that opens mid-sync', () => {
  // The sync starts at t 0; a PreSync hook runs 90 s; the window is active from t 60 to t 360.
  const objects = [
    job('migrate', { hook: 'PreSync', runSeconds: 90 }),
    deployment('shop', { readySeconds: 2 }),
  ];
  const denyWindow = { kind: 'deny', schedule: '1 0 * * *', duration: '5m', applications: ['shop'] };
  const shop = application('shop', { path: 'shop', project: 'release' });
  const runWith = (w: JsonAny) => run([project(w), shop], { repository: repo(objects) });

  it('holds the operation Running with "Sync operation blocked by sync window" until the window closes', () => {
    const result = runWith(denyWindow);
    const held = operationEvents(result.events).find(
      (e) => e.message === 'Sync operation blocked by sync window',
    );
    expect(held).toMatchObject({ phase: 'Running' });
    // The run says once which window holds it.
    expect(result.events.filter((e) => e.type === 'sync-window')).toEqual([
      expect.objectContaining({ t: held!.t, automated: false, windows: ['deny:1 0 * * *:5m'] }),
    ]);
    expect(held!.t).toBeGreaterThan(60);
    const applied = result.events.find((e) => e.type === 'apply' && e.kind === 'Deployment');
    expect(applied!.t).toBeGreaterThan(360);
    expect(result.application.status.operationState.phase).toBe('Succeeded');
  });

  it('holds a termination too: it stays Terminating until the window closes (SyncAppState returns before Terminate)', () => {
    const result = run([project(denyWindow), shop], {
      repository: repo(objects),
      actions: [{ at: 120, type: 'terminate', app: 'shop' }],
    });
    const phases = operationEvents(result.events).map((e) => [e.t, e.phase, e.message]);
    expect(phases).toContainEqual([120, 'Terminating', 'operation is terminating']);
    const end = operationEvents(result.events).at(-1)!;
    expect(end).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
    expect(end.t).toBeGreaterThan(360);
  });

  it('lets it finish when the window has syncOverrun (TestSyncWindows_SyncOverrun, Argo CD 3.5)', () => {
    const result = runWith({ ...denyWindow, syncOverrun: true });
    expect(operationEvents(result.events).some((e) => e.message.startsWith('Sync operation blocked'))).toBe(
      false,
    );
    const applied = result.events.find((e) => e.type === 'apply' && e.kind === 'Deployment');
    expect(applied!.t).toBeLessThan(120);
  });

  it('holds an automated operation (as RollingSync writes it) even when the window has manualSync', () => {
    const rolling: KubeObject = {
      ...shop,
      operation: {
        initiatedBy: { username: 'applicationset-controller', automated: true },
        info: [
          {
            name: 'Reason',
            value: 'ApplicationSet RollingSync triggered a sync of this Application resource',
          },
        ],
        sync: {},
      },
    };
    const result = run([project({ ...denyAtStart, manualSync: true }), rolling]);
    const first = operationEvents(result.events).find((e) => e.t === 0 && e.message !== '');
    expect(first).toMatchObject({ phase: 'Running', message: 'Sync operation blocked by sync window' });
    const applied = result.events.find((e) => e.type === 'apply' && e.kind === 'Deployment');
    expect(applied!.t).toBeGreaterThan(1200);
  });
});

describe('TestProcessRequestedAppOperation_SyncTimeout (appcontroller.go L1585-L1607, L1693-L1697)', () => {
  const cmdParams = (seconds: string): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'argocd-cmd-params-cm', namespace: 'argocd' },
    data: { 'controller.sync.timeout.seconds': seconds },
  });

  it('Terminate when running operation exceeded timeout: SyncFail hooks do not run', () => {
    const objects = [
      job('migrate', { hook: 'PreSync', runSeconds: 100_000 }),
      job('notify', { hook: 'SyncFail', runSeconds: 1 }),
      deployment('shop'),
    ];
    const shop = application('shop', { path: 'shop' });
    const result = run([cmdParams('60'), shop], { repository: repo(objects) });
    const phases = operationEvents(result.events).map((e) => [e.t, e.phase, e.message]);
    expect(phases).toContainEqual([60, 'Terminating', 'operation is terminating due to timeout']);
    expect(phases.at(-1)).toEqual([
      60,
      'Failed',
      'Operation terminated, triggered by controller sync timeout',
    ]);
    expect(result.events.some((e) => e.type === 'apply' && e.name === 'notify')).toBe(false);
  });

  it('Terminate when retried operation exceeded timeout: counted from the first start, the pending retry cancelled', () => {
    const objects = [job('migrate', { hook: 'PreSync', script: 'exit 1' }), deployment('shop')];
    const shop = application('shop', {
      path: 'shop',
      retry: { limit: 5, backoff: { duration: '20s', factor: 2 } },
    });
    const result = run([cmdParams('45'), shop], { repository: repo(objects) });
    const last = operationEvents(result.events).at(-1)!;
    expect(last.t).toBe(45);
    expect(last.phase).toBe('Failed');
    expect(last.message).toMatch(
      /^Operation terminated, triggered by controller sync timeout \(retried [12] times\)\.$/,
    );
    expect(result.events.filter((e) => e.type === 'step' && e.t > 45)).toEqual([]);
  });

  it('without a timeout (the default 0) the operation keeps waiting', () => {
    const objects = [job('migrate', { hook: 'PreSync', runSeconds: 100_000 }), deployment('shop')];
    const result = run([application('shop', { path: 'shop' })], {
      repository: repo(objects),
      untilSeconds: 300,
    });
    expect(result.application.status.operationState.phase).toBe('Running');
  });

  it('the compare view’s knob stands in for the ConfigMap', () => {
    const objects = [job('migrate', { hook: 'PreSync', runSeconds: 100_000 }), deployment('shop')];
    const result = run([application('shop', { path: 'shop' })], {
      repository: repo(objects),
      syncTimeoutSeconds: 30,
    });
    expect(operationEvents(result.events).at(-1)).toMatchObject({ t: 30, phase: 'Failed' });
  });
});
