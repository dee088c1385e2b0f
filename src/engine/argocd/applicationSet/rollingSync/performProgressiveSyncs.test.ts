import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../../../types';
import { setApplicationSetStatusConditions, errorCondition } from '../conditions';
import type { ApplicationStatusEntry } from './applicationStatus';
import { performProgressiveSyncs } from './performProgressiveSyncs';
import { syncDesiredApplications } from './syncApplication';
import { application, rollingSyncSet } from '../../../../../test/kits/rollingSync.testKit';

/** The article's platform-stack: three steps by `tier` label, maxUpdate 100%. */
const steps = ['database', 'backend', 'frontend'].map((tier) => ({
  matchExpressions: [{ key: 'tier', operator: 'In', values: [tier] }],
  maxUpdate: '100%',
}));

const desired = ['database', 'backend', 'frontend'].map((tier) =>
  application(
    `platform-${tier}`,
    { tier },
    {},
    { project: 'default', syncPolicy: { automated: { prune: true } } },
  ),
);

function live(name: string, status: JsonAny): KubeObject {
  const app = desired.find((a) => a.metadata.name === name) as KubeObject;
  return {
    ...app,
    spec: { ...app.spec, syncPolicy: { automated: { prune: true, enabled: false } } },
    status,
  };
}

const outOfSync = {
  reconciledAt: '2026-01-01T00:00:00Z',
  sync: { status: 'OutOfSync', revision: 'r1' },
  health: { status: 'Missing' },
};
const synced = (health: string, startedAt: string, at: string) => ({
  reconciledAt: at,
  sync: { status: 'Synced', revision: 'r1' },
  health: { status: health },
  operationState: { phase: 'Succeeded', startedAt },
});

/** Runs one reconcile and returns the new entries (what the controller persists) and the outcome. */
function reconcile(entries: ApplicationStatusEntry[] | undefined, apps: KubeObject[], now: string) {
  const set = rollingSyncSet(steps, entries);
  return performProgressiveSyncs(set, apps, desired, { now });
}
const summary = (entries: ApplicationStatusEntry[]) =>
  entries.map((e) => `${e.application}:${e.step}:${e.status}`);

// The article's rollout at the level of the status passes (§5.1 "The article's platform-stack", §5.7 case 111
// TestProgressiveSyncHealthGating / TestApplicationSetProgressiveSyncStep): each step starts only when the one
// before it is Healthy.
describe('performProgressiveSyncs: platform-stack', () => {
  it('gates each step on the health of the one before it', () => {
    const t0 = '2026-01-01T00:00:00Z';
    const apps = desired.map((a) => live(a.metadata.name as string, outOfSync));
    const first = reconcile(undefined, apps, t0);
    expect(summary(first.afterPass1)).toEqual([
      'platform-backend:2:Waiting',
      'platform-database:1:Waiting',
      'platform-frontend:3:Waiting',
    ]);
    expect(summary(first.afterPass2)).toEqual([
      'platform-backend:2:Waiting',
      'platform-database:1:Pending',
      'platform-frontend:3:Waiting',
    ]);
    expect(first.conditions.map((c) => [c.type, c.status, c.message])).toEqual([
      ['InvalidRolloutConfig', 'False', 'Rolling Sync Configured correctly'],
      ['RolloutProgressing', 'True', 'ApplicationSet is performing rollout of step 1'],
    ]);
    // Only the Pending database app gets an operation; every app has auto-sync forced off.
    const written = syncDesiredApplications(desired, first.afterPass2, first.appsToSync);
    expect(
      written.map((a) => [a.metadata.name, a.operation !== undefined, a.spec.syncPolicy.automated]),
    ).toEqual([
      ['platform-database', true, { prune: true, enabled: false }],
      ['platform-backend', false, { prune: true, enabled: false }],
      ['platform-frontend', false, { prune: true, enabled: false }],
    ]);
    expect(written[0].operation.sync.prune).toBe(true);

    // The database sync completes (started after the Pending write), its workloads are still progressing.
    const t10 = '2026-01-01T00:00:10Z';
    const dbSynced = [
      live('platform-database', synced('Progressing', '2026-01-01T00:00:01Z', t10)),
      apps[1],
      apps[2],
    ];
    const second = reconcile(first.afterPass2, dbSynced, t10);
    expect(summary(second.afterPass2)).toContain('platform-database:1:Progressing');
    expect(summary(second.afterPass2)).toContain('platform-backend:2:Waiting');

    // Database Healthy → Healthy, and at once the backend becomes Pending; the frontend still waits.
    const t20 = '2026-01-01T00:00:20Z';
    const dbHealthy = [
      live('platform-database', synced('Healthy', '2026-01-01T00:00:01Z', t10)),
      apps[1],
      apps[2],
    ];
    const third = reconcile(second.afterPass2, dbHealthy, t20);
    expect(summary(third.afterPass2)).toEqual([
      'platform-backend:2:Pending',
      'platform-database:1:Healthy',
      'platform-frontend:3:Waiting',
    ]);
    expect(third.conditions[1].message).toBe('ApplicationSet is performing rollout of step 2');
  });

  it('never starts the frontend step while the backend is not Healthy (the failing-backend variant)', () => {
    const at = '2026-01-01T00:01:00Z';
    const entries: ApplicationStatusEntry[] = [
      {
        application: 'platform-backend',
        status: 'Progressing',
        message: '',
        step: '2',
        targetRevisions: ['r1'],
        lastTransitionTime: at,
      },
      {
        application: 'platform-database',
        status: 'Healthy',
        message: '',
        step: '1',
        targetRevisions: ['r1'],
        lastTransitionTime: at,
      },
      {
        application: 'platform-frontend',
        status: 'Waiting',
        message: '',
        step: '3',
        targetRevisions: ['r1'],
        lastTransitionTime: at,
      },
    ];
    const apps = [
      live('platform-database', synced('Healthy', at, at)),
      live('platform-backend', {
        ...synced('Degraded', at, at),
        operationState: { phase: 'Failed', startedAt: at },
      }),
      live('platform-frontend', outOfSync),
    ];
    const result = reconcile(entries, apps, '2026-01-01T00:05:00Z');
    expect(summary(result.afterPass2)).toContain('platform-frontend:3:Waiting');
    expect(result.appsToSync.has('platform-frontend')).toBe(false);
    expect(result.conditions[1].message).toBe('ApplicationSet is performing rollout of step 2');
  });

  it('moves one app at a time with maxUpdate 1 over two apps in a step', () => {
    const oneStep = rollingSyncSet([
      { matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }], maxUpdate: 1 },
    ]);
    const web = ['web-a', 'web-b'].map((name) =>
      application(name, { tier: 'web' }, outOfSync, { project: 'default' }),
    );
    const result = performProgressiveSyncs(oneStep, web, web, { now: '2026-01-01T00:00:00Z' });
    expect(summary(result.afterPass2)).toEqual(['web-a:1:Pending', 'web-b:1:Waiting']);
  });
});

// Mirrors e2e TestNoApplicationStatusWhenNoSteps's conditions (§5.7 case 112): the reconcile stops with this error.
describe('TestNoApplicationStatusWhenNoSteps (conditions)', () => {
  it('reports ErrorOccurred True, ParametersGenerated True and ResourcesUpToDate False with the same message', () => {
    const { conditions } = setApplicationSetStatusConditions(
      [],
      [errorCondition('ApplicationSetRolloutError', 'No steps defined for rollout')],
      true,
      true,
      '2026-01-01T00:00:00Z',
    );
    expect(conditions.map((c) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['ErrorOccurred', 'True', 'ApplicationSetRolloutError', 'No steps defined for rollout'],
      [
        'ParametersGenerated',
        'True',
        'ParametersGenerated',
        'Successfully generated parameters for all Applications',
      ],
      ['ResourcesUpToDate', 'False', 'ErrorOccurred', 'No steps defined for rollout'],
    ]);
  });
});
