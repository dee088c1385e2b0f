import { describe, expect, it } from 'vitest';
import { failureMessage, invalidTasksMessage, pruneConfirmationMessage, waitingMessage } from './messages';

const res = (name: string) => ({ group: '', kind: 'Pod', name, hook: false });
const hook = (name: string) => ({ group: '', kind: 'Pod', name, hook: true });

describe('4.5 #52 Test_setRunningPhase', () => {
  it.each([
    ['empty', [], false, ''],
    ['one resource', [res('my-pod')], false, 'waiting for healthy state of /Pod/my-pod'],
    [
      'three resources',
      [res('pod-1'), res('pod-2'), res('pod-3')],
      false,
      'waiting for healthy state of /Pod/pod-1 and 2 more resources',
    ],
    ['one hook', [hook('hook-1')], false, 'waiting for completion of hook /Pod/hook-1'],
    [
      'two hooks',
      [hook('hook-1'), hook('hook-2')],
      false,
      'waiting for completion of hook /Pod/hook-1 and 1 more hooks',
    ],
    [
      'hooks first',
      [res('pod-1'), hook('hook-1'), res('pod-2')],
      false,
      'waiting for completion of hook /Pod/hook-1 and 2 more resources',
    ],
    ['deleting a resource', [res('my-pod')], true, 'waiting for deletion of /Pod/my-pod'],
    [
      'deleting resources',
      [res('pod-1'), res('pod-2'), res('pod-3')],
      true,
      'waiting for deletion of /Pod/pod-1 and 2 more resources',
    ],
    ['deleting a hook', [hook('hook-1')], true, 'waiting for deletion of hook /Pod/hook-1'],
    [
      'deleting hooks',
      [hook('hook-1'), hook('hook-2')],
      true,
      'waiting for deletion of hook /Pod/hook-1 and 1 more hooks',
    ],
    [
      'deleting a mix',
      [res('pod-1'), hook('hook-1'), res('pod-2')],
      true,
      'waiting for deletion of hook /Pod/hook-1 and 2 more resources',
    ],
  ])('%s', (_name, items, deletion, expected) => {
    expect(waitingMessage(items, deletion)).toBe(expected);
  });

  it('names the group of grouped kinds', () => {
    expect(waitingMessage([{ group: 'apps', kind: 'Deployment', name: 'backend', hook: false }], false)).toBe(
      'waiting for healthy state of apps/Deployment/backend',
    );
  });

  it('asks for pruning confirmation of the first unconfirmed prune', () => {
    expect(pruneConfirmationMessage([res('my-pod')])).toBe('waiting for pruning confirmation of /Pod/my-pod');
    expect(pruneConfirmationMessage([res('a'), res('b')])).toBe(
      'waiting for pruning confirmation of /Pod/a and 1 more resources',
    );
  });
});

describe('4.5 #55 Test_executeSyncFailPhase messages', () => {
  it('Test_executeSyncFailPhase: the base message, then the reason', () => {
    expect(failureMessage('one or more objects failed to apply', ['namespace not found'])).toBe(
      'one or more objects failed to apply, reason: namespace not found',
    );
  });

  it('Test_executeSyncFailPhase_DuplicatedMessages: adds distinct reasons once each', () => {
    expect(
      failureMessage('one or more objects failed to apply', ['namespace not found', 'namespace not found']),
    ).toBe('one or more objects failed to apply, reason: namespace not found');
  });

  it('Test_executeSyncFailPhase_NoTasks: is the base message alone without failed tasks', () => {
    expect(failureMessage('one or more objects failed to apply', [])).toBe(
      'one or more objects failed to apply',
    );
  });

  it('sorts reasons, because Go gives no order', () => {
    expect(failureMessage('base', ['b', 'a'])).toBe('base, reason: a,b');
  });
});

describe('§2.6 invalid task list', () => {
  it('lists the distinct reasons, sorted and joined with "; "', () => {
    expect(
      invalidTasksMessage(['not permitted in project', 'discovery failed', 'not permitted in project']),
    ).toBe('one or more synchronization tasks are not valid: discovery failed; not permitted in project');
  });
});
