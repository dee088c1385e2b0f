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
    // §1.8 rule 1.
    if (resource.isSkipped) continue;
    if (resource.live && (resource.isHook || resource.isIgnored)) continue;
    // §1.8 rule 2.
    hasResources = true;
    if (!resource.live) continue; // §1.8 rules 4 and 5: Missing is recorded, but does not affect the app.
    hasLiveResources = true;
    // §1.8 rule 3.
    if (resource.live.metadata.annotations?.[annotationIgnoreHealthcheck] === 'true') continue;
    // §1.8 rules 4 and 5.
    if (resource.isSelf || resource.health === null) continue;
    const code = resource.health.status;
    // §1.8 rule 6.
    const isChildApp = resource.group === 'argoproj.io' && resource.kind === 'Application';
    if (isChildApp && (code === 'Missing' || code === 'Unknown')) continue;
    // §1.8 rule 7.
    if (isWorse(status, code)) {
      status = code;
      causes = [resource];
    } else if (code === status && status !== 'Healthy') {
      causes.push(resource);
    }
  }

  // §1.8 rule 8: expected resources, none of them live.
  if (hasResources && !hasLiveResources && isWorse(status, 'Missing'))
    return { status: 'Missing', message: '' };
  return { status, message: formatCauses(causes) };
}

/** `Caused by a, b, c and N more` (§1.8 rule 9, controller `formatHealthCauses`). */
function formatCauses(causes: AppHealthInput[]): string {
  if (causes.length === 0) return '';
  const shown = causes.slice(0, maxCausesShown).map((c) => {
    const groupKind = c.group ? `${c.group}/${c.kind}` : c.kind;
    return `${groupKind}:${c.namespace ? `${c.namespace}/${c.name}` : c.name}`;
  });
  const more = causes.length > maxCausesShown ? ` and ${causes.length - maxCausesShown} more` : '';
  return `Caused by ${shown.join(', ')}${more}`;
}
