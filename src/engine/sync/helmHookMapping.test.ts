import { describe, expect, it } from 'vitest';
import { annotationHelmHook, annotationKeyHook } from '../annotations';
import { pod, testOptions } from '../../../test/kits/fakeCluster.testKit';
import { helmHookMapping } from './helmHookMapping';
import { planSync } from './planSync';

const annotated = (name: string, annotations: Record<string, string>) => {
  const p = pod(name);
  return { ...p, metadata: { ...p.metadata, annotations } };
};

// gitops-engine pkg/sync/hook/helm/type.go `hookTypes` (type_test.go TestType_HookType) and hook/hook.go `Types`,
// which reads helm.sh/hook only when argocd.argoproj.io/hook names no valid type.
describe('the order table’s Helm hook mapping (gitops-engine helm/type.go hookTypes, hook.go Types)', () => {
  it('says which helm.sh/hook words gave a hook its phase: post-install → PostSync, pre-install,pre-upgrade → PreSync', () => {
    const plan = planSync({
      desired: [
        annotated('migrate', { [annotationHelmHook]: 'pre-install,pre-upgrade' }),
        annotated('smoke', { [annotationHelmHook]: 'post-install' }),
        annotated('test', { [annotationHelmHook]: 'test' }),
        pod('web'),
      ],
      live: [],
      options: testOptions(),
    });
    expect(plan.tasks.map((t) => [t.phase, t.name, t.hookSource])).toEqual([
      ['PreSync', 'migrate', 'helm.sh/hook: pre-install,pre-upgrade → PreSync'],
      // A Helm hook of a type Argo CD does not map (test) is a hook with no type, which Argo CD leaves out of the
      // sync (argocd-semantics.md §1.3 step 5, a "garbage hook"): it has no row.
      ['Sync', 'web', ''],
      ['PostSync', 'smoke', 'helm.sh/hook: post-install → PostSync'],
    ]);
  });

  it('says nothing when argocd.argoproj.io/hook names a valid type: Argo CD ignores the Helm annotation then', () => {
    const both = annotated('smoke', { [annotationKeyHook]: 'Sync', [annotationHelmHook]: 'post-install' });
    expect(helmHookMapping(both, 'Sync')).toBe('');
    const garbage = annotated('smoke', {
      [annotationKeyHook]: 'Garbage',
      [annotationHelmHook]: 'post-upgrade',
    });
    expect(helmHookMapping(garbage, 'PostSync')).toBe('helm.sh/hook: post-upgrade → PostSync');
  });
});
