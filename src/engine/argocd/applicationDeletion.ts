import { annotationCsv, annotationSyncOptions, optionValue } from '../annotations';
import { refOf } from '../cluster/gvk';
import { waveOf } from '../sync/waves';
import type { KubeObject, ObjectRef } from '../types';
import type { ObjectStore } from '../cluster/store';
import type { ResourceStatus } from './applicationTypes';
import { appSyncOptions, isDeletionConfirmed } from './deletionConfirmation';
import {
  cleanupDeleteHooks,
  deleteHookFinalizer,
  executeDeleteHooks,
  type DeleteHookContext,
} from './deleteHooks';

/**
 * Deleting an Application with Argo CD's `resources-finalizer.argocd.argoproj.io` (a cascading delete): the
 * application controller's `finalizeApplicationDeletion` (appcontroller.go L1285; `sort_delete.go
 * FilterObjectsForDeletion`; argocd-semantics.md §5.5). Each pass looks at the app's managed live objects: while
 * one is already being deleted it waits; otherwise it deletes those of the highest sync wave (foreground
 * propagation, or background with the `/background` finalizer) and waits for them; when none is left it removes
 * the finalizer, and the Application goes. A resource whose row asks for confirmation (`Delete=confirm` or
 * `Prune=confirm`, deletionConfirmation.ts) holds the cascade until the app's deletion is approved. PreDelete hooks run before it and PostDelete hooks after it
 * (deleteHooks.ts).
 */
export const RESOURCES_FINALIZER = 'resources-finalizer.argocd.argoproj.io';

/** The cascading finalizer the app carries (`resources-finalizer.argocd.argoproj.io[/background]`), if any. */
function cascadeFinalizerOf(app: KubeObject): string | undefined {
  return app.metadata.finalizers?.find(
    (f) => f === RESOURCES_FINALIZER || f.startsWith(`${RESOURCES_FINALIZER}/`),
  );
}

/**
 * One pass of the deletion (`finalizeApplicationDeletion`, in its order): the PreDelete hooks, then the cascade,
 * then the PostDelete hooks, then each type's cleanup, one finalizer at a time. `ctx.live` is what the app
 * manages now (its tracker's live objects, hooks included), `ctx.targets` its manifests at Git's revision.
 * Returns whether the deletion is finished, still waits, or failed (the `DeletionError` condition's message).
 */
export function finalizeApplicationDeletion(
  ctx: DeleteHookContext & { appRef: ObjectRef; appStore?: ObjectStore },
): 'done' | 'waiting' | 'not-deleting' | { error: string } {
  const { store, appRef, live } = ctx;
  // The Application lives in Argo CD's own cluster; its resources may be in another (clusterSecrets.ts).
  const appStore = ctx.appStore ?? store;
  const app = appStore.get(appRef);
  if (!app?.metadata.deletionTimestamp) return 'not-deleting';
  const has = (f: string) => app.metadata.finalizers?.includes(f) === true;
  const pre = deleteHookFinalizer.PreDelete;
  const post = deleteHookFinalizer.PostDelete;
  if (has(pre)) {
    const step = executeDeleteHooks(ctx, 'PreDelete');
    if (typeof step === 'object') return { error: `error executing pre-delete hooks: ${step.failed}` };
    if (step === 'waiting') return 'waiting';
    appStore.removeFinalizer(appRef, pre);
  }
  const finalizer = cascadeFinalizerOf(app);
  if (finalizer) {
    // "Wait for objects pending deletion to complete before proceeding with next sync wave" (L1359).
    if (live.some((o) => o.metadata.deletionTimestamp)) return 'waiting';
    const candidates = live.filter((o) => shouldBeDeleted(app, o));
    // "Resource %v requires manual confirmation to delete" (L1369): a candidate whose status.resources row asks
    // for confirmation holds the whole deletion until `deletion-approved` is at or after the deletionTimestamp.
    const approved = isDeletionConfirmed(app, app.metadata.deletionTimestamp);
    if (!approved && candidates.some((o) => rowRequiresConfirmation(app, o))) return 'waiting';
    if (candidates.length === 0) {
      appStore.removeFinalizer(appRef, finalizer);
      return 'waiting';
    }
    const policy = finalizer.endsWith('/background') ? 'Background' : 'Foreground';
    for (const obj of filterObjectsForDeletion(candidates)) {
      const ref = refOf(obj);
      if (store.get(ref)) store.delete(ref, { propagationPolicy: policy });
    }
    return 'waiting';
  }
  if (has(post)) {
    const step = executeDeleteHooks(ctx, 'PostDelete');
    if (typeof step === 'object') return { error: step.failed };
    if (step === 'waiting') return 'waiting';
    appStore.removeFinalizer(appRef, post);
    return 'waiting';
  }
  for (const type of ['PreDelete', 'PostDelete'] as const) {
    const cleanup = `${deleteHookFinalizer[type]}/cleanup`;
    if (!has(cleanup)) continue;
    if (!cleanupDeleteHooks(ctx, type)) return 'waiting';
    appStore.removeFinalizer(appRef, cleanup);
    return 'waiting';
  }
  return 'done';
}

/**
 * controller/sort_delete.go `FilterObjectsForDeletion`: the objects of the highest sync wave, the only ones one
 * deletion pass deletes (a stable sort, so objects of one wave keep their order).
 */
export function filterObjectsForDeletion(objs: readonly KubeObject[]): KubeObject[] {
  if (objs.length <= 1) return [...objs];
  const top = Math.max(...objs.map((o) => waveOf(o).wave));
  return objs.filter((o) => waveOf(o).wave === top);
}

/** `app.Status.FindResource(k)` has `requiresDeletionConfirmation` (controller/state.go L1010 writes it). */
function rowRequiresConfirmation(app: KubeObject, obj: KubeObject): boolean {
  const rows = (app.status?.resources as ResourceStatus[] | undefined) ?? [];
  const ref = refOf(obj);
  return rows.some(
    (r) =>
      r.requiresDeletionConfirmation === true &&
      r.kind === ref.kind &&
      r.name === ref.name &&
      (r.group ?? '') === (ref.group ?? '') &&
      (r.namespace ?? '') === (ref.namespace ?? ''),
  );
}

/**
 * `shouldBeDeleted` (appcontroller.go L1255): not a CRD, not the app itself, not `Delete=false`, not Helm's `keep`.
 * The object's own `Delete=` option wins; only when its sync-options annotation names no `Delete=` does the app's
 * `spec.syncPolicy.syncOptions` decide (resourceutil `GetAnnotationOptionValue`, then `SyncOptions.GetOptionValue`).
 */
export function shouldBeDeleted(app: KubeObject, obj: KubeObject): boolean {
  if (obj.kind === 'CustomResourceDefinition') return false;
  if (obj.kind === 'Application' && obj.metadata.name === app.metadata.name) return false;
  const appOptions = appSyncOptions(app);
  const value =
    optionValue(annotationCsv(obj, annotationSyncOptions), 'Delete') ?? optionValue(appOptions, 'Delete');
  if (value === 'false') return false;
  return obj.metadata.annotations?.['helm.sh/resource-policy'] !== 'keep';
}
