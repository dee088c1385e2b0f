import { describe, expect, it } from 'vitest';
import { annotationHelmHookDeletePolicy, annotationKeyHookDeletePolicy } from '../annotations';
import type { KubeObject } from '../types';
import { deletePolicies } from './deletePolicy';
import { hasDeletePolicy, newTask } from './syncTask';

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

/**
 * Issue 28 (engine speed): a tick asks every finished hook for its delete policies, so the answer is made once per
 * pair of annotation texts (syncTask.ts `policiesOf`). The texts are read each time, so a hook whose annotation
 * changes gets the policies of its new text, Argo's and Helm's words alike.
 */
describe('hasDeletePolicy answers made once per pair of annotation texts', () => {
  it('reads the texts each time and answers as deletePolicies does', () => {
    const hook = (annotations: Record<string, string>) =>
      newTask('PostSync', obj({ 'argocd.argoproj.io/hook': 'PostSync', ...annotations }));
    const a = hook({ [annotationKeyHookDeletePolicy]: 'HookSucceeded' });
    expect(hasDeletePolicy(a, 'HookSucceeded')).toBe(true);
    expect(hasDeletePolicy(a, 'BeforeHookCreation')).toBe(false);
    a.target!.metadata.annotations![annotationKeyHookDeletePolicy] = 'HookFailed';
    expect(hasDeletePolicy(a, 'HookSucceeded')).toBe(false);
    expect(hasDeletePolicy(a, 'HookFailed')).toBe(true);
    const helm = hook({ [annotationHelmHookDeletePolicy]: 'hook-succeeded,before-hook-creation' });
    expect(hasDeletePolicy(helm, 'BeforeHookCreation')).toBe(true);
    expect(hasDeletePolicy(hook({}), 'BeforeHookCreation')).toBe(true);
    // Not a hook: a delete policy means nothing (§4.1 case 7).
    const plain = newTask('Sync', obj({ [annotationKeyHookDeletePolicy]: 'HookSucceeded' }));
    expect(hasDeletePolicy(plain, 'HookSucceeded')).toBe(false);
  });
});
