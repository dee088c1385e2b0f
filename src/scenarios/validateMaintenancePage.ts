import type { JsonAny } from '../engine';
import type { ObjectIssue } from './objectIssue';

/**
 * The sandbox's annotation that makes a hook Job's completion switch the site's route to a maintenance page (`up`)
 * or back (`down`); the stack view says what a visitor sees from it (src/cursor/visitorAt.ts). The fake cluster
 * runs no kubectl, so this is how a scenario says what its maintenance Jobs do.
 */
export const MAINTENANCE_KEY = 'sandbox.argocd.dev/maintenance-page';

const HOOK_KEY = 'argocd.argoproj.io/hook';

/**
 * Refuse a maintenance-page annotation the stack view could not honour: a value other than up or down, or one on
 * an object that is not a hook Job (only a hook Job's completion is read), rather than ignore it.
 */
export function validateMaintenancePage(kind: unknown, metadata: JsonAny): ObjectIssue | null {
  const annotations: unknown = metadata?.annotations;
  if (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations)) return null;
  const all = annotations as Record<string, unknown>;
  if (!Object.hasOwn(all, MAINTENANCE_KEY)) return null;
  const value = all[MAINTENANCE_KEY];
  const path = ['metadata', 'annotations', MAINTENANCE_KEY];
  if (value !== 'up' && value !== 'down')
    return { path, message: `${MAINTENANCE_KEY} must be up or down, not ${JSON.stringify(value)}` };
  if (kind !== 'Job' || typeof all[HOOK_KEY] !== 'string')
    return {
      path,
      message: `${MAINTENANCE_KEY} is read only on a hook Job (kind Job with ${HOOK_KEY}), whose completion switches the page`,
    };
  return null;
}
