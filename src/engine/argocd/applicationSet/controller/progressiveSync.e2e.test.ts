/**
 * Progressive Syncs end to end: the ApplicationSet controller, the application controller and the fake cluster
 * in one run (runControlPlane), with real workloads. These are Argo CD's e2e tests
 * (test/e2e/applicationset_progressive_sync_test.go, argocd-semantics.md §5.7 cases 111, 112) and §5.1's walk of
 * the article's `platform-stack`.
 */
import { describe, expect, it } from 'vitest';
import type { AppOperationEvent, AppSetStatusEvent, SimEvent } from '../../../events';
import { runControlPlane, type ControlPlaneInput } from '../../../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../../../types';
import { startApplicationSetController } from './applicationSetController';

function deployment(name: string, image: string, extra: JsonAny = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: 1,
      progressDeadlineSeconds: 60,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image, ...extra }] },
      },
    },
  };
}

const repository = {
  name: 'main',
  files: {
    'database/postgres.yaml': [{ object: deployment('postgres', 'postgres:16') }],
    'backend/api.yaml': [{ object: deployment('backend-api', 'ghcr.io/stefanprodan/podinfo:6.7.1') }],
    'frontend/web.yaml': [{ object: deployment('frontend', 'nginx:1.27') }],
  },
};

const project: KubeObject = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'AppProject',
  metadata: { name: 'platform', namespace: 'argocd' },
  // CreateNamespace=true creates a Namespace, which the project must allow (sync.go validateSyncPermissions).
  spec: {
    sourceRepos: ['*'],
    destinations: [{ server: '*', namespace: '*' }],
    clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }],
  },
};

function platformStack(steps: JsonAny, elements?: JsonAny[]): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'platform-stack', namespace: 'argocd' },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [
        {
          list: {
            elements: elements ?? [
              { component: 'database', priority: '1' },
              { component: 'backend', priority: '2' },
              { component: 'frontend', priority: '3' },
            ],
          },
        },
      ],
      strategy: steps === undefined ? undefined : { type: 'RollingSync', rollingSync: { steps } },
      template: {
        metadata: { name: 'platform-{{.component}}', labels: { priority: '{{.priority}}' } },
        spec: {
          project: 'platform',
          source: {
            repoURL: 'https://github.com/org/manifests',
            targetRevision: 'main',
            path: '{{.component}}',
          },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'production' },
          syncPolicy: { syncOptions: ['CreateNamespace=true'] },
        },
      },
    },
  };
}

const threeSteps = ['1', '2', '3'].map((priority) => ({
  matchExpressions: [{ key: 'priority', operator: 'In', values: [priority] }],
  maxUpdate: '100%',
}));

function run(appSet: KubeObject, extra: Partial<ControlPlaneInput> = {}) {
  return runControlPlane({
    repository,
    objects: [project, appSet],
    progressiveSyncs: true,
    applicationSetController: startApplicationSetController,
    untilSeconds: 900,
    ...extra,
  });
}

const statuses = (events: SimEvent[]) =>
  events.filter((e): e is AppSetStatusEvent => e.type === 'appset-status');
const operations = (events: SimEvent[]) =>
  events.filter((e): e is AppOperationEvent => e.type === 'app-operation');
const conditions = (set: JsonAny) =>
  (set.status.conditions ?? []).map((c: JsonAny) => `${c.type} ${c.status} ${c.message}`);

/** The time of the first event matching `test`. */
function timeOf(events: SimEvent[], test: (e: SimEvent) => boolean): number {
  const found = events.find(test);
  expect(found, 'event present').toBeDefined();
  return found!.t;
}

describe('Progressive Syncs end to end (§5.1)', () => {
  it('TestApplicationSetProgressiveSyncStep: platform-stack rolls out step 1, 2, 3, each after the step before is Healthy', () => {
    const result = run(platformStack(threeSteps));
    const events = result.events;
    // t 0: the three apps are created, their first refreshes wake reconcile 2: three Waiting, then the database Pending.
    expect(
      statuses(events)
        .filter((e) => e.t === 0)
        .map((e) => `${e.app} ${e.status}`),
    ).toEqual([
      'platform-backend Waiting',
      'platform-database Waiting',
      'platform-frontend Waiting',
      'platform-database Pending',
    ]);
    expect(operations(events).map((e) => `${e.app} ${e.initiator} ${e.automated}`)).toEqual([
      'platform-database applicationset-controller true',
      'platform-backend applicationset-controller true',
      'platform-frontend applicationset-controller true',
    ]);
    for (const app of ['platform-database', 'platform-backend', 'platform-frontend']) {
      expect(
        statuses(events)
          .filter((e) => e.app === app)
          .map((e) => e.status),
      ).toEqual(['Waiting', 'Pending', 'Progressing', 'Healthy']);
    }
    const set = result.applicationSets[0];
    expect(
      set.status.applicationStatus.map((e: JsonAny) => `${e.application} ${e.step} ${e.status}`),
    ).toEqual(['platform-backend 2 Healthy', 'platform-database 1 Healthy', 'platform-frontend 3 Healthy']);
    expect(conditions(set)).toContain('RolloutProgressing False ApplicationSet Rollout has completed');
    for (const app of result.applications) {
      expect(app.status.sync.status).toBe('Synced');
      expect(app.status.health.status).toBe('Healthy');
      // Auto-sync is forced off on RollingSync apps only when the template has it; this one has none.
      expect(app.spec.syncPolicy.automated).toBeUndefined();
    }
  });

  it('TestProgressiveSyncHealthGating: the next step starts only once the step before is Healthy', () => {
    const events = run(platformStack(threeSteps)).events;
    const healthy = (app: string) =>
      timeOf(events, (e) => e.type === 'appset-status' && e.app === app && e.status === 'Healthy');
    const started = (app: string) => timeOf(events, (e) => e.type === 'app-operation' && e.app === app);
    expect(started('platform-backend')).toBe(healthy('platform-database'));
    expect(started('platform-frontend')).toBe(healthy('platform-backend'));
    // While the database is Progressing the others are still Waiting.
    const progressing = timeOf(
      events,
      (e) => e.type === 'appset-status' && e.app === 'platform-database' && e.status === 'Progressing',
    );
    expect(progressing).toBeGreaterThan(0);
    expect(healthy('platform-database')).toBeGreaterThan(progressing);
    // The database's Deployment turned Healthy before its app was Healthy in the set.
    const workloadHealthy = timeOf(
      events,
      (e) =>
        e.type === 'health' &&
        e.app === 'platform-database' &&
        e.kind === 'Deployment' &&
        e.status === 'Healthy',
    );
    expect(workloadHealthy).toBeLessThanOrEqual(healthy('platform-database'));
  });

  it('a failing backend holds the rollout at step 2: the frontend is never synced', () => {
    const result = run(platformStack(threeSteps), { fail: ['Deployment/backend-api'] });
    expect(operations(result.events).map((e) => e.app)).toEqual(['platform-database', 'platform-backend']);
    expect(conditions(result.applicationSets[0])).toContain(
      'RolloutProgressing True ApplicationSet is performing rollout of step 2',
    );
    const frontend = result.applications.find((a) => a.metadata.name === 'platform-frontend')!;
    expect(frontend.status.sync.status).toBe('OutOfSync');
    expect(result.endT).toBeLessThanOrEqual(900);
  });

  it('maxUpdate 1 over two apps of one step: they sync one after the other', () => {
    const steps = [
      { matchExpressions: [{ key: 'priority', operator: 'In', values: ['1'] }] },
      { matchExpressions: [{ key: 'priority', operator: 'In', values: ['2'] }], maxUpdate: 1 },
    ];
    const elements = [
      { component: 'database', priority: '1' },
      { component: 'backend', priority: '2' },
      { component: 'frontend', priority: '2' },
    ];
    const events = run(platformStack(steps, elements)).events;
    const backendHealthy = timeOf(
      events,
      (e) => e.type === 'appset-status' && e.app === 'platform-backend' && e.status === 'Healthy',
    );
    const frontendStarted = timeOf(
      events,
      (e) => e.type === 'app-operation' && e.app === 'platform-frontend',
    );
    expect(frontendStarted).toBe(backendHealthy);
  });

  it('TestNoApplicationStatusWhenNoSteps: no Application, no applicationStatus, the rollout error (§5.7 case 112)', () => {
    const result = run(platformStack([]));
    expect(result.applications).toEqual([]);
    const set = result.applicationSets[0];
    expect(set.status.applicationStatus).toBeUndefined();
    expect(conditions(set)).toEqual([
      'ErrorOccurred True No steps defined for rollout',
      'ParametersGenerated True Successfully generated parameters for all Applications',
      'ResourcesUpToDate False No steps defined for rollout',
    ]);
  });

  it('TestNoApplicationStatusWhenNoApplications: a list with no elements has no applicationStatus (§5.7 case 112)', () => {
    const result = run(platformStack(threeSteps, []));
    expect(result.applications).toEqual([]);
    const set = result.applicationSets[0];
    expect(set.status.applicationStatus).toBeUndefined();
    expect(conditions(set)).toContain('RolloutProgressing False ApplicationSet Rollout has completed');
  });

  it('TestReconcileProgressiveSyncDisabled: without --progressive-syncs the strategy is ignored and the apps auto-sync on their own (§5.7 case 116)', () => {
    const appSet = platformStack(threeSteps);
    appSet.spec.template.spec.syncPolicy = {
      automated: { prune: true },
      syncOptions: ['CreateNamespace=true'],
    };
    // Left from a rollout when progressive syncs were on: the first reconcile clears it.
    appSet.status = {
      applicationStatus: [
        {
          application: 'platform-database',
          status: 'Healthy',
          message: '',
          step: '1',
          lastTransitionTime: '2026-01-01T00:00:00Z',
        },
      ],
    };
    const result = run(appSet, { progressiveSyncs: false });
    expect(statuses(result.events)).toEqual([]);
    expect(result.applicationSets[0].status.applicationStatus).toBeUndefined();
    const ops = operations(result.events);
    expect(ops.map((e) => `${e.t} ${e.app} ${e.initiator}`).sort()).toEqual([
      '0 platform-backend ',
      '0 platform-database ',
      '0 platform-frontend ',
    ]);
    expect(
      conditions(result.applicationSets[0]).some((c: string) => c.startsWith('RolloutProgressing')),
    ).toBe(false);
  });

  it('validation: an app whose project does not exist is not created, the others are (§5.7 case 115)', () => {
    const appSet = platformStack(undefined);
    appSet.spec.template.spec.project = '{{.project}}';
    appSet.spec.generators[0].list.elements = [
      { component: 'database', priority: '1', project: 'platform' },
      { component: 'backend', priority: '2', project: 'nowhere' },
    ];
    const result = run(appSet, { progressiveSyncs: false });
    expect(result.applications.map((a) => a.metadata.name)).toEqual(['platform-database']);
    expect(conditions(result.applicationSets[0])).toContain(
      'ErrorOccurred True application references project nowhere which does not exist',
    );
  });
});
