/**
 * AppProject permission rules through the control plane: `argo.ValidatePermissions` (util/argo/argo.go
 * L653-L728) gives a declarative app outside its project's sourceRepos or destinations an InvalidSpecError
 * condition, sync and health Unknown, and no sync (appcontroller.go `refreshAppConditions` L2220, sync.go
 * L231-L238); `validateSyncPermissions` (controller/sync.go L750-L773) refuses each resource the project's resource
 * lists or destinations do not permit, failing the sync "one or more synchronization tasks are not valid". The e2e
 * tests create the app through the API server, which refuses it with the same words; here the app is declarative,
 * so the controller writes them as a condition.
 */
import { describe, expect, it } from 'vitest';
import { application } from '../../../test/kits/controlPlane.testKit';
import { configMap, deployment } from '../../../test/kits/simulation.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';

const project = (spec: JsonAny): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'AppProject',
  metadata: { name: 'team', namespace: 'argocd' },
  spec,
});
const clusterRole: KubeObject = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'reader' },
  rules: [],
};
const repo: RepoRevision = {
  name: 'main',
  files: {
    'app/web.yaml': [{ object: deployment('web', { replicas: 1 }) }],
    'app/settings.yaml': [{ object: configMap('settings') }],
    'cluster/role.yaml': [{ object: clusterRole }],
  },
};

function run(spec: JsonAny, options: { path?: string; namespace?: string; manual?: boolean } = {}) {
  const result = runControlPlane({
    repository: repo,
    objects: [
      project(spec),
      application('web', {
        path: options.path ?? 'app',
        project: 'team',
        namespace: options.namespace,
        ...(options.manual ? {} : { automated: {} }),
      }),
    ],
    actions: options.manual ? [{ at: 0, type: 'sync', app: 'web' }] : [],
    untilSeconds: 200,
  });
  const app = result.applications.find((a) => a.metadata.name === 'web')!;
  const conditions = (app.status.conditions ?? []).map((c: JsonAny) => `${c.type}: ${c.message}`);
  const operations = result.events.filter((e) => e.type === 'app-operation').length;
  return { result, app, conditions, operations };
}
const open = { sourceRepos: ['*'], destinations: [{ server: '*', namespace: '*' }] };

describe('sourceRepos and destinations (util/argo/argo.go ValidatePermissions)', () => {
  it('TestPermissions, TestPermissionDeniedWithScopedRepo: a repo outside sourceRepos is an InvalidSpecError, sync and health Unknown, no sync', () => {
    const { app, conditions, operations } = run({ ...open, sourceRepos: ['https://github.com/argoproj/*'] });
    expect(conditions).toEqual([
      "InvalidSpecError: application repo https://example.com/platform.git is not permitted in project 'team'",
    ]);
    expect([app.status.sync.status, app.status.health.status]).toEqual(['Unknown', 'Unknown']);
    expect(operations).toBe(0);
  });

  it('TestPermissionWithScopedRepo: a glob that matches the repo (case and .git aside) permits it', () => {
    const { conditions, operations } = run({ ...open, sourceRepos: ['https://EXAMPLE.com/*.git'] });
    expect(conditions).toEqual([]);
    expect(operations).toBe(1);
  });

  it('TestPermissionDeniedWithNegatedNamespace: a `!` namespace entry denies the destination', () => {
    const { conditions } = run({
      sourceRepos: ['*'],
      destinations: [{ server: '*', namespace: '!default' }],
    });
    expect(conditions).toEqual([
      "InvalidSpecError: application destination server 'https://kubernetes.default.svc' and namespace 'default' do not match any of the allowed destinations in project 'team'",
    ]);
  });

  it('TestPermissionDeniedWithNegatedServer: a `!` server entry denies the in-cluster destination', () => {
    const { conditions } = run({
      sourceRepos: ['*'],
      destinations: [
        { server: '!https://kubernetes.default.svc', namespace: '*' },
        { server: '*', namespace: '*' },
      ],
    });
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toContain('do not match any of the allowed destinations in project');
  });

  it('a destination entry by name matches the in-cluster destination too (`in-cluster`)', () => {
    const { conditions } = run({
      sourceRepos: ['*'],
      destinations: [{ name: 'in-cluster', namespace: 'default' }],
    });
    expect(conditions).toEqual([]);
  });
});

describe('resource allow and deny lists (controller/sync.go validateSyncPermissions)', () => {
  it('TestNotPermittedResources: a kind in namespaceResourceBlacklist fails the sync with "resource :ConfigMap is not permitted in project team"', () => {
    const { app } = run(
      { ...open, namespaceResourceBlacklist: [{ group: '', kind: 'ConfigMap' }] },
      { manual: true },
    );
    const state = app.status.operationState;
    expect(state.phase).toBe('Failed');
    expect(state.message).toBe(
      'one or more synchronization tasks are not valid: resource :ConfigMap is not permitted in project team',
    );
    const row = state.syncResult.resources.find((r: JsonAny) => r.kind === 'ConfigMap');
    expect(row.message).toBe('resource :ConfigMap is not permitted in project team');
  });

  it("TestNotPermittedResources: the not-permitted target's row reads Unknown (state.go L1059-L1062), the app OutOfSync", () => {
    const { app } = run(
      { ...open, namespaceResourceBlacklist: [{ group: '', kind: 'ConfigMap' }] },
      { manual: true },
    );
    expect(app.status.resources.map((r: JsonAny) => `${r.kind}/${r.name} ${r.status}`)).toEqual([
      'ConfigMap/settings Unknown',
      // The sync failed as a whole (its tasks are not valid), so nothing was applied.
      'Deployment/web OutOfSync',
    ]);
    expect(app.status.sync.status).toBe('OutOfSync');
  });

  it('a namespaceResourceWhitelist that leaves a kind out refuses it; one that names it permits it', () => {
    const refused = run(
      { ...open, namespaceResourceWhitelist: [{ group: 'apps', kind: 'Deployment' }] },
      { manual: true },
    );
    expect(refused.app.status.operationState.phase).toBe('Failed');
    const allowed = run(
      { ...open, namespaceResourceWhitelist: [{ group: '*', kind: '*' }] },
      { manual: true },
    );
    expect(allowed.app.status.operationState.phase).toBe('Succeeded');
  });

  it('a cluster-scoped kind needs clusterResourceWhitelist; clusterResourceBlacklist then denies it by name', () => {
    const none = run(open, { path: 'cluster', manual: true });
    expect(none.app.status.operationState.syncResult.resources[0].message).toBe(
      'resource rbac.authorization.k8s.io:ClusterRole is not permitted in project team',
    );
    const allowed = run(
      { ...open, clusterResourceWhitelist: [{ group: '*', kind: '*' }] },
      { path: 'cluster', manual: true },
    );
    expect(allowed.app.status.operationState.phase).toBe('Succeeded');
    const denied = run(
      {
        ...open,
        clusterResourceWhitelist: [{ group: '*', kind: '*' }],
        clusterResourceBlacklist: [
          { group: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'read*' },
        ],
      },
      { path: 'cluster', manual: true },
    );
    expect(denied.app.status.operationState.phase).toBe('Failed');
  });
});
