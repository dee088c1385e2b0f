/**
 * applicationset/controllers/applicationset_controller_test.go `TestCreateOrUpdateInCluster` and
 * `TestDeleteInCluster`: how one reconcile writes its generated Applications over the owned ones in the cluster.
 * Each case seeds the store with the Go case's `existingApps`, writes its `desiredApps` and reads back what the
 * Go test expects. Cases about what the sandbox does not simulate are left out: the normalization of an app's
 * spec and `ignoreApplicationDifferences` (their four cases), and multiple sources.
 */
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../clock';
import { ObjectStore } from '../../../cluster/store';
import { Rng } from '../../../random';
import type { JsonAny, KubeObject } from '../../../types';
import { planReconcile } from '../planReconcile';
import {
  applicationRef,
  createOrUpdateApplications,
  deleteApplications,
  type PreservedFields,
} from './writeApplications';

function app(
  name: string,
  meta: Partial<KubeObject['metadata']> = {},
  spec: JsonAny = { project: 'project' },
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd', ...meta },
    spec,
  };
}

/** The store after writing `desired` over `existing`. */
function write(existing: KubeObject[], desired: KubeObject[], preserved?: PreservedFields) {
  const store = new ObjectStore(new SimClock(), new Rng(1));
  for (const obj of existing) store.create(obj);
  createOrUpdateApplications(store, desired, preserved);
  return (name: string) => store.get(applicationRef('argocd', name));
}

describe('TestCreateOrUpdateInCluster', () => {
  it("TestCreateOrUpdateInCluster: Create an app that doesn't exist", () => {
    const got = write([], [app('app1')])('app1');
    expect(got?.spec).toEqual({ project: 'project' });
  });

  it('TestCreateOrUpdateInCluster: Update an existing app with a different project name', () => {
    const got = write([app('app1', {}, { project: 'test' })], [app('app1')])('app1');
    expect(got?.spec).toEqual({ project: 'project' });
  });

  it("TestCreateOrUpdateInCluster: Create a new app and check it doesn't replace the existing app", () => {
    const get = write([app('app1', {}, { project: 'test' })], [app('app2')]);
    expect(get('app1')?.spec).toEqual({ project: 'test' });
    expect(get('app2')?.spec).toEqual({ project: 'project' });
  });

  it('TestCreateOrUpdateInCluster: Ensure that labels and annotations are added (via update) into an exiting application', () => {
    const labelled = { labels: { 'label-key': 'label-value' }, annotations: { 'annot-key': 'annot-value' } };
    const got = write([app('app1')], [app('app1', labelled)])('app1');
    expect(got?.metadata).toMatchObject(labelled);
  });

  it('TestCreateOrUpdateInCluster: Ensure that labels and annotations are removed from an existing app', () => {
    const labelled = { labels: { 'label-key': 'label-value' }, annotations: { 'annot-key': 'annot-value' } };
    const got = write([app('app1', labelled)], [app('app1')])('app1');
    expect(got?.metadata.labels).toBeUndefined();
    expect(got?.metadata.annotations).toBeUndefined();
  });

  it('TestCreateOrUpdateInCluster: Ensure that status and operation fields are not overridden by an update, when removing labels/annotations (and adding other fields)', () => {
    const labelled = { labels: { 'label-key': 'label-value' }, annotations: { 'annot-key': 'annot-value' } };
    const existing: KubeObject = {
      ...app('app1', labelled),
      status: { resources: [{ name: 'sample-name' }] },
      operation: { sync: { revision: 'sample-revision' } },
    };
    const removed = write([existing], [app('app1')])('app1');
    expect(removed?.status).toEqual({ resources: [{ name: 'sample-name' }] });
    expect(removed?.operation).toEqual({ sync: { revision: 'sample-revision' } });
    const swapped = write(
      [{ ...existing, metadata: { ...existing.metadata, labels: undefined, annotations: undefined } }],
      [app('app1', labelled)],
    )('app1');
    expect(swapped?.metadata).toMatchObject(labelled);
    expect(swapped?.status).toEqual({ resources: [{ name: 'sample-name' }] });
    expect(swapped?.operation).toEqual({ sync: { revision: 'sample-revision' } });
  });

  it('TestCreateOrUpdateInCluster: Ensure that argocd notifications state and refresh annotation is preserved from an existing app', () => {
    const kept = {
      'notified.notifications.argoproj.io':
        '{"b620d4600c771a6f4cxxxxxxx:on-deployed:[0].y7b5sbwa2Q329JYHxxxxxx-fBs:slack:slack-test":1617144614}',
      'argocd.argoproj.io/refresh': 'normal',
    };
    const existing = app('app1', {
      labels: { 'label-key': 'label-value' },
      annotations: { 'annot-key': 'annot-value', ...kept },
    });
    const got = write([existing], [app('app1')])('app1');
    expect(got?.metadata.annotations).toEqual(kept);
    expect(got?.metadata.labels).toBeUndefined();
  });

  it('TestCreateOrUpdateInCluster: Ensure that hydrate annotation is preserved from an existing app', () => {
    const existing = app('app1', {
      annotations: { 'annot-key': 'annot-value', 'argocd.argoproj.io/hydrate': 'normal' },
    });
    const got = write([existing], [app('app1')])('app1');
    expect(got?.metadata.annotations).toEqual({ 'argocd.argoproj.io/hydrate': 'normal' });
  });

  it('TestCreateOrUpdateInCluster: Ensure that configured preserved annotations are preserved from an existing app', () => {
    const existing = app('app1', {
      annotations: { 'annot-key': 'annot-value', 'preserved-annot-key': 'preserved-annot-value' },
    });
    const got = write([existing], [app('app1')], { annotations: ['preserved-annot-key'] })('app1');
    expect(got?.metadata.annotations).toEqual({ 'preserved-annot-key': 'preserved-annot-value' });
  });

  it('TestCreateOrUpdateInCluster: Ensure that argocd pre-delete and post-delete finalizers are preserved from an existing app', () => {
    const existing = app('app1', {
      finalizers: [
        'non-argo-finalizer',
        'pre-delete-finalizer.argocd.argoproj.io',
        'pre-delete-finalizer.argocd.argoproj.io/stage1',
        'post-delete-finalizer.argocd.argoproj.io',
        'post-delete-finalizer.argocd.argoproj.io/stage2',
      ],
    });
    const got = write([existing], [app('app1')])('app1');
    expect(got?.metadata.finalizers).toEqual([
      'pre-delete-finalizer.argocd.argoproj.io',
      'pre-delete-finalizer.argocd.argoproj.io/stage1',
      'post-delete-finalizer.argocd.argoproj.io',
      'post-delete-finalizer.argocd.argoproj.io/stage2',
    ]);
  });
});

describe('TestDeleteInCluster', () => {
  it('TestDeleteInCluster: an owned app no longer generated is deleted; the generated one is kept as it was', () => {
    const appSet: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'name', namespace: 'argocd', uid: 'set-uid' },
      spec: {
        generators: [{ list: { elements: [{ name: 'keep' }] } }],
        template: {
          metadata: { name: '{{name}}', namespace: 'argocd' },
          spec: {
            project: 'default',
            source: { repoURL: 'https://example.com/repo', path: 'p' },
            destination: { server: 'https://kubernetes.default.svc' },
          },
        },
      },
    };
    const owner = {
      ownerReferences: [
        {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'ApplicationSet',
          name: 'name',
          uid: 'set-uid',
          controller: true,
        },
      ],
    };
    const keep = app('keep', owner, { project: 'project' });
    const store = new ObjectStore(new SimClock(), new Rng(1));
    for (const obj of [app('delete', owner), keep]) store.create(obj);
    const plan = planReconcile(appSet, [app('delete', owner), keep], {
      now: '2026-01-01T00:00:00Z',
      progressiveSyncs: false,
      projects: new Set(['default']),
    });
    expect(plan.delete).toEqual(['delete']);
    deleteApplications(store, 'argocd', plan.delete);
    expect(store.get(applicationRef('argocd', 'delete'))).toBeUndefined();
    expect(store.get(applicationRef('argocd', 'keep'))?.spec).toEqual({ project: 'project' });
  });
});
