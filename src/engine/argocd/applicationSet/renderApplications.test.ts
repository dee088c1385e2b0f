import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../types';
import { RESOURCES_FINALIZER, renderApplications } from './renderApplications';

function appSet(spec: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'platform-stack', namespace: 'argocd', uid: 'uid-1' },
    spec,
  };
}

const template = {
  metadata: { name: 'platform-{{.name}}', labels: { tier: '{{.tier}}' } },
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example/platform.git', path: 'apps/{{.name}}', targetRevision: 'HEAD' },
    destination: { server: 'https://kubernetes.default.svc', namespace: '{{.name}}' },
  },
};

describe('renderApplications (list generator + RenderTemplateParams)', () => {
  it('renders one Application per list element, in name order, owned by the set in its namespace', () => {
    const result = renderApplications(
      appSet({
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: [
          {
            list: {
              elements: [
                { name: 'frontend', tier: 'web' },
                { name: 'database', tier: 'data' },
              ],
            },
          },
        ],
        template,
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.applications.map((app) => app.metadata.name)).toEqual([
      'platform-database',
      'platform-frontend',
    ]);
    const [database] = result.applications;
    expect(database.metadata.namespace).toBe('argocd');
    expect(database.metadata.labels).toEqual({ tier: 'data' });
    expect(database.metadata.finalizers).toEqual([RESOURCES_FINALIZER]);
    expect(database.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        name: 'platform-stack',
        uid: 'uid-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(database.spec.source.path).toBe('apps/database');
    expect(database.spec.destination.namespace).toBe('database');
  });

  it('returns a RenderTemplateParamsError naming the missing key and the field it was in', () => {
    const result = renderApplications(
      appSet({
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: [{ list: { elements: [{ name: 'frontend' }] } }],
        template,
      }),
    );
    expect(result).toEqual({
      ok: false,
      reason: 'RenderTemplateParamsError',
      path: ['spec', 'template', 'metadata', 'labels', 'tier'],
      error:
        'failed to execute go template {{.tier}}: template: base:1:2: executing "base" at <.tier>: ' +
        'map has no entry for key "tier"',
    });
  });

  it('uses fasttemplate without goTemplate and flattens the values map (list.go)', () => {
    const result = renderApplications(
      appSet({
        generators: [{ list: { elements: [{ cluster: 'dev', values: { branch: 'main' } }] } }],
        template: {
          metadata: { name: '{{cluster}}-app' },
          spec: { source: { targetRevision: '{{values.branch}}', path: '{{ unknown }}' } },
        },
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.applications[0].metadata.name).toBe('dev-app');
    expect(result.applications[0].spec.source).toEqual({ targetRevision: 'main', path: '{{ unknown }}' });
  });

  it('refuses a non-string list value without goTemplate, as list.go does', () => {
    const result = renderApplications(
      appSet({ generators: [{ list: { elements: [{ replicas: 3 }] } }], template }),
    );
    expect(result).toMatchObject({ ok: false, reason: 'ApplicationGenerationFromParamsError' });
  });

  it('refuses generators the simulator does not implement with a clear message', () => {
    const result = renderApplications(appSet({ generators: [{ scmProvider: { github: {} } }], template }));
    expect(result).toMatchObject({
      ok: false,
      error:
        'the scmProvider generator is not supported by the simulator; only the list, clusters, git, matrix and merge generators are',
    });
  });

  // Mirrors utils_test.go TestRenderTemplateKeys.
  it('TestRenderTemplateKeys fasttemplate and gotemplate render map keys too', () => {
    for (const [goTemplate, key, value] of [
      [false, 'annotation-{{key}}', 'annotation-{{value}}'],
      [true, 'annotation-{{ .key }}', 'annotation-{{ .value }}'],
    ] as const) {
      const result = renderApplications(
        appSet({
          goTemplate,
          generators: [{ list: { elements: [{ key: 'some-key', value: 'some-value' }] } }],
          template: { metadata: { name: 'a', annotations: { [key]: value } }, spec: {} },
        }),
      );
      if (!result.ok) throw new Error(result.error);
      expect(result.applications[0].metadata.annotations).toEqual({
        'annotation-some-key': 'annotation-some-value',
      });
    }
  });

  // Mirrors utils_test.go TestRenderTemplateParamsFinalizers.
  describe('TestRenderTemplateParamsFinalizers', () => {
    const cases: [string, string[] | undefined, Record<string, unknown> | undefined, string[] | undefined][] =
      [
        ['existing finalizer should be preserved', ['existing-finalizer'], undefined, ['existing-finalizer']],
        [
          'empty finalizer and empty sync should use standard finalizer',
          undefined,
          undefined,
          [RESOURCES_FINALIZER],
        ],
        ['empty array finalizers should use standard finalizer', [], undefined, [RESOURCES_FINALIZER]],
        ['non-nil sync policy should use standard finalizer', undefined, {}, [RESOURCES_FINALIZER]],
        [
          'preserveResourcesOnDeletion should not have a finalizer',
          undefined,
          { preserveResourcesOnDeletion: true },
          undefined,
        ],
        [
          'user-specified finalizer should overwrite preserveResourcesOnDeletion',
          ['resources-finalizer.argocd.argoproj.io/background'],
          { preserveResourcesOnDeletion: true },
          ['resources-finalizer.argocd.argoproj.io/background'],
        ],
      ];
    for (const [name, existing, syncPolicy, expected] of cases) {
      it(name, () => {
        const result = renderApplications(
          appSet({
            goTemplate: true,
            syncPolicy,
            generators: [{ list: { elements: [{ one: 'two' }] } }],
            template: { metadata: { name: 'a', ...(existing ? { finalizers: existing } : {}) }, spec: {} },
          }),
        );
        if (!result.ok) throw new Error(result.error);
        expect(result.applications[0].metadata.finalizers).toEqual(expected);
      });
    }
  });
});
