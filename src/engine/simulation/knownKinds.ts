import type { ObjectStore } from '../cluster/store';
import type { Json, KubeObject } from '../types';

/**
 * The group/kinds the fake API server serves out of the box (what `kubectl api-resources` lists on a fresh
 * cluster, reduced to what manifests use). A custom resource is served only once its CRD exists, so a CR
 * whose CRD is neither in the cluster nor in the sync fails validation (argocd-semantics.md §2.6).
 */
const builtIn = new Set([
  '/Namespace',
  '/Pod',
  '/Service',
  '/ConfigMap',
  '/Secret',
  '/ServiceAccount',
  '/PersistentVolume',
  '/PersistentVolumeClaim',
  '/Endpoints',
  '/LimitRange',
  '/ResourceQuota',
  '/ReplicationController',
  '/Node',
  '/Event',
  'apps/Deployment',
  'apps/ReplicaSet',
  'apps/StatefulSet',
  'apps/DaemonSet',
  'apps/ControllerRevision',
  'batch/Job',
  'batch/CronJob',
  'networking.k8s.io/Ingress',
  'networking.k8s.io/IngressClass',
  'networking.k8s.io/NetworkPolicy',
  'policy/PodDisruptionBudget',
  'rbac.authorization.k8s.io/Role',
  'rbac.authorization.k8s.io/RoleBinding',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'storage.k8s.io/StorageClass',
  'autoscaling/HorizontalPodAutoscaler',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'scheduling.k8s.io/PriorityClass',
  'discovery.k8s.io/EndpointSlice',
  'coordination.k8s.io/Lease',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  // Argo CD's own CRDs: the sandbox's cluster is one Argo CD runs in (argocd-semantics.md §5.2).
  'argoproj.io/Application',
  'argoproj.io/ApplicationSet',
  'argoproj.io/AppProject',
]);

/**
 * The versions each built-in group serves (its preferred one first). A built-in kind is served at any version of
 * its group here (the reader refuses the kinds a built-in group does not have); these lists say which
 * group/versions exist at all, so that a kind missing from a served group/version reads as Kubernetes' NotFound.
 */
const builtInVersions: Readonly<Record<string, readonly string[]>> = {
  '': ['v1'],
  apps: ['v1'],
  batch: ['v1'],
  'networking.k8s.io': ['v1'],
  policy: ['v1'],
  'rbac.authorization.k8s.io': ['v1'],
  'storage.k8s.io': ['v1'],
  autoscaling: ['v2', 'v1'],
  'apiextensions.k8s.io': ['v1'],
  'apiregistration.k8s.io': ['v1'],
  'scheduling.k8s.io': ['v1'],
  'discovery.k8s.io': ['v1'],
  'coordination.k8s.io': ['v1'],
  'admissionregistration.k8s.io': ['v1'],
  'argoproj.io': ['v1alpha1'],
};

/**
 * The versions a CRD serves (`spec.versions[].served`, or the older single `spec.version`); undefined when it
 * names none, which the sandbox reads as serving every version (a minimal CRD written for a scenario).
 */
function servedVersions(crd: KubeObject): string[] | undefined {
  const versions: Json[] | undefined = Array.isArray(crd.spec?.versions) ? crd.spec.versions : undefined;
  if (versions) return versions.filter((v) => v?.served !== false).map((v) => String(v?.name ?? ''));
  if (typeof crd.spec?.version === 'string') return [crd.spec.version];
  return undefined;
}

/** The version a CRD's kind is listed under by discovery: its storage version if served, else its first served. */
function preferredVersion(crd: KubeObject): string | undefined {
  const versions: Json[] = Array.isArray(crd.spec?.versions) ? crd.spec.versions : [];
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
  if (builtIn.has(`${group}/${kind}`)) return undefined;
  const crds = store.list({ kind: 'CustomResourceDefinition' }).filter((crd) => crd.spec?.group === group);
  const serves = (crd: KubeObject) => {
    const versions = servedVersions(crd);
    return versions === undefined || versions.includes(version);
  };
  if (crds.some((crd) => crd.spec?.names?.kind === kind && serves(crd))) return undefined;
  const groupVersion = group === '' ? version : `${group}/${version}`;
  // An own-property lookup: a group named `constructor` or `__proto__` is a custom resource's, not Object's.
  const served =
    (Object.hasOwn(builtInVersions, group) && builtInVersions[group].includes(version)) || crds.some(serves);
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
      version: (Object.hasOwn(builtInVersions, g) ? builtInVersions[g][0] : undefined) ?? 'v1',
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
