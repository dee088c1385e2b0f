import type { SimEvent } from '../engine';

/** One object a typed command changed, read from what kubectl printed for it. */
export interface TouchedObject {
  /** The managed resource's kind (`Deployment`), or undefined when the object is not one the app manages. */
  kind: string | undefined;
  name: string;
  /** kubectl's word for what it did: `deleted`, `scaled`, `patched`, `edited`, `image updated`, `restarted`… */
  did: string;
}

/** An intervention the cluster, Git or Argo CD took (not a refused one), with the objects it changed. */
export interface InterventionFact {
  t: number;
  command: string;
  objects: TouchedObject[];
}

/** The app's sync policy, as auto-sync reads it (argocd-semantics §5.4). */
export interface SyncPolicyFact {
  automated: boolean;
  selfHeal: boolean;
}

const cache = new WeakMap<readonly SimEvent[], InterventionFact[]>();

/**
 * The interventions of a run (once per log). What each changed is read from kubectl's own lines, one per object,
 * `deployment.apps "checkout" deleted` or `deployment.apps/checkout scaled`: a patch of a resource that was already
 * OutOfSync leaves no other trace in the log. The resource's singular name is matched to a managed kind
 * (`deployment.apps` → Deployment, `configmap` → ConfigMap) among the resources the app compares.
 */
export function interventionFacts(events: readonly SimEvent[]): InterventionFact[] {
  const known = cache.get(events);
  if (known) return known;
  // The managed kinds are read only for a run that has an intervention: most runs have none, and this pass over
  // the whole log was a part of a phone-class start (many-resources, issue 32).
  let managed: Map<string, string> | undefined;
  const facts: InterventionFact[] = [];
  for (const e of events) {
    if (e.type !== 'intervention' || e.refused) continue;
    managed ??= managedKinds(events);
    const objects: TouchedObject[] = [];
    for (const line of e.output.split('\n')) {
      const match = /^([a-z0-9.-]+)(?:\/(\S+)| "([^"]+)") ([a-z][a-z ]*)$/.exec(line.trim());
      if (!match) continue;
      const resource = match[1].split('.')[0];
      const name = match[2] ?? match[3];
      objects.push({ kind: managed.get(`${resource}/${name}`), name, did: match[4] });
    }
    facts.push({ t: e.t, command: e.command, objects });
  }
  cache.set(events, facts);
  return facts;
}

/** The kind of each resource the app compares, by kubectl's singular name and the object's: `deployment/checkout`. */
function managedKinds(events: readonly SimEvent[]): Map<string, string> {
  const managed = new Map<string, string>();
  for (const e of events)
    if (e.type === 'sync-status') managed.set(`${e.kind.toLowerCase()}/${e.name}`, e.kind);
  return managed;
}

/** `spec.syncPolicy.automated` of the Application as the run left it (`enabled: false` turns it off). */
export function syncPolicyOf(application: { spec?: unknown } | undefined): SyncPolicyFact {
  const spec = application?.spec as {
    syncPolicy?: { automated?: { enabled?: boolean; selfHeal?: boolean } };
  };
  const automated = spec?.syncPolicy?.automated;
  const on = automated !== undefined && automated !== null && automated.enabled !== false;
  return { automated: on, selfHeal: on && automated?.selfHeal === true };
}
