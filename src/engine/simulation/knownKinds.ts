import type { ObjectStore } from '../cluster/store';

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

/** Whether the API server serves group/kind: a built-in kind or one defined by a CRD in the cluster. */
export function isServed(store: ObjectStore, group: string, kind: string): boolean {
  if (builtIn.has(`${group}/${kind}`)) return true;
  return store
    .list({ kind: 'CustomResourceDefinition' })
    .some((crd) => crd.spec?.group === group && crd.spec?.names?.kind === kind);
}
