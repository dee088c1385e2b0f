/**
 * `deletionOrder: Reverse` end to end (argocd-semantics.md §5.1, §5.7 case 113): Argo CD's e2e test
 * `TestProgressiveSyncMultipleAppsPerStepWithReverseDeletionOrder` (test/e2e/applicationset_progressive_sync_test.go)
 * through runControlPlane: six apps in three steps (dev, staging, prod), rolled out, then the ApplicationSet is
 * deleted; the prod apps go first, then staging, then dev, each app's deletion waiting for the one before to be gone
 * (its resources deleted by its `resources-finalizer`, appcontroller.go `finalizeApplicationDeletion`).
 */
import { describe, expect, it } from 'vitest';
import type { ObjectEvent, SimEvent } from '../../../events';
import { runControlPlane } from '../../../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../../../types';
import { reverseDeletionOrder } from '../rollingSync/reverseDeletion';
import { startApplicationSetController } from './applicationSetController';

const names = { dev: ['sketch', 'build'], staging: ['verify', 'validate'], prod: ['ship', 'run'] };
const elements = Object.entries(names).flatMap(([environment, list]) =>
  list.map((name) => ({ environment, name })),
);
// A Deployment per app, so that each app's deletion takes time (foreground: its pods terminate first).
const deployment = (name: string): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] },
    },
  },
});
const repository = {
  name: 'main',
  files: Object.fromEntries(
    elements.map(({ environment, name }) => [
      `progressive-sync/multiple-apps-in-step/${environment}/${name}/cm.yaml`,
      [{ object: deployment(name) }],
    ]),
  ),
};
const step = (environment: string): JsonAny => ({
  matchExpressions: [{ key: 'environment', operator: 'In', values: [environment] }],
});
const appSet = (deletionOrder?: string): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'appset-reverse-deletion-order', namespace: 'argocd' },
  spec: {
    goTemplate: true,
    generators: [{ list: { elements } }],
    strategy: {
      type: 'RollingSync',
      rollingSync: { steps: [step('dev'), step('staging'), step('prod')] },
      ...(deletionOrder ? { deletionOrder } : {}),
    },
    template: {
      metadata: { name: 'prog-{{.name}}', labels: { environment: '{{.environment}}' } },
      spec: {
        project: 'default',
        source: {
          repoURL: 'https://example.com/repo.git',
          path: 'progressive-sync/multiple-apps-in-step/{{.environment}}/{{.name}}',
          targetRevision: 'HEAD',
        },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'prog-{{.name}}' },
        syncPolicy: { syncOptions: ['CreateNamespace=true'] },
      },
    },
  },
});
const DELETE_AT = 120;

function run(options: { deletionOrder?: string; untilSeconds?: number; progressiveSyncs?: boolean } = {}) {
  return runControlPlane({
    repository,
    objects: [appSet(options.deletionOrder ?? 'Reverse')],
    progressiveSyncs: options.progressiveSyncs ?? true,
    applicationSetController: startApplicationSetController,
    actions: [
      {
        at: DELETE_AT,
        type: 'kubectl-delete',
        group: 'argoproj.io',
        kind: 'ApplicationSet',
        name: 'appset-reverse-deletion-order',
        namespace: 'argocd',
      },
    ],
    untilSeconds: options.untilSeconds ?? 900,
  });
}
const appsDeleted = (events: SimEvent[]): ObjectEvent[] =>
  events.filter(
    (e): e is ObjectEvent => e.type === 'object' && e.kind === 'Application' && e.action === 'deleted',
  );

describe('TestProgressiveSyncMultipleAppsPerStepWithReverseDeletionOrder (§5.1, case 113)', () => {
  it('rolls out all six apps in steps 1, 2, 3 before the deletion', () => {
    const before = run({ untilSeconds: DELETE_AT - 1 });
    expect(before.applications).toHaveLength(6);
    const set = before.applicationSets[0];
    const steps = Object.fromEntries(
      set.status.applicationStatus.map((e: JsonAny) => [e.application, `${e.step} ${e.status}`]),
    );
    expect(steps).toEqual({
      'prog-sketch': '1 Healthy',
      'prog-build': '1 Healthy',
      'prog-verify': '2 Healthy',
      'prog-validate': '2 Healthy',
      'prog-ship': '3 Healthy',
      'prog-run': '3 Healthy',
    });
    // appset ctrl L187: the set is given the resources finalizer so that it waits for its apps.
    expect(set.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
  });

  it('wave 1: a prod app is being deleted first; staging and dev apps exist and are not being deleted', () => {
    const early = run({ untilSeconds: DELETE_AT + 0.5 });
    const deleting = early.applications
      .filter((a) => a.metadata.deletionTimestamp)
      .map((a) => a.metadata.name);
    expect(deleting.length).toBeGreaterThan(0);
    expect(deleting.every((n: string) => n === 'prog-ship' || n === 'prog-run')).toBe(true);
    for (const name of ['prog-verify', 'prog-validate', 'prog-sketch', 'prog-build']) {
      const app = early.applications.find((a) => a.metadata.name === name);
      expect(app, name).toBeDefined();
      expect(app.metadata.deletionTimestamp, name).toBeUndefined();
    }
    // The set itself is still there, held by its finalizer.
    expect(early.applicationSets[0].metadata.deletionTimestamp).toBeDefined();
  });

  it('deletes prod, then staging, then dev, one app at a time, each after the one before is gone', () => {
    const result = run();
    const gone = appsDeleted(result.events).filter((e) => e.t >= DELETE_AT);
    expect(gone.map((e) => e.name)).toEqual([
      'prog-run',
      'prog-ship',
      'prog-validate',
      'prog-verify',
      'prog-build',
      'prog-sketch',
    ]);
    // Each app's Deployment (and its pods) go before the app does, and the next app's only after that.
    const workloadGone = (app: string) =>
      result.events.find(
        (e) =>
          e.type === 'object' &&
          e.kind === 'Deployment' &&
          e.name === app.slice('prog-'.length) &&
          e.action === 'deleted',
      )!.t;
    gone.forEach((e, i) => {
      expect(workloadGone(e.name), e.name).toBeLessThanOrEqual(e.t);
      if (i > 0) expect(workloadGone(e.name), e.name).toBeGreaterThan(gone[i - 1].t);
    });
    expect(result.applications).toEqual([]);
    expect(result.applicationSets).toEqual([]);
    expect(result.live.some((o) => o.kind === 'Deployment' || o.kind === 'Pod')).toBe(false);
  });

  it('without deletionOrder the set goes at once and the garbage collector deletes every app together', () => {
    const result = run({ deletionOrder: 'AllAtOnce' });
    const gone = appsDeleted(result.events).filter((e) => e.t >= DELETE_AT);
    expect(gone).toHaveLength(6);
    const sets = result.events.filter(
      (e) => e.type === 'object' && e.kind === 'ApplicationSet' && e.action === 'deleted',
    );
    expect(sets[0].t).toBe(DELETE_AT);
    expect(Math.max(...gone.map((e) => e.t)) - Math.min(...gone.map((e) => e.t))).toBeLessThan(1);
  });

  it('Reverse without progressive syncs: no finalizer is added, the deletion is not ordered', () => {
    const before = run({ progressiveSyncs: false, untilSeconds: DELETE_AT - 1 });
    expect(before.applicationSets[0].metadata.finalizers).toBeUndefined();
  });
});

describe('reverseDeletionOrder (progressive_sync.go PerformReverseDeletion)', () => {
  const app = (name: string, environment?: string): KubeObject => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd', ...(environment ? { labels: { environment } } : {}) },
  });
  it('last step first, apps of one step by name; an app in no step is left to the garbage collector', () => {
    const apps = [
      app('a-dev', 'dev'),
      app('b-prod', 'prod'),
      app('a-prod', 'prod'),
      app('c-staging', 'staging'),
      app('loose'),
    ];
    expect(reverseDeletionOrder(appSet('Reverse'), apps)).toEqual(['a-prod', 'b-prod', 'c-staging', 'a-dev']);
  });
});
