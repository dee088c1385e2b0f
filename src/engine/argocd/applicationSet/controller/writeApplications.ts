/**
 * The writes of one reconcile's generated Applications (applicationset_controller.go `createOrUpdateInCluster`,
 * `deleteInCluster`; argocd-semantics.md §5.1 "Generation"). A new app is created as generated; an existing one
 * gets the generated spec, labels, finalizers and owner reference, keeps the annotations Argo CD preserves (the
 * refresh request, notifications), and gets `operation` only when the plan carries one (a RollingSync sync).
 * The store bumps versions only when something differs, so an unchanged app wakes nobody.
 */
import type { ObjectStore } from '../../../cluster/store';
import type { Json, KubeObject, ObjectRef } from '../../../types';

/** Annotations of the live app that a reconcile keeps (utils `preservedAnnotations` + the refresh request). */
const preservedAnnotations = ['notified.notifications.argoproj.io', 'argocd.argoproj.io/refresh'];

export function applicationRef(namespace: string, name: string): ObjectRef {
  return { group: 'argoproj.io', kind: 'Application', namespace, name };
}

/** Creates or updates each generated app, in the order given (name order). */
export function createOrUpdateApplications(store: ObjectStore, apps: readonly KubeObject[]): void {
  for (const app of apps) {
    const ref = applicationRef(app.metadata.namespace ?? 'argocd', app.metadata.name ?? '');
    const found = store.get(ref);
    if (!found) {
      store.create(app);
      continue;
    }
    store.patch(ref, (draft) => {
      draft.spec = app.spec;
      draft.metadata.labels = app.metadata.labels;
      const annotations: Record<string, string> = { ...(app.metadata.annotations ?? {}) };
      for (const key of preservedAnnotations) {
        const value = found.metadata.annotations?.[key];
        if (value !== undefined) annotations[key] = value;
      }
      draft.metadata.annotations = Object.keys(annotations).length > 0 ? annotations : undefined;
      draft.metadata.finalizers = app.metadata.finalizers;
      draft.metadata.ownerReferences = app.metadata.ownerReferences;
      const operation: Json = app.operation;
      if (operation !== undefined) draft.operation = operation;
    });
  }
}

/** Deletes owned apps no longer generated (background propagation; the app's finalizer then cascades). */
export function deleteApplications(store: ObjectStore, namespace: string, names: readonly string[]): void {
  for (const name of names) {
    const ref = applicationRef(namespace, name);
    if (store.get(ref)) store.delete(ref);
  }
}
