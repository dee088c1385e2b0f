/**
 * Pass 1 of a RollingSync reconcile: each owned app's entry follows its app (argocd-semantics.md §5.1 table
 * "Per-app status"; progressive_sync.go `UpdateApplicationSetApplicationStatus`). Entries of apps that no longer
 * exist are dropped; the result is sorted by app name, the order Argo CD writes.
 */
import type { JsonAny, KubeObject } from '../../../types';
import { appStep } from './buildAppDependencyList';
import { findApplicationStatus, type ApplicationStatusEntry } from './applicationStatus';
import { disableAutomatedSync } from './syncApplication';
import { goCompare } from './validationIssues';

export const revisionAndSpecChangedMsg =
  'Application has pending changes (revision and spec differ), setting status to Waiting';
export const revisionChangedMsg = 'Application has pending changes, setting status to Waiting';
export const specChangedMsg = 'Application has pending changes (spec differs), setting status to Waiting';

export interface StatusPassOptions {
  /** RFC 3339 time of this reconcile (virtual clock). */
  now: string;
  /**
   * Whether `later` happened after `earlier`. Argo CD compares timestamps; the simulator's controller passes an
   * order of happening so that an operation started in the same instant as a `Pending` write counts as after it
   * (argocd-semantics.md §5.0). Defaults to a strict comparison of the times.
   */
  isAfter?: (later: string, earlier: string) => boolean;
}

const byTime = (later: string, earlier: string) => Date.parse(later) > Date.parse(earlier);

/** `status.sync.revisions`, else `[status.sync.revision]`, else an empty list (types `GetRevisions`). */
export function appRevisions(app: KubeObject): string[] {
  const sync: JsonAny = app.status?.sync ?? {};
  if (Array.isArray(sync.revisions) && sync.revisions.length > 0) return [...sync.revisions];
  return typeof sync.revision === 'string' && sync.revision !== '' ? [sync.revision] : [];
}

export function updateApplicationSetApplicationStatus(
  previous: readonly ApplicationStatusEntry[] | undefined,
  applications: readonly KubeObject[],
  desiredApplications: readonly KubeObject[],
  appStepMap: ReadonlyMap<string, number>,
  options: StatusPassOptions,
): ApplicationStatusEntry[] {
  const { now } = options;
  const isAfter = options.isAfter ?? byTime;
  const desired = new Map(desiredApplications.map((app) => [app.metadata.name ?? '', app]));
  const result: ApplicationStatusEntry[] = [];

  for (const app of applications) {
    const name = app.metadata.name ?? '';
    const health: string | undefined = app.status?.health?.status;
    const sync: string | undefined = app.status?.sync?.status;
    const revisions = appRevisions(app);
    const current: ApplicationStatusEntry = findApplicationStatus(previous, name) ?? {
      application: name,
      targetRevisions: revisions,
      lastTransitionTime: now,
      message: 'No Application status found, defaulting status to Waiting',
      status: 'Waiting',
      step: String(appStep(name, appStepMap)),
    };
    const next: ApplicationStatusEntry = { ...current, step: String(appStep(name, appStepMap)) };

    const revisionsChanged = !sameRevisions(current.targetRevisions, revisions);
    const desiredApp = desired.get(name);
    const specChanged =
      desiredApp !== undefined && !specsEquivalent(app.spec, disableAutomatedSync(desiredApp).spec);
    if (revisionsChanged || specChanged) {
      next.targetRevisions = revisions;
      next.message =
        revisionsChanged && specChanged
          ? revisionAndSpecChangedMsg
          : revisionsChanged
            ? revisionChangedMsg
            : specChangedMsg;
      next.status = 'Waiting';
      next.lastTransitionTime = now;
    }

    if (next.status === 'Waiting') {
      if (sync === 'Synced') {
        next.lastTransitionTime = now;
        if (health === 'Healthy') {
          next.status = 'Healthy';
          next.message = 'Application resource has synced, updating status to Healthy';
        } else {
          next.status = 'Progressing';
          next.message = 'Application resource has synced, updating status to Progressing';
        }
      }
    } else {
      if (current.status === 'Pending') {
        const reconciledAt: string | undefined = app.status?.reconciledAt;
        if (reconciledAt === undefined || isAfter(reconciledAt, next.lastTransitionTime)) {
          const operationState: JsonAny = app.status?.operationState;
          if (operationState && isAfter(operationState.startedAt, current.lastTransitionTime)) {
            next.lastTransitionTime = now;
            next.status = 'Progressing';
            const phase: string = operationState.phase;
            next.message =
              phase === 'Succeeded'
                ? 'Application resource completed a sync successfully, updating status from Pending to Progressing'
                : phase === 'Failed' || phase === 'Error'
                  ? 'Application resource completed a sync, updating status from Pending to Progressing'
                  : 'Application resource became Progressing, updating status from Pending to Progressing';
          } else if (hasErrorCondition(app)) {
            next.lastTransitionTime = now;
            next.status = 'Progressing';
            next.message = 'Application resource has error and cannot sync, updating status to Progressing';
          }
        }
      }
      if (current.status === 'Progressing' && health === 'Healthy' && sync === 'Synced') {
        next.lastTransitionTime = now;
        next.status = 'Healthy';
        next.message = 'Application resource became Healthy, updating status from Progressing to Healthy';
      }
    }
    result.push(next);
  }
  return result.sort((a, b) => goCompare(a.application, b.application));
}

/** Go `reflect.DeepEqual` of two string slices, where an absent list (nil) differs from an empty one. */
function sameRevisions(entry: string[] | undefined, app: string[]): boolean {
  if (entry === undefined) return false;
  return entry.length === app.length && entry.every((revision, i) => revision === app[i]);
}

function hasErrorCondition(app: KubeObject): boolean {
  const conditions: JsonAny[] = app.status?.conditions ?? [];
  return conditions.some(
    (condition) => condition.type === 'InvalidSpecError' || condition.type === 'UnknownError',
  );
}

/**
 * Whether the live spec equals the generated one (utils `SpecsEquivalent` without ignoreApplicationDifferences,
 * Kubernetes' semantic DeepEqual): an absent field, null, an empty string, list or map, `false` and `0` are Go
 * zero values and compare equal, except `automated.enabled`, a `*bool` in Go, where absent (nil) differs from false.
 */
export function specsEquivalent(live: JsonAny, desired: JsonAny, key = ''): boolean {
  if (isZero(live, key) && isZero(desired, key)) return true;
  if (Array.isArray(live) || Array.isArray(desired)) {
    if (!Array.isArray(live) || !Array.isArray(desired) || live.length !== desired.length) return false;
    return live.every((item, i) => specsEquivalent(item, desired[i]));
  }
  if (isObject(live) && isObject(desired)) {
    const keys = new Set([...Object.keys(live), ...Object.keys(desired)]);
    return [...keys].every((k) => specsEquivalent(live[k], desired[k], k));
  }
  return live === desired;
}

const pointerFields = new Set(['enabled']);

function isObject(value: JsonAny): value is Record<string, JsonAny> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isZero(value: JsonAny, key: string): boolean {
  if (value === undefined || value === null) return true;
  if (pointerFields.has(key)) return false;
  if (value === '' || value === false || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.entries(value).every(([k, v]) => isZero(v, k));
  return false;
}
