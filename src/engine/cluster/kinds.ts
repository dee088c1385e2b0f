/**
 * The Kubernetes kinds the sandbox knows, once: each kind's API group, preferred version, plural resource name,
 * kubectl short names, scope and (for the kinds whose schema the sandbox checks) top-level fields. What a fresh
 * cluster's `kubectl api-resources` lists (Kubernetes 1.31), reduced to what manifests use, plus the `extensions`
 * kinds that health still recognises (argocd-semantics.md §3.0 rule 3) and Argo CD's own CRDs, since the sandbox's
 * cluster is one Argo CD runs in (§5.2).
 *
 * Everything else is derived from this table: the scope (gvk.ts `isNamespaced`), what the fake API server serves
 * (discovery.ts), the resource names in its errors (apiError.ts `resourceName`), the
 * `--fail` kind words (containers/failures.ts), the strict field check (unknownField.ts), the scenario
 * reader's "no matches for kind" (`kindsByGroup`) and the terminal's `kubectl get` names.
 */
export interface KindInfo {
  group: string;
  /** The preferred version. */
  version: string;
  kind: string;
  /** The resource name, e.g. `deployments`. */
  plural: string;
  shortNames: readonly string[];
  namespaced: boolean;
  /**
   * Whether a fresh cluster serves it: false for the removed `extensions` kinds (recognised, never applied) and
   * for `List`, which kubectl unpacks on the client.
   */
  served: boolean;
  /** A custom resource (Argo CD's CRDs): the scenario reader accepts any kind in its group. */
  crd?: boolean;
  /** Top-level fields besides apiVersion, kind and metadata, for the kinds whose schema is checked. */
  fields?: readonly string[];
}

const specAndStatus = ['spec', 'status'] as const;

type Row = [
  group: string,
  version: string,
  kind: string,
  plural: string,
  shortNames: readonly string[],
  namespaced: boolean,
  extra?: Partial<Pick<KindInfo, 'served' | 'crd' | 'fields'>>,
];

const rows: Row[] = [
  ['', 'v1', 'Binding', 'bindings', [], true],
  ['', 'v1', 'ConfigMap', 'configmaps', ['cm'], true, { fields: ['data', 'binaryData', 'immutable'] }],
  ['', 'v1', 'Endpoints', 'endpoints', ['ep'], true],
  ['', 'v1', 'Event', 'events', ['ev'], true],
  ['', 'v1', 'LimitRange', 'limitranges', ['limits'], true],
  ['', 'v1', 'List', 'lists', [], true, { served: false }],
  ['', 'v1', 'Namespace', 'namespaces', ['ns'], false, { fields: specAndStatus }],
  ['', 'v1', 'Node', 'nodes', ['no'], false],
  ['', 'v1', 'PersistentVolume', 'persistentvolumes', ['pv'], false],
  ['', 'v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', ['pvc'], true, { fields: specAndStatus }],
  ['', 'v1', 'Pod', 'pods', ['po'], true, { fields: specAndStatus }],
  ['', 'v1', 'PodTemplate', 'podtemplates', [], true],
  ['', 'v1', 'ReplicationController', 'replicationcontrollers', ['rc'], true],
  ['', 'v1', 'ResourceQuota', 'resourcequotas', ['quota'], true],
  ['', 'v1', 'Secret', 'secrets', [], true, { fields: ['data', 'stringData', 'type', 'immutable'] }],
  ['', 'v1', 'Service', 'services', ['svc'], true, { fields: specAndStatus }],
  [
    '',
    'v1',
    'ServiceAccount',
    'serviceaccounts',
    ['sa'],
    true,
    { fields: ['secrets', 'imagePullSecrets', 'automountServiceAccountToken'] },
  ],
  ['apps', 'v1', 'ControllerRevision', 'controllerrevisions', [], true],
  ['apps', 'v1', 'DaemonSet', 'daemonsets', ['ds'], true, { fields: specAndStatus }],
  ['apps', 'v1', 'Deployment', 'deployments', ['deploy'], true, { fields: specAndStatus }],
  ['apps', 'v1', 'ReplicaSet', 'replicasets', ['rs'], true, { fields: specAndStatus }],
  ['apps', 'v1', 'StatefulSet', 'statefulsets', ['sts'], true, { fields: specAndStatus }],
  ['batch', 'v1', 'CronJob', 'cronjobs', ['cj'], true, { fields: specAndStatus }],
  ['batch', 'v1', 'Job', 'jobs', [], true, { fields: specAndStatus }],
  [
    'autoscaling',
    'v2',
    'HorizontalPodAutoscaler',
    'horizontalpodautoscalers',
    ['hpa'],
    true,
    { fields: specAndStatus },
  ],
  ['policy', 'v1', 'PodDisruptionBudget', 'poddisruptionbudgets', ['pdb'], true],
  ['networking.k8s.io', 'v1', 'Ingress', 'ingresses', ['ing'], true, { fields: specAndStatus }],
  ['networking.k8s.io', 'v1', 'IngressClass', 'ingressclasses', [], false],
  ['networking.k8s.io', 'v1', 'NetworkPolicy', 'networkpolicies', ['netpol'], true],
  [
    'rbac.authorization.k8s.io',
    'v1',
    'ClusterRole',
    'clusterroles',
    [],
    false,
    { fields: ['rules', 'aggregationRule'] },
  ],
  [
    'rbac.authorization.k8s.io',
    'v1',
    'ClusterRoleBinding',
    'clusterrolebindings',
    [],
    false,
    { fields: ['subjects', 'roleRef'] },
  ],
  ['rbac.authorization.k8s.io', 'v1', 'Role', 'roles', [], true, { fields: ['rules'] }],
  [
    'rbac.authorization.k8s.io',
    'v1',
    'RoleBinding',
    'rolebindings',
    [],
    true,
    { fields: ['subjects', 'roleRef'] },
  ],
  ['storage.k8s.io', 'v1', 'CSIDriver', 'csidrivers', [], false],
  ['storage.k8s.io', 'v1', 'CSINode', 'csinodes', [], false],
  ['storage.k8s.io', 'v1', 'CSIStorageCapacity', 'csistoragecapacities', [], true],
  ['storage.k8s.io', 'v1', 'StorageClass', 'storageclasses', ['sc'], false],
  ['storage.k8s.io', 'v1', 'VolumeAttachment', 'volumeattachments', [], false],
  [
    'apiextensions.k8s.io',
    'v1',
    'CustomResourceDefinition',
    'customresourcedefinitions',
    ['crd', 'crds'],
    false,
  ],
  ['apiregistration.k8s.io', 'v1', 'APIService', 'apiservices', [], false],
  [
    'admissionregistration.k8s.io',
    'v1',
    'MutatingWebhookConfiguration',
    'mutatingwebhookconfigurations',
    [],
    false,
  ],
  [
    'admissionregistration.k8s.io',
    'v1',
    'ValidatingAdmissionPolicy',
    'validatingadmissionpolicies',
    [],
    false,
  ],
  [
    'admissionregistration.k8s.io',
    'v1',
    'ValidatingAdmissionPolicyBinding',
    'validatingadmissionpolicybindings',
    [],
    false,
  ],
  [
    'admissionregistration.k8s.io',
    'v1',
    'ValidatingWebhookConfiguration',
    'validatingwebhookconfigurations',
    [],
    false,
  ],
  ['scheduling.k8s.io', 'v1', 'PriorityClass', 'priorityclasses', ['pc'], false],
  ['coordination.k8s.io', 'v1', 'Lease', 'leases', [], true],
  ['discovery.k8s.io', 'v1', 'EndpointSlice', 'endpointslices', [], true],
  ['node.k8s.io', 'v1', 'RuntimeClass', 'runtimeclasses', [], false],
  ['certificates.k8s.io', 'v1', 'CertificateSigningRequest', 'certificatesigningrequests', ['csr'], false],
  ['events.k8s.io', 'v1', 'Event', 'events', ['ev'], true],
  // Removed from the API (1.16, 1.22), still recognised by health (§3.0 rule 3). Listed after the current
  // groups, so that a kind name alone finds its current group (`kindNamed`).
  ['extensions', 'v1beta1', 'DaemonSet', 'daemonsets', ['ds'], true, { served: false }],
  ['extensions', 'v1beta1', 'Deployment', 'deployments', ['deploy'], true, { served: false }],
  ['extensions', 'v1beta1', 'Ingress', 'ingresses', ['ing'], true, { served: false }],
  ['extensions', 'v1beta1', 'NetworkPolicy', 'networkpolicies', ['netpol'], true, { served: false }],
  ['extensions', 'v1beta1', 'ReplicaSet', 'replicasets', ['rs'], true, { served: false }],
  ['argoproj.io', 'v1alpha1', 'Application', 'applications', ['app', 'apps'], true, { crd: true }],
  [
    'argoproj.io',
    'v1alpha1',
    'ApplicationSet',
    'applicationsets',
    ['appset', 'appsets'],
    true,
    { crd: true },
  ],
  ['argoproj.io', 'v1alpha1', 'AppProject', 'appprojects', ['appproj', 'appprojs'], true, { crd: true }],
];

export const kinds: readonly KindInfo[] = rows.map(
  ([group, version, kind, plural, shortNames, namespaced, extra]): KindInfo => ({
    group,
    version,
    kind,
    plural,
    shortNames,
    namespaced,
    served: extra?.served ?? true,
    ...(extra?.crd ? { crd: true } : {}),
    ...(extra?.fields ? { fields: extra.fields } : {}),
  }),
);

const byGroupKind = new Map(kinds.map((k) => [`${k.group}/${k.kind}`, k]));
/** The first row of each kind name: the current group's (rows list it before a removed group's). */
const byKind = new Map<string, KindInfo>();
for (const k of kinds) if (!byKind.has(k.kind)) byKind.set(k.kind, k);

/** The row of group/kind, if the sandbox knows it. */
export function kindInfo(group: string, kind: string): KindInfo | undefined {
  return byGroupKind.get(`${group}/${kind}`);
}

/** The row of a kind name, in its current group, if the sandbox knows it. */
export function kindNamed(kind: string): KindInfo | undefined {
  return byKind.get(kind);
}

/** The kinds of each built-in API group (CRD groups left out: they accept any kind). */
export function kindsByGroup(): Readonly<Record<string, readonly string[]>> {
  const out: Record<string, string[]> = {};
  for (const k of kinds) if (!k.crd) (out[k.group] ??= []).push(k.kind);
  return out;
}
