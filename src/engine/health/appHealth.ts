import { annotationIgnoreHealthcheck } from '../annotations';
import type { HealthStatus, HealthStatusCode, KubeObject, ObjectRef } from '../types';
import { isWorse } from './healthOrder';

/** At most this many causes are named in the app's health message; the rest are counted. */
const maxCausesShown = 3;

/** One managed resource as the controller sees it when it folds the app's health (argocd-semantics.md §1.8). */
export interface AppHealthInput extends ObjectRef {
  /** The live object; absent when the resource is in Git but not in the cluster (it is then `Missing`). */
  live?: KubeObject;
  /** The live object's health (healthOf, or a health override such as the Application Lua); null = no check. */
  health: HealthStatus | null;
  /** The live object is a hook (§1.3); hooks never count towards the app's health. */
  isHook?: boolean;
  /** The live object is ignored, e.g. a hook with no valid hook type (§1.3 rule 5). */
  isIgnored?: boolean;
  /** The desired object is annotated `hook: Skip` (§1.3 rule 3). */
  isSkipped?: boolean;
  /** The resource is the Application that manages itself, which must not affect its own health. */
  isSelf?: boolean;
}

/**
 * The health of an Application from its managed resources (controller `setApplicationHealth`, §1.8). The
 * message names the resources that have the app's (non-Healthy) status: `Caused by <group>/<kind>:<ns>/<name>`;
 * the core group and the namespace of cluster-scoped objects are left out (`Caused by PersistentVolume:pv-1`).
 *
 * @example
 * appHealth([{ group: 'batch', kind: 'Job', namespace: 'default', name: 'migrate', live, health: degraded }]);
 * // { status: 'Degraded', message: 'Caused by batch/Job:default/migrate' }
 */
export function appHealth(resources: AppHealthInput[]): HealthStatus {
  let status: HealthStatusCode = 'Healthy';
  let causes: AppHealthInput[] = [];
  let hasResources = false;
  let hasLiveResources = false;
  for (const resource of resources) {
    const c = contributionOf(resource);
    hasResources ||= c.resource;
    hasLiveResources ||= c.live;
    if (c.code === null) continue;
    // §1.8 rule 7.
    if (isWorse(status, c.code)) {
      status = c.code;
      causes = [resource];
    } else if (c.code === status && status !== 'Healthy') {
      causes.push(resource);
    }
  }
  return foldResult(status, hasResources, hasLiveResources, causes, causes.length);
}

/** What one resource adds to the app's health: whether it counts as a resource, as a live one, and its code. */
export interface Contribution {
  resource: boolean;
  live: boolean;
  /** The code folded into the app's health, or null when the resource does not take part (§1.8 rules 1–6). */
  code: HealthStatusCode | null;
}

/** §1.8 rules 1–6 for one resource; `appHealth` folds these, and an incremental tracker can keep counts of them. */
export function contributionOf(resource: AppHealthInput): Contribution {
  // §1.8 rule 1.
  if (resource.isSkipped || (resource.live && (resource.isHook || resource.isIgnored))) {
    return { resource: false, live: false, code: null };
  }
  // §1.8 rules 2, 4 and 5: a Missing (not live) resource is recorded but does not affect the app.
  if (!resource.live) return { resource: true, live: false, code: null };
  // §1.8 rules 3, 4, 5 and 6.
  const ignored = resource.live.metadata.annotations?.[annotationIgnoreHealthcheck] === 'true';
  if (ignored || resource.isSelf || resource.health === null)
    return { resource: true, live: true, code: null };
  const code = resource.health.status;
  const isChildApp = resource.group === 'argoproj.io' && resource.kind === 'Application';
  if (isChildApp && (code === 'Missing' || code === 'Unknown'))
    return { resource: true, live: true, code: null };
  return { resource: true, live: true, code };
}

/**
 * The app's health from the folded status: §1.8 rule 8 (resources, none live → Missing) and the message naming
 * the first causes (`total` resources have the worst status; `causes` holds at least the first three of them).
 */
export function foldResult(
  status: HealthStatusCode,
  hasResources: boolean,
  hasLiveResources: boolean,
  causes: readonly AppHealthInput[],
  total: number,
): HealthStatus {
  if (hasResources && !hasLiveResources && isWorse(status, 'Missing'))
    return { status: 'Missing', message: '' };
  return { status, message: status === 'Healthy' ? '' : formatCauses(causes, total) };
}

/** `Caused by a, b, c and N more` (§1.8 rule 9, controller `formatHealthCauses`). */
function formatCauses(causes: readonly AppHealthInput[], total: number): string {
  if (total === 0) return '';
  const shown = causes.slice(0, maxCausesShown).map((c) => {
    const groupKind = c.group ? `${c.group}/${c.kind}` : c.kind;
    return `${groupKind}:${c.namespace ? `${c.namespace}/${c.name}` : c.name}`;
  });
  const more = total > maxCausesShown ? ` and ${total - maxCausesShown} more` : '';
  return `Caused by ${shown.join(', ')}${more}`;
}
