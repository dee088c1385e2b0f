/**
 * The resource types an intervention can name, as kubectl resolves them (singular, plural and short names, a
 * `TYPE.GROUP` form), with the API group and the plural resource name kubectl's messages use
 * (`deployments.apps "web" not found`, `deployment.apps/web scaled`).
 */
export interface ResourceType {
  kind: string;
  group: string;
  /** The plural resource name. */
  resource: string;
  namespaced: boolean;
}

const types: (ResourceType & { names: string[] })[] = [
  { kind: 'Deployment', group: 'apps', resource: 'deployments', namespaced: true, names: ['deploy'] },
  { kind: 'ReplicaSet', group: 'apps', resource: 'replicasets', namespaced: true, names: ['rs'] },
  { kind: 'StatefulSet', group: 'apps', resource: 'statefulsets', namespaced: true, names: ['sts'] },
  { kind: 'DaemonSet', group: 'apps', resource: 'daemonsets', namespaced: true, names: ['ds'] },
  { kind: 'Job', group: 'batch', resource: 'jobs', namespaced: true, names: [] },
  { kind: 'CronJob', group: 'batch', resource: 'cronjobs', namespaced: true, names: ['cj'] },
  { kind: 'Pod', group: '', resource: 'pods', namespaced: true, names: ['po'] },
  { kind: 'Service', group: '', resource: 'services', namespaced: true, names: ['svc'] },
  { kind: 'ConfigMap', group: '', resource: 'configmaps', namespaced: true, names: ['cm'] },
  { kind: 'Secret', group: '', resource: 'secrets', namespaced: true, names: [] },
  { kind: 'ServiceAccount', group: '', resource: 'serviceaccounts', namespaced: true, names: ['sa'] },
  {
    kind: 'PersistentVolumeClaim',
    group: '',
    resource: 'persistentvolumeclaims',
    namespaced: true,
    names: ['pvc'],
  },
  { kind: 'Namespace', group: '', resource: 'namespaces', namespaced: false, names: ['ns'] },
  {
    kind: 'Ingress',
    group: 'networking.k8s.io',
    resource: 'ingresses',
    namespaced: true,
    names: ['ing'],
  },
  {
    kind: 'HorizontalPodAutoscaler',
    group: 'autoscaling',
    resource: 'horizontalpodautoscalers',
    namespaced: true,
    names: ['hpa'],
  },
  {
    kind: 'Application',
    group: 'argoproj.io',
    resource: 'applications',
    namespaced: true,
    names: ['app', 'apps'],
  },
];

/** The type a kubectl word names (`deploy`, `deployments`, `Deployment`, `deployments.apps`), if known. */
export function resourceType(word: string): ResourceType | undefined {
  const lower = word.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot < 0 ? lower : lower.slice(0, dot);
  const group = dot < 0 ? undefined : lower.slice(dot + 1);
  const found = types.find(
    (t) =>
      (t.kind.toLowerCase() === name || t.resource === name || t.names.includes(name)) &&
      (group === undefined || t.group === group),
  );
  if (!found) return undefined;
  const { names: _names, ...type } = found;
  return type;
}

/** `deployment.apps`, `configmap`: the singular form kubectl prints before `/NAME`. */
export function singularName(type: ResourceType): string {
  const singular = type.kind.toLowerCase();
  return type.group ? `${singular}.${type.group}` : singular;
}

/** `deployments.apps`, `configmaps`: the form of the API server's NotFound message. */
export function pluralName(type: ResourceType): string {
  return type.group ? `${type.resource}.${type.group}` : type.resource;
}
