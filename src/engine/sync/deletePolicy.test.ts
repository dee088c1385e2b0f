import { describe, expect, it } from 'vitest';
import { annotationHelmHookDeletePolicy, annotationKeyHookDeletePolicy } from '../annotations';
import type { KubeObject } from '../types';
import { deletePolicies } from './deletePolicy';

function obj(annotations: Record<string, string> = {}): KubeObject {
  return { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', annotations } };
}

describe('4.1 #5 delete_policy_test', () => {
  it('defaults to BeforeHookCreation without an annotation or with garbage', () => {
    expect(deletePolicies(obj())).toEqual(['BeforeHookCreation']);
    expect(deletePolicies(obj({ [annotationKeyHookDeletePolicy]: 'garbage' }))).toEqual([
      'BeforeHookCreation',
    ]);
  });

  it.each(['BeforeHookCreation', 'HookSucceeded', 'HookFailed'])('%s is taken as written', (policy) => {
    expect(deletePolicies(obj({ [annotationKeyHookDeletePolicy]: policy }))).toEqual([policy]);
  });

  it('naming HookSucceeded drops the implicit BeforeHookCreation', () => {
    expect(deletePolicies(obj({ [annotationKeyHookDeletePolicy]: 'HookSucceeded' }))).not.toContain(
      'BeforeHookCreation',
    );
  });

  it.each([
    ['before-hook-creation', 'BeforeHookCreation'],
    ['hook-succeeded', 'HookSucceeded'],
    ['hook-failed', 'HookFailed'],
  ])('Helm %s maps to %s', (helm, policy) => {
    expect(deletePolicies(obj({ [annotationHelmHookDeletePolicy]: helm }))).toEqual([policy]);
  });
});
