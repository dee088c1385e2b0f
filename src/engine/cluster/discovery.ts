import type { JsonAny, KubeObject } from '../types';
import { kinds } from './kinds';
import type { ObjectStore } from './store';

/**
 * API discovery as the fake API server answers it. The group/kinds it serves out of the box are kinds.ts's `served`
 * rows; a custom resource is served only once its CRD exists, so a CR whose CRD is neither in the cluster nor in
 * the sync fails validation (argocd-semantics.md §2.6).
 */
const builtIn = new Set(kinds.filter((k) => k.served).map((k) => `${k.group}/${k.kind}`));

/**
 * `builtIn` by group, then kind: validation asks discovery about every task of every sync tick, nearly always for a
 * built-in kind, and the joined `group/kind` string it looked up was made anew each time.
 */
const builtInKinds = new Map<string, Set<string>>();
for (const k of kinds.filter((row) => row.served)) {
  let inGroup = builtInKinds.get(k.group);
  if (!inGroup) builtInKinds.set(k.group, (inGroup = new Set()));
  inGroup.add(k.kind);
}

/**
 * The versions each built-in group serves, its preferred one first: the versions of its kinds in kinds.ts, and
 * autoscaling/v1, which a cluster still serves beside v2. A built-in kind is served at any version of its group here
 * (the reader refuses the kinds a built-in group does not have); these lists say which group/versions exist at
 * all, so that a kind missing from a served group/version reads as Kubernetes' NotFound. A Map, since the group is
 * the user's word (a group named `constructor` is a custom resource's, not Object's).
 */
const builtInVersions = new Map<string, string[]>();
for (const k of kinds.filter((row) => row.served)) {
  const versions = builtInVersions.get(k.group) ?? [];
  if (!versions.includes(k.version)) versions.push(k.version);
  builtInVersions.set(k.group, versions);
}
builtInVersions.get('autoscaling')?.push('v1');

/**
 * The versions a CRD serves (`spec.versions[].served`, or the older single `spec.version`); undefined when it
 * names none, which the sandbox reads as serving every version (a minimal CRD written for a scenario).
 */
function servedVersions(crd: KubeObject): string[] | undefined {
  const versions: JsonAny[] | undefined = Array.isArray(crd.spec?.versions) ? crd.spec.versions : undefined;
  if (versions) return versions.filter((v) => v?.served !== false).map((v) => String(v?.name ?? ''));
  if (typeof crd.spec?.version === 'string') return [crd.spec.version];
  return undefined;
}

/** The version a CRD's kind is listed under by discovery: its storage version if served, else its first served. */
function preferredVersion(crd: KubeObject): string | undefined {
  const versions: JsonAny[] = Array.isArray(crd.spec?.versions) ? crd.spec.versions : [];
  const served = versions.filter((v) => v?.served !== false);
  return (served.find((v) => v?.storage === true) ?? served[0])?.name ?? crd.spec?.version;
}

/**
 * API discovery of group/version/kind as gitops-engine asks it (pkg/utils/kube/kube.go
 * `ServerResourceForGroupVersionKind`): undefined when served, else the error's text. A group/version the server
 * does not serve fails the discovery of the whole group/version, wrapped as `failed to discover server resources for
 * group version <gv>: the server could not find the requested resource`; a kind missing from a served group/version
 * is Kubernetes' NotFound for resource `<Kind>.<group>` with an empty name. Both are NotFound errors (the
 * dry run may be skipped for them, §2.6).
 */
export function discoveryError(
  store: ObjectStore,
  group: string,
  version: string,
  kind: string,
): string | undefined {
  if (builtInKinds.get(group)?.has(kind) === true) return undefined;
  const crds = store.list({ kind: 'CustomResourceDefinition' }).filter((crd) => crd.spec?.group === group);
  const serves = (crd: KubeObject) => {
    const versions = servedVersions(crd);
    return versions === undefined || versions.includes(version);
  };
  if (crds.some((crd) => crd.spec?.names?.kind === kind && serves(crd))) return undefined;
  const groupVersion = group === '' ? version : `${group}/${version}`;
  // An own-property lookup: a group named `constructor` or `__proto__` is a custom resource's, not Object's.
  const served = builtInVersions.get(group)?.includes(version) === true || crds.some(serves);
  if (!served)
    return `failed to discover server resources for group version ${groupVersion}: the server could not find the requested resource`;
  return `${group === '' ? kind : `${kind}.${group}`} "" not found`;
}

/**
 * The API resource discovery lists for group and kind, else the first one of that kind in any group, else
 * undefined (util/argo/argo.go `getAPIResourceInfo`), with the version it is listed under.
 */
export function apiResourceInfo(
  store: ObjectStore,
  group: string,
  kind: string,
): { group: string; kind: string; version: string } | undefined {
  const resources: { group: string; kind: string; version: string }[] = [];
  for (const key of builtIn) {
    const slash = key.indexOf('/');
    const g = key.slice(0, slash);
    resources.push({
      group: g,
      kind: key.slice(slash + 1),
      version: builtInVersions.get(g)?.[0] ?? 'v1',
    });
  }
  for (const crd of store.list({ kind: 'CustomResourceDefinition' })) {
    const version = preferredVersion(crd);
    if (typeof crd.spec?.group === 'string' && typeof crd.spec?.names?.kind === 'string' && version)
      resources.push({ group: crd.spec.group, kind: crd.spec.names.kind, version: String(version) });
  }
  return (
    resources.find((r) => r.group === group && r.kind === kind) ?? resources.find((r) => r.kind === kind)
  );
}
