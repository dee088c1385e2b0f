/**
 * The kinds each built-in Kubernetes API group serves, so that a typo in a known group is caught the way
 * kubectl reports it (`no matches for kind "Deploymnet" in version "apps/v1"`). Groups not listed here (CRDs
 * such as `argoproj.io`) accept any kind. `extensions` keeps its historical kinds, since health still
 * recognises `extensions` Ingress (argocd-semantics.md §3.0 rule 3).
 */
export const knownKinds: Readonly<Record<string, readonly string[]>> = {
  '': [
    'Binding',
    'ConfigMap',
    'Endpoints',
    'Event',
    'LimitRange',
    'List',
    'Namespace',
    'Node',
    'PersistentVolume',
    'PersistentVolumeClaim',
    'Pod',
    'PodTemplate',
    'ReplicationController',
    'ResourceQuota',
    'Secret',
    'Service',
    'ServiceAccount',
  ],
  apps: ['ControllerRevision', 'DaemonSet', 'Deployment', 'ReplicaSet', 'StatefulSet'],
  batch: ['CronJob', 'Job'],
  autoscaling: ['HorizontalPodAutoscaler'],
  policy: ['PodDisruptionBudget'],
  extensions: ['DaemonSet', 'Deployment', 'Ingress', 'NetworkPolicy', 'ReplicaSet'],
  'networking.k8s.io': ['Ingress', 'IngressClass', 'NetworkPolicy'],
  'rbac.authorization.k8s.io': ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'],
  'storage.k8s.io': ['CSIDriver', 'CSINode', 'CSIStorageCapacity', 'StorageClass', 'VolumeAttachment'],
  'apiextensions.k8s.io': ['CustomResourceDefinition'],
  'apiregistration.k8s.io': ['APIService'],
  'admissionregistration.k8s.io': [
    'MutatingWebhookConfiguration',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
    'ValidatingWebhookConfiguration',
  ],
  'scheduling.k8s.io': ['PriorityClass'],
  'coordination.k8s.io': ['Lease'],
  'discovery.k8s.io': ['EndpointSlice'],
  'node.k8s.io': ['RuntimeClass'],
  'certificates.k8s.io': ['CertificateSigningRequest'],
  'events.k8s.io': ['Event'],
};
