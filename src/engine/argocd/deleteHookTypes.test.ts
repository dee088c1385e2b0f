/**
 * controller/hook_test.go: which objects are the controller's app-deletion hooks (PreDelete, PostDelete; Argo CD's
 * annotation or Helm's `pre-delete`/`post-delete`, each a comma-separated list) and which stay in the sync set
 * (controller/state.go `partitionTargetObjsForSync`). The sandbox reads the delete hook types with
 * `deleteHookTypes`, drops a hook with no sync phase from the sync (`reconcile`, §1.3 rule 5), and gives the
 * Application the delete-hook finalizers when one is in Git (`deleteHookFinalizers`).
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { deleteHookTypes, reconcile } from '../sync';
import { deleteHookFinalizers, executeDeleteHooks } from './deleteHooks';
import { ObjectStore } from '../cluster/store';
import { SimClock } from '../clock';
import { Rng } from '../random';

const obj = (name: string, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace: 'default', ...(annotations ? { annotations } : {}) },
});
const argo = (value: string) => ({ 'argocd.argoproj.io/hook': value });
const helm = (value: string) => ({ 'helm.sh/hook': value });

describe('controller/hook_test.go', () => {
  it.each<[string, 'PreDelete' | 'PostDelete', Record<string, string> | undefined, boolean]>([
    ['ArgoCD PreDelete hook', 'PreDelete', argo('PreDelete'), true],
    ['Helm PreDelete hook', 'PreDelete', helm('pre-delete'), true],
    ['ArgoCD PostDelete hook', 'PostDelete', argo('PostDelete'), true],
    ['Helm PostDelete hook', 'PostDelete', helm('post-delete'), true],
    ['Not a hook', 'PreDelete', { 'some-other': 'annotation' }, false],
    ['Wrong hook type', 'PreDelete', argo('PostDelete'), false],
    ['Nil annotations', 'PreDelete', undefined, false],
  ])('TestIsHookOfType: %s', (_name, type, annotations, expected) => {
    expect(deleteHookTypes(obj('hook', annotations)).includes(type)).toBe(expected);
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['ArgoCD PreDelete hook', argo('PreDelete'), true],
    ['Helm PreDelete hook', helm('pre-delete'), true],
    ['ArgoCD PostDelete hook', argo('PostDelete'), false],
    ['Helm PreDelete & PreDelete hook', helm('pre-delete,post-delete'), true],
    ['ArgoCD PostDelete & PreDelete hook', argo('PostDelete,PreDelete'), true],
  ])('TestIsPreDeleteHook: %s', (_name, annotations, expected) => {
    expect(deleteHookTypes(obj('hook', annotations)).includes('PreDelete')).toBe(expected);
  });

  it.each<[string, Record<string, string>, boolean]>([
    ['ArgoCD PostDelete hook', argo('PostDelete'), true],
    ['Helm PostDelete hook', helm('post-delete'), true],
    ['ArgoCD PreDelete hook', argo('PreDelete'), false],
    ['ArgoCD PostDelete & PreDelete hook', argo('PostDelete,PreDelete'), true],
    ['Helm PostDelete & PreDelete hook', helm('post-delete,pre-delete'), true],
  ])('TestIsPostDeleteHook: %s', (_name, annotations, expected) => {
    expect(deleteHookTypes(obj('hook', annotations)).includes('PostDelete')).toBe(expected);
  });

  it.each<[string, Record<string, string>]>([
    ['helm PreDelete &  PostDelete hook', helm('pre-delete,post-delete')],
    ['ArgoCD PreDelete &  PostDelete hook', argo('PreDelete,PostDelete')],
  ])('TestMultiHookOfType: %s is both', (_name, annotations) => {
    expect(deleteHookTypes(obj('hook', annotations))).toEqual(['PreDelete', 'PostDelete']);
  });

  it.each<[string, Record<string, string>, string[], boolean, boolean]>([
    [
      'PostSync with PreDelete and PostDelete in same annotation stays in sync set',
      argo('PostSync,PreDelete,PostDelete'),
      ['combined'],
      true,
      true,
    ],
    ['PreDelete-only manifest excluded from sync', argo('PreDelete'), [], true, false],
    ['PostDelete-only manifest excluded from sync', argo('PostDelete'), [], false, true],
    ['Helm pre-delete only excluded from sync', helm('pre-delete'), [], true, false],
    [
      'Helm pre-install with pre-delete stays in sync (sync-phase hook wins)',
      helm('pre-install,pre-delete'),
      ['combined'],
      true,
      false,
    ],
    ['Non-hook resource unchanged', { app: 'x' }, ['combined'], false, false],
  ])('TestPartitionTargetObjsForSync: %s', (_name, annotations, names, pre, post) => {
    const target = obj('combined', annotations);
    const { pairs, hooks } = reconcile([target], [], 'default');
    const synced = [...pairs.map((p) => p.target!), ...hooks].map((o) => o.metadata.name);
    expect(synced).toEqual(names);
    const finalizers = deleteHookFinalizers([target]);
    expect(finalizers.includes('pre-delete-finalizer.argocd.argoproj.io')).toBe(pre);
    expect(finalizers.includes('post-delete-finalizer.argocd.argoproj.io')).toBe(post);
  });
});

describe('controller/hook_test.go TestExecuteHooksAlreadyExistsLogic', () => {
  // Each case: the hook type run, the target's annotations, the live object's (null: not in the cluster), and
  // whether executeHooks creates the target. The sandbox's executeDeleteHooks creates what does not exist yet.
  it.each<
    [string, 'PreDelete' | 'PostDelete', Record<string, string>, Record<string, string> | null, boolean]
  >([
    ['PreDelete (argocd): Not in cluster - should be created', 'PreDelete', argo('PreDelete'), null, true],
    ['PreDelete (helm): Not in cluster - should be created', 'PreDelete', helm('pre-delete'), null, true],
    [
      'PreDelete (argocd): Already exists - should be skipped',
      'PreDelete',
      argo('PreDelete'),
      argo('PreDelete'),
      false,
    ],
    [
      'PreDelete (helm): Already exists - should be skipped',
      'PreDelete',
      helm('pre-delete'),
      helm('pre-delete'),
      false,
    ],
    [
      'PreDelete (helm+argocd): One of two already exists - should be skipped',
      'PreDelete',
      { ...helm('pre-delete'), ...argo('PreDelete') },
      helm('pre-delete'),
      false,
    ],
    ['PostDelete (argocd): Not in cluster - should be created', 'PostDelete', argo('PostDelete'), null, true],
    ['PostDelete (helm): Not in cluster - should be created', 'PostDelete', helm('post-delete'), null, true],
    [
      'PostDelete (argocd): Already exists - should be skipped',
      'PostDelete',
      argo('PostDelete'),
      argo('PostDelete'),
      false,
    ],
    [
      'PostDelete (helm+argocd): One of two already exists - should be skipped',
      'PostDelete',
      { ...helm('post-delete'), ...argo('PostDelete') },
      argo('PostDelete'),
      false,
    ],
    [
      'Multi-hook (argocd): Target is (Pre,Post), Cluster has (Pre,Post) - should be skipped',
      'PostDelete',
      argo('PreDelete,PostDelete'),
      argo('PreDelete,PostDelete'),
      false,
    ],
  ])('TestExecuteHooksAlreadyExistsLogic: %s', (_name, type, targetAnnotations, liveAnnotations, created) => {
    const store = new ObjectStore(new SimClock(), new Rng(1));
    const live = liveAnnotations ? [store.create(obj('my-hook', liveAnnotations))] : [];
    const targets = [obj('my-hook', targetAnnotations)];
    const added: string[] = [];
    store.watch((event) => {
      if (event.type === 'ADDED') added.push(event.object.metadata.name ?? '');
    });
    executeDeleteHooks({ store, app: 'my-app', namespace: 'default', targets, live }, type);
    expect(added).toEqual(created ? ['my-hook'] : []);
  });
});
