import { describe, expect, it } from 'vitest';
import { annotationKeyHookDeletePolicy } from '../annotations';
import { hookPod, pod } from '../../../test/kits/fakeCluster.testKit';
import {
  deleteBeforeCreation,
  deleteOnPhaseFailed,
  deleteOnPhaseSuccessful,
  hasDeletePolicy,
  hookTypeOf,
  newTask,
  resultKey,
} from './syncTask';

describe('4.1 #7 sync_task_test', () => {
  it('hookType is empty for a plain resource and the phase for a hook', () => {
    expect(hookTypeOf(newTask('Sync', pod()))).toBe('');
    expect(hookTypeOf(newTask('PostSync', hookPod('h', 'PostSync')))).toBe('PostSync');
  });

  it('a delete policy on a non-hook counts for nothing', () => {
    const plain = pod('p', { [annotationKeyHookDeletePolicy]: 'HookSucceeded' });
    expect(hasDeletePolicy(newTask('Sync', plain, plain), 'HookSucceeded')).toBe(false);
  });

  it('deleteBeforeCreation needs a hook, a live object and BeforeHookCreation', () => {
    const hook = hookPod('h', 'Sync', 'BeforeHookCreation');
    expect(deleteBeforeCreation(newTask('Sync', hook, hook))).toBe(true);
    expect(deleteBeforeCreation(newTask('Sync', hook))).toBe(false);
    const other = hookPod('h', 'Sync', 'HookSucceeded');
    expect(deleteBeforeCreation(newTask('Sync', other, other))).toBe(false);
  });

  it('a live hook with HookSucceeded or HookFailed is deleted when the operation completes', () => {
    const succeeded = hookPod('h', 'Sync', 'HookSucceeded');
    const failed = hookPod('h', 'Sync', 'HookFailed');
    expect(deleteOnPhaseSuccessful(newTask('Sync', succeeded, succeeded))).toBe(true);
    expect(deleteOnPhaseFailed(newTask('Sync', failed, failed))).toBe(true);
    expect(deleteOnPhaseSuccessful(newTask('Sync', succeeded))).toBe(false);
  });

  it('the result key is group/kind/namespace/name:phase', () => {
    expect(resultKey(newTask('PreSync', hookPod('h', 'PreSync')))).toBe('/Pod/fake-argocd-ns/h:PreSync');
  });
});
