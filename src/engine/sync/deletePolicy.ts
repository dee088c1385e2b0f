import { annotationCsv, annotationHelmHookDeletePolicy, annotationKeyHookDeletePolicy } from '../annotations';
import type { HookDeletePolicy, KubeObject } from '../types';

const argoPolicies: readonly string[] = ['BeforeHookCreation', 'HookSucceeded', 'HookFailed'];

/** Helm's delete policies and their Argo CD equivalents (engine `hook/helm/delete_policy.go`). */
const helmPolicies: Record<string, HookDeletePolicy> = {
  'before-hook-creation': 'BeforeHookCreation',
  'hook-succeeded': 'HookSucceeded',
  'hook-failed': 'HookFailed',
};

/**
 * The delete policies of a hook (argocd-semantics.md §2.14): the valid Argo words plus the mapped Helm words;
 * with none at all, `BeforeHookCreation`. Naming any policy drops that implicit default (§6 item 8).
 */
export function deletePolicies(obj: KubeObject): HookDeletePolicy[] {
  const policies: HookDeletePolicy[] = [];
  const add = (p: HookDeletePolicy) => {
    if (!policies.includes(p)) policies.push(p);
  };
  for (const word of annotationCsv(obj, annotationKeyHookDeletePolicy)) {
    if (argoPolicies.includes(word)) add(word as HookDeletePolicy);
  }
  for (const word of annotationCsv(obj, annotationHelmHookDeletePolicy)) {
    const mapped = helmPolicies[word];
    if (mapped) add(mapped);
  }
  if (policies.length === 0) policies.push('BeforeHookCreation');
  return policies;
}
