import { describe, expect, it } from 'vitest';
import { annotationHelmHookDeletePolicy, annotationKeyHookDeletePolicy } from '../annotations';
import type { KubeObject } from '../types';
import { deletePolicies } from './deletePolicy';

function obj(annotations: Record<string, string> = {}): KubeObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', annotations } };
}

// gitops-engine pkg/sync/hook/delete_policy_test.go and hook/helm/delete_policy_test.go (4.1 #5).
describe('4.1 #5 delete_policy_test', () => {
  it('TestDeletePolicies (hook): BeforeHookCreation by default and for garbage, else the policy as written', () => {
    const policyOf = (value?: string) =>
      deletePolicies(obj(value === undefined ? {} : { [annotationKeyHookDeletePolicy]: value }));
    expect(policyOf()).toEqual(['BeforeHookCreation']);
    expect(policyOf('garbage')).toEqual(['BeforeHookCreation']);
    expect(policyOf('BeforeHookCreation')).toEqual(['BeforeHookCreation']);
    expect(policyOf('HookSucceeded')).toEqual(['HookSucceeded']);
    expect(policyOf('HookFailed')).toEqual(['HookFailed']);
    expect(deletePolicies(obj({ [annotationHelmHookDeletePolicy]: 'hook-succeeded' }))).toEqual([
      'HookSucceeded',
    ]);
  });

  it('naming HookSucceeded drops the implicit BeforeHookCreation', () => {
    expect(deletePolicies(obj({ [annotationKeyHookDeletePolicy]: 'HookSucceeded' }))).not.toContain(
      'BeforeHookCreation',
    );
  });

  it('TestDeletePolicies (helm): each helm.sh/hook-delete-policy is read', () => {
    const helm = (value: string) => deletePolicies(obj({ [annotationHelmHookDeletePolicy]: value }));
    expect([helm('before-hook-creation'), helm('hook-succeeded'), helm('hook-failed')]).toEqual([
      ['BeforeHookCreation'],
      ['HookSucceeded'],
      ['HookFailed'],
    ]);
  });

  it.each([
    ['before-hook-creation', 'BeforeHookCreation'],
    ['hook-succeeded', 'HookSucceeded'],
    ['hook-failed', 'HookFailed'],
  ])('TestDeletePolicy_DeletePolicy (helm): %s maps to %s', (helm, policy) => {
    expect(deletePolicies(obj({ [annotationHelmHookDeletePolicy]: helm }))).toEqual([policy]);
  });
});
