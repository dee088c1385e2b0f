import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../types';
import { clusterParams, sanitizeName } from './clusterGenerator';
import { renderApplications } from './renderApplications';

/** applicationset/generators/cluster_test.go's two Secrets, as written there (`data` bytes, here base64). */
const b64 = (text: string) => btoa(text);
function secret(
  name: string,
  labels: Record<string, string>,
  annotation: string,
  data: Record<string, string>,
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name,
      namespace: 'argocd',
      labels: { 'argocd.argoproj.io/secret-type': 'cluster', ...labels },
      annotations: { 'foo.argoproj.io': annotation },
    },
    data: Object.fromEntries(Object.entries({ config: '{}', ...data }).map(([k, v]) => [k, b64(v)])),
  };
}
const secrets = [
  secret('staging-01', { environment: 'staging', org: 'foo' }, 'staging', {
    name: 'staging-01',
    server: 'https://staging-01.example.com',
  }),
  secret('production-01', { environment: 'production', org: 'bar' }, 'production', {
    name: 'production_01/west',
    server: 'https://production-01.example.com',
    project: 'prod-project',
  }),
];
const production = {
  name: 'production_01/west',
  nameNormalized: 'production-01-west',
  server: 'https://production-01.example.com',
  project: 'prod-project',
  'metadata.labels.environment': 'production',
  'metadata.labels.org': 'bar',
  'metadata.labels.argocd.argoproj.io/secret-type': 'cluster',
  'metadata.annotations.foo.argoproj.io': 'production',
};
const byName = (params: Record<string, unknown>[]) =>
  [...params].sort((a, b) => String(a.name).localeCompare(String(b.name)));

describe('TestGenerateParams (applicationset/generators/cluster_test.go)', () => {
  it('no label selector: every cluster and the in-cluster default, values rendered with fasttemplate', () => {
    const values = {
      lol1: 'lol',
      lol2: '{{values.lol1}}{{values.lol1}}',
      bar: '{{ metadata.annotations.foo.argoproj.io }}',
      bat: '{{ metadata.labels.environment }}',
      aaa: '{{ server }}',
      'no-op': '{{ this-does-not-exist }}',
    };
    const result = clusterParams({ selector: {}, values }, secrets, false, undefined);
    expect(result.ok && byName(result.params)).toEqual([
      {
        name: 'in-cluster',
        nameNormalized: 'in-cluster',
        server: 'https://kubernetes.default.svc',
        project: '',
        'values.lol1': 'lol',
        'values.lol2': '{{values.lol1}}{{values.lol1}}',
        'values.bar': '{{ metadata.annotations.foo.argoproj.io }}',
        'values.bat': '{{ metadata.labels.environment }}',
        'values.aaa': 'https://kubernetes.default.svc',
        'values.no-op': '{{ this-does-not-exist }}',
      },
      {
        ...production,
        'values.lol1': 'lol',
        'values.lol2': '{{values.lol1}}{{values.lol1}}',
        'values.bar': 'production',
        'values.bat': 'production',
        'values.aaa': 'https://production-01.example.com',
        'values.no-op': '{{ this-does-not-exist }}',
      },
      expect.objectContaining({ name: 'staging-01', 'values.bat': 'staging' }),
    ]);
  });

  it('secret type label selector: a non-empty selector leaves the in-cluster default out', () => {
    const result = clusterParams(
      { selector: { matchLabels: { 'argocd.argoproj.io/secret-type': 'cluster' } } },
      secrets,
      false,
      undefined,
    );
    expect(result.ok && byName(result.params).map((p) => p.name)).toEqual([
      'production_01/west',
      'staging-01',
    ]);
  });

  it('production-only', () => {
    const result = clusterParams(
      { selector: { matchLabels: { environment: 'production' } } },
      secrets,
      false,
      undefined,
    );
    expect(result.ok && result.params).toEqual([production]);
  });

  it('production or staging (matchExpressions In)', () => {
    const selector = {
      matchExpressions: [{ key: 'environment', operator: 'In', values: ['production', 'staging'] }],
    };
    const result = clusterParams({ selector }, secrets, false, undefined);
    expect(result.ok && result.params.length).toBe(2);
  });

  it('flat mode without selectors: one set holding every cluster under `clusters`', () => {
    const result = clusterParams({ flatList: true }, secrets, false, undefined);
    expect(result.ok && result.params.length).toBe(1);
    expect(result.ok && (result.params[0].clusters as unknown[]).length).toBe(3);
  });

  it('an operator Kubernetes does not know is refused in its words', () => {
    const selector = { matchExpressions: [{ key: 'environment', operator: 'Equals', values: ['x'] }] };
    expect(clusterParams({ selector }, secrets, false, undefined)).toEqual({
      ok: false,
      error:
        'error getting cluster secrets: error converting label selector: "Equals" is not a valid label selector operator',
    });
  });
});

describe('TestGenerateParamsGoTemplate (applicationset/generators/cluster_test.go)', () => {
  it('production-only: labels and annotations as a metadata map', () => {
    const result = clusterParams(
      { selector: { matchLabels: { environment: 'production' } } },
      secrets,
      true,
      undefined,
    );
    expect(result.ok && result.params).toEqual([
      {
        name: 'production_01/west',
        nameNormalized: 'production-01-west',
        server: 'https://production-01.example.com',
        project: 'prod-project',
        metadata: {
          labels: { 'argocd.argoproj.io/secret-type': 'cluster', environment: 'production', org: 'bar' },
          annotations: { 'foo.argoproj.io': 'production' },
        },
      },
    ]);
  });

  it('{{.name}}, {{.server}} and {{index .metadata.labels "environment"}} render an Application per cluster', () => {
    const appSet: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'guestbook', namespace: 'argocd', uid: 'u' },
      spec: {
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: [{ clusters: { selector: { matchLabels: { org: 'foo' } } } }],
        template: {
          metadata: {
            name: '{{.nameNormalized}}-guestbook',
            labels: { env: '{{index .metadata.labels "environment"}}' },
          },
          spec: { destination: { server: '{{.server}}', namespace: 'guestbook' }, project: 'default' },
        },
      },
    };
    const rendered = renderApplications(appSet, { secrets });
    expect(
      rendered.ok &&
        rendered.applications.map((a) => [a.metadata.name, a.metadata.labels, a.spec.destination]),
    ).toEqual([
      [
        'staging-01-guestbook',
        { env: 'staging' },
        { server: 'https://staging-01.example.com', namespace: 'guestbook' },
      ],
    ]);
  });
});

describe('TestSanitizeClusterName (applicationset/generators/cluster_test.go)', () => {
  it('valid DNS-1123 subdomain name', () => expect(sanitizeName('cluster-name')).toBe('cluster-name'));
  it('invalid DNS-1123 subdomain name', () =>
    expect(sanitizeName('-.--CLUSTER/name  -./.-')).toBe('cluster-name'));
});
