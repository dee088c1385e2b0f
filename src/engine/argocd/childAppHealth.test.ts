import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../types';
import type { RepoRevision } from './repository';
import { application, applicationHealthCheck, appProject } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneInput } from '../simulation/runControlPlane';
import { configMap, job } from '../../../test/kits/simulation.testKit';

/**
 * A parent's view of its child Applications (argocd-semantics.md §5.2, §1.8; §5.7 cases 122, 123, 125), through
 * the control plane: `controller/health_test.go TestChildAppHealth`, `TestSetApplicationHealth_MissingResource_
 * WithChildApp`, gitops-engine `health_test.go TestApplication`, and the unknown-project handling of
 * `refreshAppConditions`/`projectErrorToCondition` with `TestNeedRefreshAppStatus`'s refresh triggers (§5.0).
 */
const automated = { prune: true };
function repo(child: JsonAny): RepoRevision {
  return {
    name: 'main',
    files: {
      'apps/child.yaml': [{ object: child }],
      // A later wave, so that the parent's operation has to wait for the child's wave (§5.2).
      'apps/after.yaml': [
        {
          object: {
            ...configMap('after'),
            metadata: { name: 'after', annotations: { 'argocd.argoproj.io/sync-wave': '1' } },
          },
        },
      ],
      'seed/seed.yaml': [{ object: job('seed', { runSeconds: 2 }) }],
    },
  };
}
const parent = application('platform', { path: 'apps', namespace: 'argocd' });
function run(child: JsonAny, overrides: Partial<ControlPlaneInput> = {}) {
  return runControlPlane({ repository: repo(child), objects: [parent], untilSeconds: 400, ...overrides });
}
const appNamed = (result: ReturnType<typeof run>, name: string): JsonAny =>
  result.applications.find((a) => a.metadata.name === name);

describe('TestChildAppHealth (controller/health_test.go, case 122)', () => {
  it('ChildAppDegraded: the parent is Degraded "Caused by argoproj.io/Application:argocd/seed" and its wave fails', () => {
    const result = run(application('seed', { path: 'seed', automated }), {
      healthOverrides: applicationHealthCheck,
      fail: ['job/seed'],
    });
    const seed = appNamed(result, 'seed');
    expect(seed.status.health.status).toBe('Degraded');
    const platform = appNamed(result, 'platform');
    expect(platform.status.health).toEqual({
      status: 'Degraded',
      message: 'Caused by argoproj.io/Application:argocd/seed',
    });
    expect(platform.status.operationState).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully',
    });
  });

  it('ChildAppMissing: a child that never syncs is Missing; the parent waits for it and stays Healthy', () => {
    const result = run(application('seed', { path: 'seed' }), { healthOverrides: applicationHealthCheck });
    expect(appNamed(result, 'seed').status.health.status).toBe('Missing');
    const platform = appNamed(result, 'platform');
    expect(platform.status.operationState).toMatchObject({
      phase: 'Running',
      message: 'waiting for healthy state of argoproj.io/Application/seed',
    });
    expect(platform.status.health).toEqual({ status: 'Healthy', message: '' });
  });

  it('TestSetApplicationHealth_MissingResource_WithChildApp: an Unknown child leaves the parent Healthy, no cause', () => {
    // A child whose AppProject does not exist is Unknown (§5.2).
    const result = run(application('seed', { path: 'seed', project: 'nowhere', automated }), {
      healthOverrides: applicationHealthCheck,
    });
    expect(appNamed(result, 'seed').status.health.status).toBe('Unknown');
    expect(appNamed(result, 'platform').status.health).toEqual({ status: 'Healthy', message: '' });
  });
});

describe('gitops-engine health_test.go TestApplication (case 123): an Application has no health without the Lua', () => {
  it('the child task succeeds at apply: the parent does not wait for a child that never syncs', () => {
    const result = run(application('seed', { path: 'seed' }));
    const platform = appNamed(result, 'platform');
    expect(platform.status.operationState).toMatchObject({
      phase: 'Succeeded',
      message: 'successfully synced (all tasks run)',
    });
    const row = platform.status.resources.find((r: JsonAny) => r.kind === 'Application');
    expect(row.health).toBeUndefined();
    expect(appNamed(result, 'seed').status.sync.status).toBe('OutOfSync');
  });
});

describe('projectErrorToCondition / TestNeedRefreshAppStatus (case 125, §5.0, §5.2)', () => {
  const result = runControlPlane({
    repository: repo(configMap('unused')),
    objects: [application('seed', { path: 'seed', project: 'teams', automated })],
    actions: [{ at: 10, type: 'kubectl-apply', objects: [appProject('teams')] }],
    untilSeconds: 400,
  });
  const events = result.events.filter((e) => e.app === 'seed');

  it('an unknown project: InvalidSpecError, sync and health Unknown, no auto-sync', () => {
    const first = events.find((e) => e.type === 'app');
    expect(first).toMatchObject({
      t: 0,
      sync: 'Unknown',
      health: 'Unknown',
      message: 'Application referencing project teams which does not exist',
    });
  });

  it('creating the AppProject does not refresh the app; the periodic refresh (120 s + jitter < 60 s) does', () => {
    const started = events.find((e) => e.type === 'app-operation')!;
    expect(started).toMatchObject({ initiator: '', automated: true });
    expect(started.t).toBeGreaterThanOrEqual(120);
    expect(started.t).toBeLessThan(180);
    const seed = appNamed(result as ReturnType<typeof run>, 'seed');
    expect(seed.status.conditions ?? []).toEqual([]);
    expect(seed.status.operationState.phase).toBe('Succeeded');
  });
});
