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
