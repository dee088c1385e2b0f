/**
 * applicationset/controllers/applicationset_controller_test.go and list_test.go, as far as the sandbox's
 * ApplicationSet controller goes: the list generator's parameters, and the default `applicationsSync` policy
 * (`sync`: the controller creates, updates and deletes its Applications). The other policies (`create-only`,
 * `create-update`, `create-delete`) are not simulated; their rows in upstream-tests.md say so.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../types';
import { generateParams } from './generateParams';
import { planReconcile } from './planReconcile';
import { applicationsSyncPolicyOf } from './applicationsSyncPolicy';

const options = { now: '2026-01-01T00:00:00Z', progressiveSyncs: false, projects: new Set(['default']) };

/** The set of applicationsUpdateSyncPolicyTest / applicationsDeleteSyncPolicyTest: one element, good-cluster. */
const appSet = (elements: unknown[], templateMeta: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'name', namespace: 'argocd', uid: 'set-uid' },
  spec: {
    generators: [{ list: { elements } }],
    template: {
      metadata: { name: '{{cluster}}', namespace: 'argocd', ...templateMeta },
      spec: {
        source: { repoURL: 'https://github.com/argoproj/argocd-example-apps', path: 'guestbook' },
        project: 'default',
        destination: { server: '{{url}}' },
      },
    },
  },
});
const goodCluster = { cluster: 'good-cluster', url: 'https://good-cluster' };

describe('applicationset/generators/list_test.go', () => {
  it('TestGenerateListParams: each element is a parameter set; a values map is flattened to values.<key>', () => {
    expect(generateParams([{ list: { elements: [{ cluster: 'cluster', url: 'url' }] } }], false)).toEqual({
      ok: true,
      params: [{ cluster: 'cluster', url: 'url' }],
    });
    expect(
      generateParams(
        [{ list: { elements: [{ cluster: 'cluster', url: 'url', values: { foo: 'bar' } }] } }],
        false,
      ),
    ).toEqual({ ok: true, params: [{ cluster: 'cluster', url: 'url', 'values.foo': 'bar' }] });
  });

  it('TestGenerateListParamsGoTemplate: with goTemplate the element is kept as it is, values a map', () => {
    expect(generateParams([{ list: { elements: [{ cluster: 'cluster', url: 'url' }] } }], true)).toEqual({
      ok: true,
      params: [{ cluster: 'cluster', url: 'url' }],
    });
    expect(
      generateParams(
        [{ list: { elements: [{ cluster: 'cluster', url: 'url', values: { foo: 'bar' } }] } }],
        true,
      ),
    ).toEqual({ ok: true, params: [{ cluster: 'cluster', url: 'url', values: { foo: 'bar' } }] });
  });
});

describe('applicationset/controllers/applicationset_controller_test.go, policy sync', () => {
  it('TestUpdatePerformedWithSyncPolicySync: the template gains an annotation and a label, and the app is updated with them', () => {
    const first = planReconcile(appSet([goodCluster]), [], options);
    expect(first.apply.map((a) => a.metadata.name)).toEqual(['good-cluster']);
    const created = first.apply[0];
    // Helm values, the Go test's third change, are left out: the sandbox renders no Helm source.
    const changed = appSet([goodCluster], {
      annotations: { 'annotation-key': 'annotation-value' },
      labels: { 'label-key': 'label-value' },
    });
    const second = planReconcile(changed, [created], options);
    expect(second.apply).toHaveLength(1);
    expect(second.apply[0].metadata).toMatchObject({
      name: 'good-cluster',
      annotations: { 'annotation-key': 'annotation-value' },
      labels: { 'label-key': 'label-value' },
    });
    expect(second.delete).toEqual([]);
  });

  it('TestDeletePerformedWithSyncPolicySync: the list emptied, the app it generated is deleted', () => {
    const created = planReconcile(appSet([goodCluster]), [], options).apply[0];
    const emptied = planReconcile(appSet([]), [created], options);
    expect(emptied.apply).toEqual([]);
    expect(emptied.delete).toEqual(['good-cluster']);
  });
});

/**
 * The other policies (applicationset_controller.go L342-L392 with utils/policy.go `DefaultPolicy`): create-only
 * and create-delete leave existing apps as they are, create-only and create-update never delete. The sandbox's
 * controller runs with Argo CD's defaults (`--policy ''`, `--enable-policy-override`), so the set's own policy
 * applies.
 */
describe('applicationset_controller_test.go, the applicationsSync policies', () => {
  const withPolicy = (set: KubeObject, policy: string): KubeObject => ({
    ...set,
    spec: { ...set.spec, syncPolicy: { applicationsSync: policy } },
  });
  const changed = (policy: string) =>
    withPolicy(appSet([goodCluster], { annotations: { 'annotation-key': 'annotation-value' } }), policy);
  const update = (policy: string) => {
    const created = planReconcile(withPolicy(appSet([goodCluster]), policy), [], options).apply[0];
    return planReconcile(changed(policy), [created], options);
  };
  const remove = (policy: string) => {
    const created = planReconcile(withPolicy(appSet([goodCluster]), policy), [], options).apply[0];
    return planReconcile(withPolicy(appSet([]), policy), [created], options);
  };

  it('TestCreateApplications: create-only still creates a missing app', () => {
    expect(planReconcile(withPolicy(appSet([goodCluster]), 'create-only'), [], options).apply).toHaveLength(
      1,
    );
  });

  it('TestUpdateNotPerformedWithSyncPolicyCreateOnly: the changed template does not reach the existing app', () => {
    expect(update('create-only').apply).toEqual([]);
  });

  it('TestUpdateNotPerformedWithSyncPolicyCreateDelete: nor under create-delete', () => {
    expect(update('create-delete').apply).toEqual([]);
  });

  it('TestUpdatePerformedWithSyncPolicyCreateUpdate: create-update updates it', () => {
    expect(update('create-update').apply[0].metadata.annotations).toEqual({
      'annotation-key': 'annotation-value',
    });
  });

  it('TestDeleteNotPerformedWithSyncPolicyCreateOnly: an element removed leaves its app under create-only', () => {
    expect(remove('create-only').delete).toEqual([]);
  });

  it('TestDeleteNotPerformedWithSyncPolicyCreateUpdate: and under create-update', () => {
    expect(remove('create-update').delete).toEqual([]);
  });

  it('TestDeletePerformedWithSyncPolicyCreateDelete: create-delete deletes it', () => {
    expect(remove('create-delete').delete).toEqual(['good-cluster']);
  });

  it('TestPolicies: each policy allows what its name says', () => {
    const rows = ['create-only', 'create-update', 'create-delete', 'sync'].map(
      (p) => `${p}: update ${update(p).apply.length > 0}, delete ${remove(p).delete.length > 0}`,
    );
    expect(rows).toEqual([
      'create-only: update false, delete false',
      'create-update: update true, delete false',
      'create-delete: update false, delete true',
      'sync: update true, delete true',
    ]);
  });

  it("TestUpdatePerformedWithSyncPolicyCreateOnlyAndAllowPolicyOverrideFalse, TestDeletePerformedWithSyncPolicyCreateOnlyAndAllowPolicyOverrideFalse: without the override the controller's policy wins (policy.go DefaultPolicy)", () => {
    const set = withPolicy(appSet([goodCluster]), 'create-only');
    expect(applicationsSyncPolicyOf(set, 'sync', false)).toBe('sync');
    expect(applicationsSyncPolicyOf(set, 'sync', true)).toBe('create-only');
    expect(applicationsSyncPolicyOf(appSet([goodCluster]), 'create-update', true)).toBe('create-update');
  });
});
