/**
 * The writes of one reconcile's generated Applications (applicationset_controller.go `createOrUpdateInCluster`,
 * `deleteInCluster`; argocd-semantics.md §5.1 "Generation"). A new app is created as generated; an existing one
 * gets the generated spec, labels, finalizers and owner reference, keeps the annotations Argo CD preserves (the
 * refresh request, notifications, hydration, the set's `preservedFields`) and the delete-hook finalizers, and gets `operation` only when the plan carries one (a RollingSync sync).
 * The store bumps versions only when something differs, so an unchanged app wakes nobody.
 */
import type { ObjectStore } from '../../../cluster/store';
import type { JsonAny, KubeObject, ObjectRef } from '../../../types';
import { annotationsTooLong } from '../../../apimachinery/annotationsTooLong';
import { deleteHookFinalizer } from '../../deleteHooks';

/** Annotations of the live app a reconcile keeps (applicationset_controller.go `defaultPreservedAnnotations` L84). */
const defaultPreservedAnnotations = [
  'notified.notifications.argoproj.io',
  'argocd.argoproj.io/refresh',
  'argocd.argoproj.io/hydrate',
];
/**
 * Finalizers of the live app a reconcile keeps, by prefix (`defaultPreservedFinalizers` L79, L781): the delete-hook
 * finalizers the application controller adds, which the generated app never carries.
 */
const preservedFinalizers = [deleteHookFinalizer.PreDelete, deleteHookFinalizer.PostDelete];

/** The set's `spec.preservedFields`: more annotation and label keys of the live app to keep. */
export interface PreservedFields {
  annotations?: readonly string[];
  labels?: readonly string[];
}

export function applicationRef(namespace: string, name: string): ObjectRef {
  return { group: 'argoproj.io', kind: 'Application', namespace, name };
}

/**
 * Creates or updates each generated app, in the order given (name order). An app the API server refuses (its
 * annotations over 256 KiB, as a template can make them) is not written and the others are; the error of the
 * first refused app by name is returned (`createOrUpdateInCluster` L785-829, `firstAppError` L955), for the set's
 * ErrorOccurred condition.
 */
export function createOrUpdateApplications(
  store: ObjectStore,
  apps: readonly KubeObject[],
  preserved: PreservedFields = {},
): string | undefined {
  const annotationKeys = [...(preserved.annotations ?? []), ...defaultPreservedAnnotations];
  const refused = new Map<string, string>();
  for (const app of apps) {
    const ref = applicationRef(app.metadata.namespace ?? 'argocd', app.metadata.name ?? '');
    const found = store.get(ref);
    const written = found
      ? { ...(app.metadata.annotations ?? {}), ...preservedOf(found, annotationKeys) }
      : app.metadata.annotations;
    const tooLong = annotationsTooLong(written);
    if (tooLong) {
      refused.set(ref.name, `Application.argoproj.io "${ref.name}" is invalid: ${tooLong}`);
      continue;
    }
    if (!found) {
      store.create(app);
      continue;
    }
    store.patch(ref, (draft) => {
      draft.spec = app.spec;
      const labels: Record<string, string> = { ...(app.metadata.labels ?? {}) };
      for (const key of preserved.labels ?? []) {
        const value = found.metadata.labels?.[key];
        if (value !== undefined) labels[key] = value;
      }
      draft.metadata.labels = Object.keys(labels).length > 0 || app.metadata.labels ? labels : undefined;
      const annotations: Record<string, string> = { ...(app.metadata.annotations ?? {}) };
      for (const key of annotationKeys) {
        const value = found.metadata.annotations?.[key];
        if (value !== undefined) annotations[key] = value;
      }
      draft.metadata.annotations = Object.keys(annotations).length > 0 ? annotations : undefined;
      const kept = preservedFinalizers.flatMap((prefix) =>
        (found.metadata.finalizers ?? []).filter((f) => f.startsWith(prefix)),
      );
      draft.metadata.finalizers =
        kept.length > 0 ? [...(app.metadata.finalizers ?? []), ...kept] : app.metadata.finalizers;
      draft.metadata.ownerReferences = app.metadata.ownerReferences;
      const operation: JsonAny = app.operation;
      if (operation !== undefined) draft.operation = operation;
    });
  }
  const first = [...refused.keys()].sort()[0];
  return first === undefined ? undefined : refused.get(first);
}

/** The annotations of the live app a reconcile keeps. */
function preservedOf(found: KubeObject, keys: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of keys) {
    const value = found.metadata.annotations?.[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

/** Deletes owned apps no longer generated (background propagation; the app's finalizer then cascades). */
export function deleteApplications(store: ObjectStore, namespace: string, names: readonly string[]): void {
  for (const name of names) {
    const ref = applicationRef(namespace, name);
    if (store.get(ref)) store.delete(ref);
  }
}
