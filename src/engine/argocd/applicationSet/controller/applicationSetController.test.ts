/**
 * The ApplicationSet controller against the real store and clock, with a fake application controller
 * (fakeApplicationController.testKit.ts) playing §5.0's reactions. These follow argocd-semantics.md §5.0 (when a set
 * reconciles, in which order inside an instant) and §5.1's walk of the article's `platform-stack`.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../clock';
import { ObjectStore } from '../../../cluster/store';
import type { AppSetStatusEvent, SimEvent } from '../../../events';
import { Rng } from '../../../random';
import { EventLog } from '../../../eventLog';
import type { JsonAny, KubeObject } from '../../../types';
import { ApplicationSetController, ERROR_REQUEUE_MS } from './applicationSetController';
import {
  FakeApplicationController,
  type FakeAppControllerOptions,
} from '../../../../../test/kits/fakeApplicationController.testKit';
import { applicationRef } from './writeApplications';

const components = ['database', 'backend', 'frontend'];

function platformStack(
  overrides: {
    steps?: JsonAny;
    maxUpdate?: JsonAny;
    strategy?: JsonAny;
    template?: JsonAny;
    elements?: JsonAny[];
  } = {},
): KubeObject {
  const steps =
    overrides.steps ??
    ['1', '2', '3'].map((priority) => ({
      matchExpressions: [{ key: 'priority', operator: 'In', values: [priority] }],
      maxUpdate: overrides.maxUpdate ?? '100%',
    }));
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
            elements:
              overrides.elements ??
              components.map((component, i) => ({ component, priority: String(i + 1), project: 'platform' })),
          },
        },
      ],
      strategy: overrides.strategy ?? { type: 'RollingSync', rollingSync: { steps } },
      template: overrides.template ?? {
        metadata: { name: 'platform-{{.component}}', labels: { priority: '{{.priority}}' } },
        spec: {
          project: '{{.project}}',
          source: {
            repoURL: 'https://github.com/org/manifests',
            targetRevision: 'main',
            path: '{{.component}}',
          },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'production' },
        },
      },
    },
  };
}

interface Setup {
  progressiveSyncs?: boolean;
  projects?: string[];
  fake?: FakeAppControllerOptions;
}

function start(appSet: KubeObject, setup: Setup = {}) {
  const clock = new SimClock();
  const store = new ObjectStore(clock, new Rng(1));
  const log = new EventLog(() => clock.now());
  log.start(0);
  const fake = new FakeApplicationController(store, clock, setup.fake);
  store.create(appSet);
  const controller = new ApplicationSetController({
    store,
    clock,
    emit: (event) => log.push(event),
    progressiveSyncs: setup.progressiveSyncs ?? true,
    projects: () => new Set(setup.projects ?? ['default', 'platform']),
    watch: (listener) => void store.watch(listener),
  });
  const run = (seconds: number) => clock.advanceTo(seconds * 1000);
  const set = () =>
    store.get({ group: 'argoproj.io', kind: 'ApplicationSet', namespace: 'argocd', name: 'platform-stack' })!;
  const app = (name: string) => store.get(applicationRef('argocd', name));
  return { clock, store, log, fake, controller, run, set, app };
}

const statusRows = (events: SimEvent[]) =>
  events
    .filter((e): e is AppSetStatusEvent => e.type === 'appset-status')
    .map((e) => `${e.t} ${e.app} ${e.step} ${e.status}`);

const conditionRows = (set: KubeObject) =>
  (set.status?.conditions ?? []).map((c: JsonAny) => `${c.type} ${c.status} ${c.message}`);

describe('ApplicationSetController (§5.0, §5.1)', () => {
  it("walks platform-stack as §5.1 says: each step's apps go Pending only when the step before is Healthy", () => {
    const { run, log, fake, set, app } = start(platformStack());
    run(0);
    // t 0: reconcile 1 creates the three apps with the ownerReference and the resources finalizer.
    const database = app('platform-database')!;
    expect(database.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'ApplicationSet',
      name: 'platform-stack',
      controller: true,
    });
    expect(database.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
    expect(database.metadata.labels).toEqual({ priority: '1' });
    run(600);
    expect(statusRows(log.events)).toEqual([
      '0 platform-backend 2 Waiting',
      '0 platform-database 1 Waiting',
      '0 platform-frontend 3 Waiting',
      '0 platform-database 1 Pending',
      '10 platform-database 1 Progressing',
      '30 platform-database 1 Healthy',
      '30 platform-backend 2 Pending',
      '40 platform-backend 2 Progressing',
      '60 platform-backend 2 Healthy',
      '60 platform-frontend 3 Pending',
      '70 platform-frontend 3 Progressing',
      '90 platform-frontend 3 Healthy',
    ]);
    const messages = log.events.filter(
      (e): e is AppSetStatusEvent => e.type === 'appset-status' && e.app === 'platform-database',
    );
    expect(messages.map((e) => e.message)).toEqual([
      'No Application status found, defaulting status to Waiting',
      'Application moved to Pending status, watching for the Application resource to start Progressing',
      'Application resource completed a sync successfully, updating status from Pending to Progressing',
      'Application resource became Healthy, updating status from Progressing to Healthy',
    ]);
    // Each app is synced once, by the set, with Argo CD's operation (§5.1 "Sync").
    expect(fake.started.map((s) => `${s.t} ${s.app} ${s.initiator} ${s.automated}`)).toEqual([
      '0 platform-database applicationset-controller true',
      '30 platform-backend applicationset-controller true',
      '60 platform-frontend applicationset-controller true',
    ]);
    expect(fake.started[0].operation).toEqual({
      initiatedBy: { username: 'applicationset-controller', automated: true },
      info: [
        { name: 'Reason', value: 'ApplicationSet RollingSync triggered a sync of this Application resource' },
      ],
      sync: {},
      retry: { limit: 5 },
    });
    expect(conditionRows(set())).toContain('RolloutProgressing False ApplicationSet Rollout has completed');
    expect(set().status.applicationStatus.map((e: JsonAny) => e.lastTransitionTime)).toEqual([
      '2026-01-01T00:01:00Z',
      '2026-01-01T00:00:30Z',
      '2026-01-01T00:01:30Z',
    ]);
  });

  it('a step whose app never turns Healthy holds the next step: RolloutProgressing stays on step 2', () => {
    const { run, log, fake, set } = start(platformStack(), { fake: { failing: ['platform-backend'] } });
    run(900);
    expect(statusRows(log.events).slice(-2)).toEqual([
      '30 platform-backend 2 Pending',
      '40 platform-backend 2 Progressing',
    ]);
    expect(fake.started.map((s) => s.app)).toEqual(['platform-database', 'platform-backend']);
    expect(conditionRows(set())).toContain(
      'RolloutProgressing True ApplicationSet is performing rollout of step 2',
    );
  });

  it('maxUpdate 1 over two apps of one step: the second goes Pending only once the first is Healthy', () => {
    const steps = [
      { matchExpressions: [{ key: 'priority', operator: 'In', values: ['1', '2', '3'] }], maxUpdate: 1 },
    ];
    const { run, fake } = start(platformStack({ steps }));
    run(600);
    expect(fake.started.map((s) => `${s.t} ${s.app}`)).toEqual([
      '0 platform-backend',
      '30 platform-database',
      '60 platform-frontend',
    ]);
  });

  it('progressive syncs off: no applicationStatus, no rollout conditions, and the set syncs nothing (§5.1)', () => {
    const { run, fake, set, controller } = start(platformStack(), { progressiveSyncs: false });
    run(600);
    expect(set().status.applicationStatus).toBeUndefined();
    expect(conditionRows(set())).toEqual([
      'ErrorOccurred False All applications have been generated successfully',
      'ParametersGenerated True Successfully generated parameters for all Applications',
      'ResourcesUpToDate True All applications have been generated successfully',
    ]);
    expect(fake.started).toEqual([]);
    // Only the creation reconciles: an app's status changes do not wake the set without progressive syncs.
    expect(controller.reconciles.get('argocd/platform-stack')).toBe(1);
  });

  it('an app created never wakes the set; a hand edit of an owned app spec is reverted at once (§5.0)', () => {
    const { run, store, app, controller } = start(platformStack(), { progressiveSyncs: false });
    run(0);
    store.patch(applicationRef('argocd', 'platform-backend'), (draft) => {
      draft.spec.source.path = 'elsewhere';
    });
    run(1);
    expect(app('platform-backend')!.spec.source.path).toBe('backend');
    // 1 creates; 2 is woken by the hand edit and reverts it; 3 is woken by that revert (a spec change too) and finds
    // nothing to do. The apps' creation and first refreshes woke nothing (progressive syncs off).
    expect(controller.reconciles.get('argocd/platform-stack')).toBe(3);
  });

  it('reconciles again after its own applicationStatus write until stable, and then stops', () => {
    const { run, controller } = start(platformStack());
    run(0);
    expect(controller.busy()).toBe(false);
    const atZero = controller.reconciles.get('argocd/platform-stack')!;
    // reconcile 1 (creates), 2 (woken by the first refreshes: Waiting, Pending), 3 (own status write, stable).
    expect(atZero).toBeGreaterThanOrEqual(3);
    run(5);
    expect(controller.reconciles.get('argocd/platform-stack')).toBe(atZero);
  });

  it('TestReconcileProgressiveSyncDisabled: statuses left from a rollout are cleared (§5.7 case 116)', () => {
    const stale = {
      ...platformStack(),
      status: {
        applicationStatus: [
          {
            application: 'platform-database',
            status: 'Healthy',
            message: '',
            step: '1',
            lastTransitionTime: '2026-01-01T00:00:00Z',
          },
        ],
      },
    };
    const { run, set } = start(stale, { progressiveSyncs: false });
    run(0);
    expect(set().status.applicationStatus).toBeUndefined();
  });

  it('TestNoApplicationStatusWhenNoSteps: steps [] → ErrorOccurred, no Application created (§5.7 case 112)', () => {
    const { run, set, app } = start(platformStack({ steps: [] }));
    run(0);
    expect(app('platform-database')).toBeUndefined();
    expect(set().status.applicationStatus).toBeUndefined();
    expect(conditionRows(set())).toEqual([
      'ErrorOccurred True No steps defined for rollout',
      'ParametersGenerated True Successfully generated parameters for all Applications',
      'ResourcesUpToDate False No steps defined for rollout',
    ]);
  });

  it('validation: an unknown project is not created, the others are (§5.7 case 115)', () => {
    const elements = components.map((component, i) => ({
      component,
      priority: String(i + 1),
      project: component === 'backend' ? 'nowhere' : 'platform',
    }));
    const { run, set, app } = start(platformStack({ elements }), { progressiveSyncs: false });
    run(0);
    expect(app('platform-backend')).toBeUndefined();
    expect(app('platform-database')).toBeDefined();
    expect(conditionRows(set())).toContain(
      'ErrorOccurred True application references project nowhere which does not exist',
    );
  });

  it('a render error writes ErrorOccurred, creates nothing, and is retried after 3 minutes', () => {
    const template = { ...platformStack().spec.template, metadata: { name: 'platform-{{.missing}}' } };
    const { run, set, app, controller } = start(platformStack({ template }));
    run(0);
    expect(app('platform-database')).toBeUndefined();
    expect(conditionRows(set())[0]).toMatch(/^ErrorOccurred True .*missing/);
    expect(controller.reconciles.get('argocd/platform-stack')).toBe(1);
    run(ERROR_REQUEUE_MS / 1000);
    expect(controller.reconciles.get('argocd/platform-stack')).toBe(2);
  });

  it('an owned app deleted by hand is recreated at once', () => {
    const { run, store, app } = start(platformStack(), { progressiveSyncs: false });
    run(0);
    const ref = applicationRef('argocd', 'platform-frontend');
    store.patch(ref, (draft) => void delete draft.metadata.finalizers);
    store.delete(ref);
    expect(app('platform-frontend')).toBeUndefined();
    run(1);
    expect(app('platform-frontend')).toBeDefined();
  });
});
