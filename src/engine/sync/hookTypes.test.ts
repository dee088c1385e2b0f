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

describe('4.1 #1 sync_phase_test: the phases of an object', () => {
  it.each([
    ['no hook annotation', obj(), ['Sync']],
    ['PreSync', argo('PreSync'), ['PreSync']],
    ['Sync', argo('Sync'), ['Sync']],
    ['PostSync', argo('PostSync'), ['PostSync']],
    ['SyncFail', argo('SyncFail'), ['SyncFail']],
    ['Skip', argo('Skip'), []],
    ['Garbage', argo('Garbage'), []],
    ['PreSync,PostSync', argo('PreSync,PostSync'), ['PreSync', 'PostSync']],
    ['PreSync,PreSync', argo('PreSync,PreSync'), ['PreSync']],
    ['helm pre-install,pre-upgrade', helm('pre-install,pre-upgrade'), ['PreSync']],
  ])('%s', (_name, object, phases) => {
    expect(syncPhasesOf(object)).toEqual(phases);
  });
});

describe('4.1 #2 hook_test: hook, skip and types', () => {
  it('an object without annotation is neither hook nor skip', () => {
    expect([isHook(obj()), isSkip(obj()), hookTypes(obj())]).toEqual([false, false, []]);
  });

  it.each(['PreSync', 'Sync', 'PostSync', 'SyncFail'])('%s alone is a hook of that type', (type) => {
    expect([isHook(argo(type)), isSkip(argo(type)), hookTypes(argo(type))]).toEqual([true, false, [type]]);
  });

  it('Skip alone is not a hook but a skip', () => {
    expect([isHook(argo('Skip')), isSkip(argo('Skip')), hookTypes(argo('Skip'))]).toEqual([
      false,
      true,
      ['Skip'],
    ]);
  });

  it('Garbage is a hook without types', () => {
    expect([isHook(argo('Garbage')), isSkip(argo('Garbage')), hookTypes(argo('Garbage'))]).toEqual([
      true,
      false,
      [],
    ]);
  });

  it('Skip together with phases is a hook, not a skip', () => {
    const o = argo('Skip,PreSync,PostSync');
    expect([isHook(o), isSkip(o), hookTypes(o)]).toEqual([true, false, ['Skip', 'PreSync', 'PostSync']]);
  });

  it('duplicates and garbage words are dropped', () => {
    expect(hookTypes(argo('Sync,Sync'))).toEqual(['Sync']);
    expect(hookTypes(argo('Sync,Garbage'))).toEqual(['Sync']);
    expect(hookTypes(argo('PreSync,PostSync'))).toEqual(['PreSync', 'PostSync']);
  });

  it('Helm hooks map to engine types, unless an Argo type is present', () => {
    expect([isHook(helm('pre-install')), hookTypes(helm('pre-install'))]).toEqual([true, ['PreSync']]);
    expect([isHook(helm('garbage')), hookTypes(helm('garbage'))]).toEqual([true, []]);
    const both = obj({ [annotationKeyHook]: 'Sync', [annotationHelmHook]: 'pre-install' });
    expect(hookTypes(both)).toEqual(['Sync']);
  });
});

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
  ])('helm.sh/hook: %s', (value, types) => {
    expect(hookTypes(helm(value))).toEqual(types);
  });

  it('a CRD with helm.sh/hook: crd-install is not a hook; any other value is', () => {
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
