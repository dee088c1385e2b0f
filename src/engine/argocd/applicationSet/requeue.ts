/**
 * Which store changes wake the ApplicationSet controller (argocd-semantics.md §5.0; applicationset_controller.go
 * `shouldRequeueForApplication`, `shouldRequeueForApplicationSet`). Creating an Application never does; a change
 * of an owned app's spec, labels, annotations or finalizers always does; with progressive syncs also its health or
 * sync status, or its operation's phase or start when both versions have an operation (the first one does not count).
 */
import type { JsonAny, KubeObject } from '../../types';
import { setOwn } from '../../util/setOwn';
import { applicationSetStatusOf } from './applicationSetTypes';

export const APPLICATION_SET_REFRESH_ANNOTATION = 'argocd.argoproj.io/application-set-refresh';

export function shouldRequeueForApplication(
  oldApp: KubeObject | undefined,
  newApp: KubeObject | undefined,
  progressiveSyncs: boolean,
): boolean {
  if (!oldApp || !newApp) return false;
  if (
    !equateEmpty(oldApp.spec, newApp.spec) ||
    !equateEmpty(oldApp.metadata.annotations, newApp.metadata.annotations) ||
    !equateEmpty(oldApp.metadata.labels, newApp.metadata.labels) ||
    !equateEmpty(oldApp.metadata.finalizers, newApp.metadata.finalizers)
  ) {
    return true;
  }
  if (!progressiveSyncs) return false;
  if (
    oldApp.status?.health?.status !== newApp.status?.health?.status ||
    oldApp.status?.sync?.status !== newApp.status?.sync?.status
  ) {
    return true;
  }
  const oldOperation: JsonAny = oldApp.status?.operationState;
  const newOperation: JsonAny = newApp.status?.operationState;
  return (
    oldOperation != null &&
    newOperation != null &&
    (oldOperation.phase !== newOperation.phase || oldOperation.startedAt !== newOperation.startedAt)
  );
}

export function shouldRequeueForApplicationSet(
  oldSet: KubeObject | undefined,
  newSet: KubeObject | undefined,
  progressiveSyncs: boolean,
): boolean {
  if (!oldSet || !newSet) return false;
  if (
    progressiveSyncs &&
    !equateEmpty(
      applicationSetStatusOf(oldSet).applicationStatus,
      applicationSetStatusOf(newSet).applicationStatus,
    )
  ) {
    return true;
  }
  if (
    !equateEmpty(oldSet.spec, newSet.spec) ||
    !equateEmpty(oldSet.metadata.labels, newSet.metadata.labels) ||
    !equateEmpty(oldSet.metadata.finalizers, newSet.metadata.finalizers) ||
    !equateEmpty(oldSet.metadata.deletionTimestamp, newSet.metadata.deletionTimestamp)
  ) {
    return true;
  }
  if (!equateEmpty(oldSet.metadata.annotations, newSet.metadata.annotations)) {
    // Removing the refresh annotation is the controller's own acknowledgement, not a change to act on.
    const oldHas = Object.prototype.hasOwnProperty.call(
      oldSet.metadata.annotations ?? {},
      APPLICATION_SET_REFRESH_ANNOTATION,
    );
    const newHas = Object.prototype.hasOwnProperty.call(
      newSet.metadata.annotations ?? {},
      APPLICATION_SET_REFRESH_ANNOTATION,
    );
    return !(oldHas && !newHas);
  }
  return false;
}

/** go-cmp with `EquateEmpty` over JSON: absent, null, empty lists and empty maps are equal. */
export function equateEmpty(a: JsonAny, b: JsonAny): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

function normalized(value: JsonAny): JsonAny {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value))
    return value.length === 0 ? undefined : value.map((item) => normalized(item) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, JsonAny> = {};
    for (const key of Object.keys(value).sort()) {
      const item = normalized(value[key]);
      if (item !== undefined) setOwn(out, key, item);
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}
