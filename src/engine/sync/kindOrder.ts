/**
 * The order in which kinds are applied within one (phase, wave) step, first to last (argocd-semantics.md §2.5).
 * gitops-engine froze this list from Helm's kind sorter. The rank is the kind's index minus 35, so `Namespace`
 * is −35 and `APIService` −1; every other kind, custom resources and `Application` included, ranks 0 and so
 * goes last. Only the kind string counts: a Knative `Service` sorts with core Services (§6 item 15).
 */
export const kindOrder = [
  'Namespace',
  'NetworkPolicy',
  'ResourceQuota',
  'LimitRange',
  'PodSecurityPolicy',
  'PodDisruptionBudget',
  'ServiceAccount',
  'Secret',
  'SecretList',
  'ConfigMap',
  'StorageClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleList',
  'ClusterRoleBinding',
  'ClusterRoleBindingList',
  'Role',
  'RoleList',
  'RoleBinding',
  'RoleBindingList',
  'Service',
  'DaemonSet',
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'HorizontalPodAutoscaler',
  'StatefulSet',
  'Job',
  'CronJob',
  'IngressClass',
  'Ingress',
  'APIService',
] as const;

const ranks = new Map<string, number>(kindOrder.map((kind, i) => [kind, i - kindOrder.length]));

/** The kind's rank: negative for the 35 known kinds, 0 for anything else. */
export function kindRank(kind: string): number {
  return ranks.get(kind) ?? 0;
}
