import type { KubeObject } from '../types';

/**
 * The top-level fields of the built-in kinds the sandbox runs, besides apiVersion, kind and metadata. Kinds not
 * listed are not checked: their schema is not known here.
 */
const topLevel: Record<string, readonly string[]> = {
  ConfigMap: ['data', 'binaryData', 'immutable'],
  Secret: ['data', 'stringData', 'type', 'immutable'],
  ServiceAccount: ['secrets', 'imagePullSecrets', 'automountServiceAccountToken'],
  Role: ['rules'],
  ClusterRole: ['rules', 'aggregationRule'],
  RoleBinding: ['subjects', 'roleRef'],
  ClusterRoleBinding: ['subjects', 'roleRef'],
};
const specAndStatus = [
  'Namespace',
  'Pod',
  'Service',
  'PersistentVolumeClaim',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Job',
  'CronJob',
  'Ingress',
  'HorizontalPodAutoscaler',
];
for (const kind of specAndStatus) topLevel[kind] = ['spec', 'status'];

/**
 * kubectl apply validates by default (`--validate=strict`: the API server's strict field validation), so a field the
 * kind does not have fails the apply; `Validate=false` turns it off (e2e TestSyncOptionsValidateTrue/False, whose
 * ConfigMap has a top-level `invalidKey`). Only top-level fields of the kinds above are checked. The message is the
 * API server's strict decoding error, or undefined.
 */
export function unknownFieldProblem(obj: KubeObject): string | undefined {
  const known = topLevel[obj.kind];
  if (!known) return undefined;
  const unknown = Object.keys(obj).find(
    (field) => !['apiVersion', 'kind', 'metadata'].includes(field) && !known.includes(field),
  );
  if (unknown === undefined) return undefined;
  const version = obj.apiVersion ?? '';
  return `${obj.kind} in version "${version.slice(version.indexOf('/') + 1)}" cannot be handled as a ${obj.kind}: strict decoding error: unknown field "${unknown}"`;
}
