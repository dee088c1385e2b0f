import { isNamespaced, keyOf, refOf } from '../cluster/gvk';
import type { ObjectStore } from '../cluster/store';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { TRACKING_ANNOTATION } from './tracking';

/**
 * Kinds Argo CD never watches, so never reports as orphaned: the core exclusions (util/settings/resources_filter.go:
 * Event, Lease) and the `resource.exclusions` of the install's argocd-cm (the network objects the control plane
 * makes: Endpoints, EndpointSlice). The sandbox makes Endpoints for every Service, none of them the user's.
 */
const excluded = new Set([
  '/Event',
  'events.k8s.io/Event',
  'coordination.k8s.io/Lease',
  '/Endpoints',
  'discovery.k8s.io/EndpointSlice',
]);

/** What the orphaned-resources check needs of the run. */
export interface OrphanInput {
  store: ObjectStore;
  /** The Application's AppProject object (`default` may have none: then nothing is monitored). */
  project: KubeObject | undefined;
  /** spec.destination.namespace. */
  namespace: string;
  /** The app's managed resources (`status.resources`). */
  managed: readonly { group: string; kind: string; namespace: string; name: string }[];
  /** Whether an Application of this name exists (an object tracked by one is not an orphan of another). */
  appExists: (name: string) => boolean;
}

/**
 * The `OrphanedResourceWarning` condition's message, or undefined: controller/appcontroller.go `getResourceTree`.
 * With `spec.orphanedResources` on the project, every top-level object (no ownerReferences) of the destination
 * namespace that the app does not manage is an orphan, unless it is one Kubernetes makes by itself
 * (`isKnownOrphanedResourceExclusion`: the `default` ServiceAccount, the `kube-root-ca.crt` ConfigMap, Service
 * `kubernetes` in `default`), matches an `ignore` entry, or is tracked by an existing Application. Each orphan
 * counts with everything it owns, as the controller walks its hierarchy; `warn: false` keeps the count silent.
 */
export function orphanedResourcesMessage(input: OrphanInput): string | undefined {
  const settings: JsonAny = input.project?.spec?.orphanedResources;
  if (!settings || settings.warn === false) return undefined;
  const n = orphanedResources(input, settings).length;
  return n > 0 ? `Application has ${n} orphaned resources` : undefined;
}

/** The orphaned objects, each root followed by what it owns (`IterateHierarchyV2`). */
function orphanedResources(input: OrphanInput, settings: JsonAny): KubeObject[] {
  const managed = new Set(input.managed.map((r) => keyOf(r)));
  const ignore: JsonAny[] = Array.isArray(settings.ignore) ? settings.ignore : [];
  const out: KubeObject[] = [];
  for (const obj of input.store.scan({ namespace: input.namespace })) {
    const ref = refOf(obj);
    if (!isNamespaced(obj.kind) || ref.namespace === '' || (obj.metadata.ownerReferences ?? []).length > 0)
      continue;
    if (excluded.has(`${ref.group}/${ref.kind}`) || managed.has(keyOf(ref))) continue;
    if (isKnownExclusion(ref, ignore) || trackedByAnApp(obj, input.appExists)) continue;
    collectHierarchy(input.store, obj, out);
  }
  return out;
}

function isKnownExclusion(ref: ObjectRef, ignore: readonly JsonAny[]): boolean {
  if (ref.namespace === 'default' && ref.group === '' && ref.kind === 'Service' && ref.name === 'kubernetes')
    return true;
  if (ref.group === '' && ref.kind === 'ServiceAccount' && ref.name === 'default') return true;
  if (ref.group === '' && ref.kind === 'ConfigMap' && ref.name === 'kube-root-ca.crt') return true;
  return ignore.some(
    (item) =>
      (!item.kind || globMatch(String(item.kind), ref.kind)) &&
      globMatch(String(item.group ?? ''), ref.group) &&
      (!item.name || globMatch(String(item.name), ref.name)),
  );
}

function trackedByAnApp(obj: KubeObject, appExists: (name: string) => boolean): boolean {
  const id = obj.metadata.annotations?.[TRACKING_ANNOTATION];
  const app = id?.slice(0, id.indexOf(':'));
  return app !== undefined && app !== '' && appExists(app);
}

function collectHierarchy(store: ObjectStore, obj: KubeObject, out: KubeObject[]): void {
  out.push(obj);
  const uid = obj.metadata.uid;
  if (uid) for (const child of store.scan({ ownerUid: uid })) collectHierarchy(store, child, out);
}

/**
 * util/glob `Match` for the patterns an ignore entry holds: `*` any run of characters, `?` one, the rest literal
 * (gobwas/glob also knows classes and alternatives, which these keys do not need).
 */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
