/**
 * controller/sync_test.go `TestValidateSyncPermissions` and the AppProject matchers it relies on
 * (app_project_types.go `IsGroupKindNamePermitted`, `isDestinationMatched`, `IsSourcePermitted`).
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import {
  isDestinationPermitted,
  isGroupKindNamePermitted,
  isSourcePermitted,
  rulesOfObject,
  syncPermissionError,
} from './projectRules';

const project = (spec: Record<string, unknown>) =>
  rulesOfObject({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: { name: 'test-project', namespace: 'argocd' },
    spec,
  } as KubeObject);
const inCluster = { server: 'https://kubernetes.default.svc', name: 'in-cluster' };

describe('controller/sync_test.go TestValidateSyncPermissions', () => {
  const proj = project({
    destinations: [{ server: '*', namespace: 'default' }],
    namespaceResourceWhitelist: [{ group: '*', kind: '*' }],
    clusterResourceWhitelist: [{ group: '*', kind: 'ClusterRole' }],
  });

  it('TestValidateSyncPermissions: a permitted namespaced resource in an allowed namespace passes', () => {
    expect(
      syncPermissionError(
        proj,
        inCluster,
        { group: 'apps', kind: 'Deployment', name: 'd', namespace: 'default' },
        true,
      ),
    ).toBeUndefined();
  });

  it("TestValidateSyncPermissions: a group/kind the lists do not permit, in Argo CD's words", () => {
    expect(
      syncPermissionError(
        proj,
        inCluster,
        { group: 'rbac.authorization.k8s.io', kind: 'ClusterRoleBinding', name: 'b', namespace: '' },
        false,
      ),
    ).toBe('resource rbac.authorization.k8s.io:ClusterRoleBinding is not permitted in project test-project');
  });

  it("TestValidateSyncPermissions: a namespace outside the destinations, in Argo CD's words", () => {
    expect(
      syncPermissionError(
        proj,
        inCluster,
        { group: '', kind: 'ConfigMap', name: 'c', namespace: 'other' },
        true,
      ),
    ).toBe("namespace other is not permitted in project 'test-project'");
  });
});

describe('app_project_types.go matchers', () => {
  it('the namespace allow list: unset allows every kind, an empty list none', () => {
    expect(isGroupKindNamePermitted(project({}), '', 'ConfigMap', 'c', true)).toBe(true);
    expect(
      isGroupKindNamePermitted(project({ namespaceResourceWhitelist: [] }), '', 'ConfigMap', 'c', true),
    ).toBe(false);
  });

  it('cluster-scoped kinds need the cluster allow list; the deny list matches names', () => {
    expect(isGroupKindNamePermitted(project({}), '', 'Namespace', 'n', false)).toBe(false);
    const p = project({
      clusterResourceWhitelist: [{ group: '*', kind: '*' }],
      clusterResourceBlacklist: [{ group: '', kind: 'Namespace', name: 'kube-*' }],
    });
    expect(isGroupKindNamePermitted(p, '', 'Namespace', 'team', false)).toBe(true);
    expect(isGroupKindNamePermitted(p, '', 'Namespace', 'kube-system', false)).toBe(false);
  });

  it('destinations: a `!` entry denies what it names, a glob allows', () => {
    const p = project({
      destinations: [
        { server: '*', namespace: '*' },
        { server: '*', namespace: '!kube-*' },
      ],
    });
    expect(isDestinationPermitted(p, inCluster, 'team')).toBe(true);
    expect(isDestinationPermitted(p, inCluster, 'kube-system')).toBe(false);
  });

  it('sourceRepos: `*` in a pattern does not cross `/`; a `!` entry denies', () => {
    expect(
      isSourcePermitted(project({ sourceRepos: ['https://github.com/org/*'] }), 'https://github.com/org/app'),
    ).toBe(true);
    expect(
      isSourcePermitted(project({ sourceRepos: ['https://github.com/*'] }), 'https://github.com/org/app'),
    ).toBe(false);
    expect(
      isSourcePermitted(
        project({ sourceRepos: ['*', '!https://github.com/org/secret'] }),
        'https://github.com/org/secret',
      ),
    ).toBe(false);
  });
});
