import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { clusterAt } from '../simulation/objectHistory';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap } from '../../../test/kits/simulation.testKit';

/**
 * PreDelete and PostDelete hooks when an Application is deleted (controller/hook.go, argocd-semantics.md §5.5,
 * cases 97 and 98), on e2e's own testdata: `pre-delete-hook` (a Pod hook running `sleep 3`, and a ConfigMap) and
 * `post-delete-hook` (a Pod hook running `true`).
 */
const hookPod = (type: 'PreDelete' | 'PostDelete', command: string[]): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'hook', annotations: { 'argocd.argoproj.io/hook': type } },
  spec: {
    containers: [{ name: 'main', image: 'quay.io/argoprojlabs/argocd-e2e-container:0.1', command }],
    restartPolicy: 'Never',
  },
});
const preDeleteRepo = (command: string[]): RepoRevision => ({
  name: command.join(' '),
  files: {
    'pre-delete-hook/hook.yaml': [
      { object: hookPod('PreDelete', command) },
      { object: configMap('guestbook-ui', { data: { app: 'guestbook' } }) },
    ],
  },
});
/** `argocd app delete --cascade`: the CLI sets the resources finalizer, then deletes. */
const cascading = (app: KubeObject): KubeObject => ({
  ...app,
  metadata: { ...app.metadata, finalizers: ['resources-finalizer.argocd.argoproj.io'] },
});
const deleteApp: (at: number) => ControlPlaneAction = (at) => ({
  at,
  type: 'kubectl-delete',
  kind: 'Application',
  name: 'guestbook',
  namespace: 'argocd',
});
const appAt = (result: ReturnType<typeof runControlPlane>, t: number) =>
  clusterAt(result.objects, t).find((o) => o.kind === 'Application' && o.metadata.name === 'guestbook');
const podsNamedHook = (result: ReturnType<typeof runControlPlane>) =>
  result.live.filter((o) => o.kind === 'Pod' && o.metadata.name === 'hook');

describe('PreDelete and PostDelete hooks', () => {
  it('TestPreDeleteHook: the sync leaves the hook out (Synced); deleting runs it first, then the app and the hook go', () => {
    const result = runControlPlane({
      repository: preDeleteRepo(['sleep', '3']),
      objects: [cascading(application('guestbook', { path: 'pre-delete-hook' }))],
      actions: [deleteApp(60)],
      untilSeconds: 600,
    });
    const before = appAt(result, 59)!;
    expect(before.status.sync.status).toBe('Synced');
    expect(before.metadata.finalizers).toEqual([
      'resources-finalizer.argocd.argoproj.io',
      'pre-delete-finalizer.argocd.argoproj.io',
      'pre-delete-finalizer.argocd.argoproj.io/cleanup',
    ]);
    expect(
      clusterAt(result.objects, 59).some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'guestbook-ui'),
    ).toBe(true);
    expect(clusterAt(result.objects, 59).some((o) => o.kind === 'Pod' && o.metadata.name === 'hook')).toBe(
      false,
    );
    // The hook pod was created at the deletion and ran before anything was deleted.
    const hookCreated = result.events.find(
      (e) => e.type === 'health' && e.kind === 'Pod' && e.name === 'hook',
    );
    expect(hookCreated?.t).toBeGreaterThanOrEqual(60);
    expect(result.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
    expect(podsNamedHook(result)).toEqual([]);
    expect(result.live.some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'guestbook-ui')).toBe(false);
  });

  it('TestPreDeleteHookFailureAndRetry: a failing hook keeps the app with DeletionError; fixed in Git and refreshed, the deletion completes', () => {
    const result = runControlPlane({
      repository: preDeleteRepo(['false']),
      objects: [cascading(application('guestbook', { path: 'pre-delete-hook' }))],
      actions: [
        deleteApp(60),
        { at: 200, type: 'commit', revision: preDeleteRepo(['sleep', '3']) },
        { at: 201, type: 'refresh', app: 'guestbook' },
      ],
      untilSeconds: 900,
    });
    const stuck = appAt(result, 199)!;
    expect(stuck.metadata.deletionTimestamp).toBeDefined();
    expect((stuck.status.conditions as JsonAny[]).map((c) => `${c.type}: ${c.message}`)).toContain(
      'DeletionError: error executing pre-delete hooks: PreDelete hook(s) failed: default/hook',
    );
    expect(result.live.some((o) => o.kind === 'ConfigMap' && o.metadata.name === 'guestbook-ui')).toBe(false);
    expect(result.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
  });

  it('TestPostDeleteHook: deleting runs the PostDelete hook after the resources; the hook pod outlives the app', () => {
    const repo: RepoRevision = {
      name: 'main',
      files: { 'post-delete-hook/hook.yaml': [{ object: hookPod('PostDelete', ['true']) }] },
    };
    const app = cascading(application('guestbook', { path: 'post-delete-hook' }));
    const result = runControlPlane({
      repository: repo,
      objects: [],
      actions: [
        { at: 1, type: 'kubectl-apply', objects: [app] },
        { at: 5, type: 'refresh', app: 'guestbook' },
        deleteApp(30),
      ],
      untilSeconds: 600,
    });
    expect(appAt(result, 29)!.metadata.finalizers).toEqual([
      'resources-finalizer.argocd.argoproj.io',
      'post-delete-finalizer.argocd.argoproj.io',
      'post-delete-finalizer.argocd.argoproj.io/cleanup',
    ]);
    expect(result.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
    expect(podsNamedHook(result).map((p) => p.status?.phase)).toEqual(['Succeeded']);
  });
});
