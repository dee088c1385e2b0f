import { annotationCsv, annotationDeletionApproved, annotationSyncOptions } from '../annotations';
import type { KubeObject } from '../types';

/**
 * `Delete=confirm` and `Prune=confirm` (argocd-semantics.md §1.1): a resource so marked is deleted, by a prune or by
 * its Application's cascading deletion, only once the Application carries `argocd.argoproj.io/deletion-approved`
 * with a time at or after the start of what deletes it (`argocd app confirm-deletion` writes it).
 */

/** The app's `spec.syncPolicy.syncOptions`, trimmed as the CLI writes them. */
export function appSyncOptions(app: KubeObject | undefined): string[] {
  return ((app?.spec?.syncPolicy?.syncOptions as string[] | undefined) ?? []).map((o) => o.trim());
}

/**
 * controller/state.go `isObjRequiresDeletionConfirmation` (L1231): the object's own `Delete=` option, else the
 * app's, is `confirm`; or else the object's own `Prune=` option, else the app's, is `confirm`. An object's own value
 * of another word (`Delete=foo`) overrides the app's `confirm` for that option only.
 */
export function isObjRequiresDeletionConfirmation(
  obj: KubeObject | undefined,
  app: KubeObject | undefined,
): boolean {
  return requiresDeletionConfirmation(obj, appSyncOptions(app));
}

/** `isObjRequiresDeletionConfirmation` with the app's sync options already read (a status write reads them once). */
export function requiresDeletionConfirmation(
  obj: KubeObject | undefined,
  appOptions: readonly string[],
): boolean {
  if (!obj) return false;
  // A status write asks this twice for every resource row: without the annotation (nearly always) nothing is
  // allocated, and the prefixes are constants rather than strings made per call (optionValue's own rule, inlined).
  const own = obj.metadata.annotations?.[annotationSyncOptions]
    ? annotationCsv(obj, annotationSyncOptions)
    : none;
  return confirms(own, appOptions, 'Delete=') || confirms(own, appOptions, 'Prune=');
}

const none: readonly string[] = [];

/** `optionValue(own, key) ?? optionValue(appOptions, key)` is `confirm`, with `prefix` being `key=`. */
function confirms(own: readonly string[], appOptions: readonly string[], prefix: string): boolean {
  const value = valueAfter(own, prefix) ?? valueAfter(appOptions, prefix);
  return value === 'confirm';
}

/** annotations.ts `optionValue` for a prefix made once: the first item starting with it, the rest of it. */
function valueAfter(options: readonly string[], prefix: string): string | undefined {
  for (const item of options) if (item.startsWith(prefix)) return item.slice(prefix.length);
  return undefined;
}

/** Go's `time.RFC3339` layout as `time.Parse` takes it: seconds, optional fraction, `Z` or an offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * pkg/apis/application/v1alpha1/types.go `IsDeletionConfirmed` (L4178): the app's `deletion-approved` annotation
 * parses as RFC 3339 and is at or after `since` (an RFC 3339 time: the operation's `startedAt` for a prune, the
 * app's `deletionTimestamp` for its deletion). A missing or malformed annotation confirms nothing. Both times are
 * whole seconds on the API server, so an approval in the same second as the start counts.
 */
export function isDeletionConfirmed(app: KubeObject | undefined, since: string): boolean {
  const value = app?.metadata.annotations?.[annotationDeletionApproved];
  if (!value || !RFC3339.test(value)) return false;
  const approved = Date.parse(value);
  return Number.isFinite(approved) && approved >= Date.parse(since);
}
