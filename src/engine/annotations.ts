import type { KubeObject } from './types';

/**
 * Every annotation key and option string Argo CD reads (argocd-semantics.md §1.1), with the CSV rules of
 * gitops-engine `resource/annotations.go`. Values are copied verbatim: scenario authors write exactly these.
 */

/** CSV of hook types: PreSync, Sync, PostSync, SyncFail, Skip (engine); PreDelete, PostDelete (controller). */
export const annotationKeyHook = 'argocd.argoproj.io/hook';
/** CSV of hook delete policies: BeforeHookCreation, HookSucceeded, HookFailed. */
export const annotationKeyHookDeletePolicy = 'argocd.argoproj.io/hook-delete-policy';
/** Integer wave (may be negative); a non-integer falls back to the Helm weight, then 0 (§2.3). */
export const annotationSyncWave = 'argocd.argoproj.io/sync-wave';
/** CSV of per-resource sync options such as `Prune=false` or `PruneLast=true`. */
export const annotationSyncOptions = 'argocd.argoproj.io/sync-options';
/** CSV of compare options; `IgnoreExtraneous` keeps an extra live object from making the app OutOfSync. */
export const annotationCompareOptions = 'argocd.argoproj.io/compare-options';
/** `"true"` leaves the resource out of the app's health aggregation. */
export const annotationIgnoreHealthcheck = 'argocd.argoproj.io/ignore-healthcheck';
/** `"true"` assesses a finite non-hook Pod like a long-running one (§3.6). */
export const annotationIgnoreRestartPolicy = 'argocd.argoproj.io/ignore-restart-policy';
/** On the Application: the RFC 3339 time that confirms `Prune=confirm` and `Delete=confirm`. */
export const annotationDeletionApproved = 'argocd.argoproj.io/deletion-approved';
/** The finalizer the engine puts on every hook it creates, so the hook cannot vanish before it is read. */
export const hookFinalizer = 'argocd.argoproj.io/hook-finalizer';

/** Helm's hook annotation: pre-install/pre-upgrade map to PreSync, post-install/post-upgrade to PostSync. */
export const annotationHelmHook = 'helm.sh/hook';
/** Helm's hook weight: the wave when there is no valid sync-wave. */
export const annotationHelmHookWeight = 'helm.sh/hook-weight';
/** Helm's delete policy: before-hook-creation, hook-succeeded, hook-failed. */
export const annotationHelmHookDeletePolicy = 'helm.sh/hook-delete-policy';
/** Helm's resource policy; `keep` means never deleted together with the app. */
export const annotationHelmResourcePolicy = 'helm.sh/resource-policy';

/** Per-resource option: never prune this resource (it shows `PruneSkipped`). */
export const syncOptionPruneFalse = 'Prune=false';
/** Per-resource option: prune only after the Application's deletion-approved annotation confirms it. */
export const syncOptionPruneConfirm = 'Prune=confirm';
/** Per-resource option: prune in the last wave of the Sync phase. */
export const syncOptionPruneLast = 'PruneLast=true';
/** Per-resource option: `kubectl replace`/`create` instead of `kubectl apply`. */
export const syncOptionReplace = 'Replace=true';
/** Per-resource option that is defined but not consulted by the engine. */
export const syncOptionReplaceFalse = 'Replace=false';
/** Per-resource option: apply (or replace) with `--force`. */
export const syncOptionForce = 'Force=true';
/** Per-resource option: server-side apply. */
export const syncOptionServerSideApply = 'ServerSideApply=true';
/** Per-resource option: client-side apply even when the operation asks for server-side apply. */
export const syncOptionDisableServerSideApply = 'ServerSideApply=false';
/** Per-resource option: apply without schema validation. */
export const syncOptionValidateFalse = 'Validate=false';
/** Per-resource option: skip the dry run when the resource's kind is not known yet. */
export const syncOptionSkipDryRunOnMissingResource = 'SkipDryRunOnMissingResource=true';
/** Per-resource option for app deletion only: never delete this resource. */
export const syncOptionDeleteFalse = 'Delete=false';
/** Per-resource option for app deletion only: delete after confirmation. */
export const syncOptionDeleteConfirm = 'Delete=confirm';
/** Compare option: an extra live object does not make the app OutOfSync. */
export const compareOptionIgnoreExtraneous = 'IgnoreExtraneous';

/** Operation option: only apply resources whose diff is modified (hooks still run). */
export const syncOptionApplyOutOfSyncOnly = 'ApplyOutOfSyncOnly=true';
/** Operation option: create the destination namespace in PreSync if it is missing (§2.7). */
export const syncOptionCreateNamespace = 'CreateNamespace=true';
/** Operation option prefix: `PrunePropagationPolicy=foreground|background|orphan` (default foreground). */
export const syncOptionPrunePropagationPolicy = 'PrunePropagationPolicy';
/** Operation option: compare with the app's ignoreDifferences also when syncing. */
export const syncOptionRespectIgnoreDifferences = 'RespectIgnoreDifferences=true';
/** Operation option: fail the sync when a resource is also managed by another app. */
export const syncOptionFailOnSharedResource = 'FailOnSharedResource=true';

/** Split a CSV annotation value: items trimmed, empty items dropped, duplicates removed (first kept). */
export function splitCsv(value: string | undefined): string[] {
  if (!value) return [];
  const items: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item !== '' && !items.includes(item)) items.push(item);
  }
  return items;
}

/** The CSV items of one annotation of an object (none when the object or annotation is absent). */
export function annotationCsv(obj: KubeObject | undefined, key: string): string[] {
  return splitCsv(obj?.metadata.annotations?.[key]);
}

/** Whether the CSV annotation `key` of `obj` holds exactly `option` (gitops-engine `HasAnnotationOption`). */
export function hasAnnotationOption(obj: KubeObject | undefined, key: string, option: string): boolean {
  return annotationCsv(obj, key).includes(option);
}

/** The value of a `Key=Value` item in a list of options, found by the prefix `Key=` (§1.1). */
export function optionValue(options: readonly string[], key: string): string | undefined {
  const prefix = `${key}=`;
  return options.find((item) => item.startsWith(prefix))?.slice(prefix.length);
}
