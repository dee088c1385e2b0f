import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { invalidLabelsMessage } from './validateLabels';
import { unknownFieldProblem } from '../cluster/unknownField';

const withLabels = (labels: Record<string, string>, apiVersion = 'v1', kind = 'ConfigMap'): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name: 'x', labels },
});

describe('the API server check of labels (apimachinery ValidateLabels)', () => {
  it('accepts keys with a DNS prefix, empty values and 63 characters', () => {
    expect(
      invalidLabelsMessage(withLabels({ 'app.kubernetes.io/name': 'web', a: '', b: 'v'.repeat(63) })),
    ).toBeUndefined();
  });

  it('refuses a value with a slash, in kubectl words with the group-qualified kind', () => {
    expect(invalidLabelsMessage(withLabels({ my: 'a/b' }, 'apps/v1', 'Deployment'))).toBe(
      'Deployment.apps "x" is invalid: metadata.labels: Invalid value: "a/b": a valid label must be an empty string ' +
        "or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric " +
        "character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is " +
        "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
  });

  it.each([
    ['a value of 64 characters', { a: 'v'.repeat(64) }, 'must be no more than 63 characters'],
    ['a key ending in a dash', { 'bad-': 'v' }, 'name part must consist of alphanumeric characters'],
    ['an upper-case prefix', { 'Example.com/a': 'v' }, 'prefix part a lowercase RFC 1123 subdomain'],
    ['two slashes', { 'a/b/c': 'v' }, 'a qualified name must consist of'],
  ])('refuses %s', (_name, labels, detail) => {
    expect(invalidLabelsMessage(withLabels(labels))).toContain(detail);
  });
});

describe('strict field validation of the top level (kubectl apply --validate=strict)', () => {
  it('names the first unknown field of a known kind, and leaves other kinds alone', () => {
    const cm = { ...withLabels({}), invalidKey: 'x' } as KubeObject;
    expect(unknownFieldProblem(cm)).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "invalidKey"',
    );
    expect(
      unknownFieldProblem({ ...withLabels({}), data: {}, immutable: true } as KubeObject),
    ).toBeUndefined();
    expect(
      unknownFieldProblem({ ...withLabels({}, 'example.com/v1', 'Widget'), extra: 1 } as KubeObject),
    ).toBeUndefined();
  });
});
