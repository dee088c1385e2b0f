/**
 * util/argo/normalizers/diff_normalizer_test.go, replayed on the sandbox's ignore normalizer (ignoreDifferences.ts)
 * and its jq subset (jqPathExpression.ts), with what the sandbox refuses when it reads an Application.
 */
import { describe, expect, it } from 'vitest';
import { deployment } from '../../../test/kits/simulation.testKit';
import type { JsonAny, KubeObject } from '../types';
import {
  ignoreDifferencesProblem,
  ignoreRulesOf,
  normalizeIgnored,
  respectIgnored,
} from './ignoreDifferences';

const web = (): KubeObject => deployment('web', { replicas: 2 });
const normalize = (entries: JsonAny[], obj: KubeObject) =>
  normalizeIgnored(ignoreRulesOf(entries), obj, 'default');
const withInit = (names: string[]): KubeObject => {
  const d = web();
  return {
    ...d,
    spec: {
      ...d.spec,
      template: {
        ...d.spec.template,
        spec: { ...d.spec.template.spec, initContainers: names.map((name) => ({ name })) },
      },
    },
  };
};

describe('util/argo/normalizers/diff_normalizer_test.go', () => {
  it('TestNormalizeObjectWithMatchedGroupKind: a matching pointer removes the field; one that does not exist is skipped', () => {
    const out = normalize(
      [
        {
          group: 'apps',
          kind: 'Deployment',
          jsonPointers: ['/not-matching-path', '/spec/template/spec/containers'],
        },
      ],
      web(),
    );
    expect(out.spec.template.spec.containers).toBeUndefined();
    expect(out.spec.replicas).toBe(2);
  });

  it('TestNormalizeNoMatchedGroupKinds: a rule for another kind leaves the object as it is', () => {
    const d = web();
    expect(normalize([{ group: '', kind: 'Service', jsonPointers: ['/spec'] }], d)).toBe(d);
  });

  it('TestNormalizeMissingJsonPointer: a pointer to a missing field is no error and changes nothing', () => {
    const d = web();
    expect(normalize([{ group: 'apps', kind: 'Deployment', jsonPointers: ['/garbage'] }], d)).toEqual(d);
  });

  it('TestNormalizeGlobMatch: group and kind are globs', () => {
    const out = normalize(
      [{ group: '*', kind: '*', jsonPointers: ['/spec/template/spec/containers'] }],
      web(),
    );
    expect(out.spec.template.spec.containers).toBeUndefined();
  });

  it('TestNormalizeJQPathExpression: the init container selected by name is removed, the other stays', () => {
    const out = normalize(
      [
        {
          group: 'apps',
          kind: 'Deployment',
          jqPathExpressions: ['.spec.template.spec.initContainers[] | select(.name == "init-container-0")'],
        },
      ],
      withInit(['init-container-0', 'init-container-1']),
    );
    expect(out.spec.template.spec.initContainers).toEqual([{ name: 'init-container-1' }]);
  });

  it('TestNormalizeIllegalJQPathExpression: an expression that does not parse is refused', () => {
    const problem = ignoreDifferencesProblem([
      {
        group: 'apps',
        kind: 'Deployment',
        jqPathExpressions: ['.spec.template.spec.containers[] | select(.name == "missing-quote)'],
      },
    ]);
    expect(problem).toContain('spec.ignoreDifferences[0].jqPathExpression');
  });

  it('TestNormalizeJQPathExpressionWithError: a run-time error ("Cannot iterate over null") skips the patch', () => {
    const d = web();
    expect(
      normalize([{ group: 'apps', kind: 'Deployment', jqPathExpressions: ['.spec.fakeField.foo[]'] }], d),
    ).toEqual(d);
  });

  it('a name or namespace in the entry narrows it to that object', () => {
    const d = web();
    expect(
      normalize([{ kind: 'Deployment', group: 'apps', name: 'other', jsonPointers: ['/spec/replicas'] }], d),
    ).toBe(d);
    expect(
      normalize(
        [{ kind: 'Deployment', group: 'apps', namespace: 'default', jsonPointers: ['/spec/replicas'] }],
        d,
      ).spec.replicas,
    ).toBeUndefined();
  });
});

describe('the jq subset of the docs, and what the sandbox refuses (docs/user-guide/diffing.md)', () => {
  it.each([
    '.spec.template.spec.initContainers[] | select(.name == "injected-init-container")',
    '.webhooks[]?.clientConfig.caBundle',
    '.metadata.annotations."example.com/x"',
    '.spec.template.spec.containers[0].image',
    '.data["config.yaml"]',
  ])('reads %s', (expression) => {
    expect(ignoreDifferencesProblem([{ kind: 'X', jqPathExpressions: [expression] }])).toBeUndefined();
  });

  it('refuses the rest of jq with one sentence that says what it reads', () => {
    expect(
      ignoreDifferencesProblem([{ kind: 'ConfigMap', jqPathExpressions: ['.data | map_values(tostring)'] }]),
    ).toBe(
      'spec.ignoreDifferences[0].jqPathExpression ".data | map_values(tostring)": the sandbox reads only jq paths (.a.b, ."a.b", .a[], .a[]?, .a[0]) piped into select(PATH == LITERAL) or select(PATH != LITERAL); Argo CD would run it with gojq',
    );
  });

  it('refuses managedFieldsManagers: the fake API server records no field managers', () => {
    expect(
      ignoreDifferencesProblem([
        { group: '*', kind: '*', managedFieldsManagers: ['kube-controller-manager'] },
      ]),
    ).toBe(
      "spec.ignoreDifferences[0].managedFieldsManagers is not modelled: the sandbox's API server keeps no managedFields, so it cannot tell which manager set a field; use jsonPointers or jqPathExpressions",
    );
  });

  it('the webhook example: caBundle removed from every webhook, none required', () => {
    const cfg = {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'w' },
      webhooks: [{ name: 'a', clientConfig: { caBundle: 'x', url: 'u' } }, { name: 'b' }],
    } as KubeObject;
    const out = normalize(
      [
        {
          group: 'admissionregistration.k8s.io',
          kind: 'MutatingWebhookConfiguration',
          jqPathExpressions: ['.webhooks[]?.clientConfig.caBundle'],
        },
      ],
      cfg,
    );
    expect(out.webhooks).toEqual([{ name: 'a', clientConfig: { url: 'u' } }, { name: 'b' }]);
  });
});

describe('controller/sync_test.go TestNormalizeTargetResources (RespectIgnoreDifferences)', () => {
  it('TestNormalizeTargetResources: the target takes the live value of an ignored field and keeps the rest of Git', () => {
    const rules = ignoreRulesOf([{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }]);
    const target = web();
    const live = { ...web(), spec: { ...web().spec, replicas: 5 }, status: { replicas: 5 } };
    const out = respectIgnored(rules, target, live, 'default');
    expect(out.spec.replicas).toBe(5);
    expect(out.spec.template).toEqual(target.spec.template);
    expect(out.status).toBeUndefined();
  });

  it('an ignored field the live object lacks is left out of the target', () => {
    const rules = ignoreRulesOf([{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }]);
    const live = web();
    delete live.spec.replicas;
    expect(respectIgnored(rules, web(), live, 'default').spec.replicas).toBeUndefined();
  });
});
