import { refOf } from '../cluster/gvk';
import type { KubeObject } from '../types';

/**
 * Argo CD 3.x tracks the resources of an Application with an annotation (the default tracking method since
 * 3.0): `argocd.argoproj.io/tracking-id: <app>:<group>/<kind>:<namespace>/<name>`. The sandbox writes it on
 * everything the sync applies and reads it to find the app's live objects (prune candidates, health).
 */
export const TRACKING_ANNOTATION = 'argocd.argoproj.io/tracking-id';

export function trackingId(app: string, obj: KubeObject): string {
  const ref = refOf(obj);
  return `${app}:${ref.group}/${ref.kind}:${ref.namespace}/${ref.name}`;
}

/** A copy of `obj` carrying the app's tracking annotation. */
export function withTracking(app: string, obj: KubeObject): KubeObject {
  return {
    ...obj,
    metadata: {
      ...obj.metadata,
      annotations: { ...(obj.metadata.annotations ?? {}), [TRACKING_ANNOTATION]: trackingId(app, obj) },
    },
  };
}

/**
 * Whether the live object belongs to the app: its tracking id names the app and the object itself (a copy
 * of the annotation on another object, e.g. through a template, does not count, as in Argo CD).
 */
export function isTrackedBy(app: string, obj: KubeObject): boolean {
  const id = obj.metadata.annotations?.[TRACKING_ANNOTATION];
  if (id === undefined) return false;
  // Another app's object is told by its id's first part, without making this app's id for it: the control
  // plane asks every app's tracker about every event.
  if (id.charCodeAt(app.length) !== 58 /* ':' */ || !id.startsWith(app)) return false;
  return id === trackingId(app, obj);
}
