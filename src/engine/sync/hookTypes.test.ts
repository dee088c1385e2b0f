import { describe, expect, it } from 'vitest';
import { annotationHelmHook, annotationKeyHook } from '../annotations';
import type { KubeObject } from '../types';
import { deleteHookTypes, hookTypes, isHook, isIgnored, isSkip } from './hookTypes';
import { syncPhasesOf } from './syncPhases';

function obj(annotations: Record<string, string> = {}, kind = 'Pod'): KubeObject {
  return { apiVersion: 'v1', kind, metadata: { name: 'x', annotations } };
}
const argo = (value: string) => obj({ [annotationKeyHook]: value });
const helm = (value: string) => obj({ [annotationHelmHook]: value });

// gitops-engine pkg/sync/sync_phase_test.go, one case per upstream test (argocd-semantics.md 4.1 #1).
describe('4.1 #1 sync_phase_test: the phases of an object', () => {
  it.each([
    ['TestSyncPhaseNone', obj(), ['Sync']],
    ['TestSyncPhasePreSync', argo('PreSync'), ['PreSync']],
    ['TestSyncPhaseSync', argo('Sync'), ['Sync']],
    ['TestSyncPhaseSkip', argo('Skip'), []],
    ['TestSyncPhaseGarbage', argo('Garbage'), []],
    ['TestSyncPhasePost', argo('PostSync'), ['PostSync']],
    ['TestSyncPhaseFail', argo('SyncFail'), ['SyncFail']],
    ['TestSyncPhaseTwoPhases', argo('PreSync,PostSync'), ['PreSync', 'PostSync']],
  ])('%s', (_name, object, phases) => {
    expect(syncPhasesOf(object)).toEqual(phases);
  });

  it('TestSyncDuplicatedPhases: a phase named twice, or two Helm hooks of one phase, is that phase once', () => {
    expect(syncPhasesOf(argo('PreSync,PreSync'))).toEqual(['PreSync']);
    expect(syncPhasesOf(helm('pre-install,pre-upgrade'))).toEqual(['PreSync']);
  });
});

/** [isHook, isSkip, hookTypes] of an object, the three answers gitops-engine's hook_test.go asserts. */
const hookAnswers = (o: KubeObject) => [isHook(o), isSkip(o), hookTypes(o)];

// gitops-engine pkg/sync/hook/hook_test.go, one case per upstream test (4.1 #2).
describe('4.1 #2 hook_test: hook, skip and types', () => {
  it('TestNoHooks: an object without annotation is neither hook nor skip', () => {
    expect(hookAnswers(obj())).toEqual([false, false, []]);
  });

  it.each(['PreSync', 'Sync', 'PostSync', 'SyncFail'])(
    'TestOneHook: %s alone is a hook of that type',
    (type) => {
      expect(hookAnswers(argo(type))).toEqual([true, false, [type]]);
    },
  );

  it('TestSkipHook: Skip alone is not a hook but a skip', () => {
    expect(hookAnswers(argo('Skip'))).toEqual([false, true, ['Skip']]);
  });

  it('TestGarbageHook: a misspelt type is a hook without types', () => {
    expect(hookAnswers(argo('Garbage'))).toEqual([true, false, []]);
  });

  it('TestTwoHooks: PreSync,PostSync is a hook of both types', () => {
    expect(hookAnswers(argo('PreSync,PostSync'))).toEqual([true, false, ['PreSync', 'PostSync']]);
  });

  it('TestDupHookTypes: a type named twice is kept once', () => {
    expect(hookTypes(argo('Sync,Sync'))).toEqual(['Sync']);
  });

  it('TestSkipAndHook: Skip together with phases is a hook, not a skip', () => {
    expect(hookAnswers(argo('Skip,PreSync,PostSync'))).toEqual([
      true,
      false,
      ['Skip', 'PreSync', 'PostSync'],
    ]);
  });

  it('TestGarbageAndHook: garbage words beside a type are dropped', () => {
    expect(hookAnswers(argo('Sync,Garbage'))).toEqual([true, false, ['Sync']]);
  });

  it('TestHelmHook: helm.sh/hook pre-install is a PreSync hook', () => {
    expect(hookAnswers(helm('pre-install'))).toEqual([true, false, ['PreSync']]);
  });

  it('TestGarbageHelmHook: an unknown Helm hook is a hook without types', () => {
    expect(hookAnswers(helm('garbage'))).toEqual([true, false, []]);
  });

  it('TestBothHooks: the Argo CD annotation wins over the Helm one', () => {
    const both = obj({ [annotationKeyHook]: 'Sync', [annotationHelmHook]: 'pre-install' });
    expect(hookTypes(both)).toEqual(['Sync']);
  });
});

// gitops-engine pkg/sync/hook/helm/type_test.go and hook_test.go (4.1 #3).
describe('4.1 #3 helm type_test and hook_test', () => {
  it.each([
    ['pre-install', ['PreSync']],
    ['pre-upgrade', ['PreSync']],
    ['post-upgrade', ['PostSync']],
    ['post-install', ['PostSync']],
    ['crd-install', []],
    ['pre-rollback', []],
    ['post-rollback', []],
    ['test-success', []],
    ['test-failure', []],
  ])('TestTypes (helm): helm.sh/hook: %s', (value, types) => {
    expect(hookTypes(helm(value))).toEqual(types);
  });

  it('TestType_HookType (helm): the four Helm hooks Argo CD supports map to PreSync and PostSync', () => {
    const types = ['pre-install', 'pre-upgrade', 'post-upgrade', 'post-install'].map((v) =>
      hookTypes(helm(v)),
    );
    expect(types).toEqual([['PreSync'], ['PreSync'], ['PostSync'], ['PostSync']]);
  });

  it('TestIsHook (helm): a CRD with helm.sh/hook: crd-install is not a hook; any other value is', () => {
    expect(isHook(obj())).toBe(false);
    expect(isHook(obj({ [annotationHelmHook]: 'crd-install' }, 'CustomResourceDefinition'))).toBe(false);
    expect(isHook(helm('anything'))).toBe(true);
  });
});

describe('4.1 #4 ignore_test: garbage hooks are dropped', () => {
  it.each([
    ['a plain pod', obj(), false],
    ['an Argo Sync hook', argo('Sync'), false],
    ['an Argo garbage hook', argo('garbage'), true],
    ['a Helm pre-install hook', helm('pre-install'), false],
    ['a Helm garbage hook', helm('garbage'), true],
  ])('%s', (_name, object, ignored) => {
    expect(isIgnored(object)).toBe(ignored);
  });
});

describe('app-deletion hooks', () => {
  it('PreDelete is not an engine type, so a PreDelete-only hook is dropped from the sync', () => {
    expect(isIgnored(argo('PreDelete'))).toBe(true);
    expect(deleteHookTypes(argo('PreDelete'))).toEqual(['PreDelete']);
    expect(deleteHookTypes(helm('post-delete'))).toEqual(['PostDelete']);
  });

  it('a hook that also lists a sync phase stays in the sync', () => {
    expect(syncPhasesOf(argo('PreDelete,PreSync'))).toEqual(['PreSync']);
  });
});
