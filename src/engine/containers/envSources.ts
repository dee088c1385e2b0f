import type { JsonAny, KubeObject } from '../types';
import type { ObjectGetter } from './ownerChain';

/**
 * Why the kubelet cannot build a container's environment, in its own words, or undefined when it can. The kubelet
 * builds the environment after the image is pulled and before the container is created (kuberuntime
 * generateContainerConfig → kubelet_pods.go makeEnvironmentVariables); a ConfigMap or Secret that is missing, or a
 * key missing from one, stops the container there with CreateContainerConfigError, unless the reference is
 * `optional: true`. The not-found error comes from the kubelet's watch-based object manager
 * (`apierrors.NewNotFound` with the singular resource), so it reads `secret "db-credentials" not found`.
 */
export function envSourceProblem(pod: KubeObject, container: JsonAny, get: ObjectGetter): string | undefined {
  const namespace = pod.metadata.namespace ?? 'default';
  const find = (kind: 'ConfigMap' | 'Secret', name: string) => get({ group: '', kind, namespace, name });
  const resource = { ConfigMap: 'configmap', Secret: 'secret' } as const;
  // envFrom first, then env, as makeEnvironmentVariables reads them.
  for (const from of container.envFrom ?? []) {
    const kind = from?.configMapRef ? 'ConfigMap' : from?.secretRef ? 'Secret' : undefined;
    const ref = from?.configMapRef ?? from?.secretRef;
    if (!kind || !ref?.name || ref.optional === true) continue;
    if (!find(kind, String(ref.name))) return `${resource[kind]} "${ref.name}" not found`;
  }
  for (const e of container.env ?? []) {
    const keyRef = e?.valueFrom?.configMapKeyRef ?? e?.valueFrom?.secretKeyRef;
    if (!keyRef?.name) continue;
    const kind = e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const optional = keyRef.optional === true;
    const source = find(kind, String(keyRef.name));
    if (!source) {
      if (optional) continue;
      return `${resource[kind]} "${keyRef.name}" not found`;
    }
    const key = String(keyRef.key ?? '');
    const has =
      (source.data && Object.hasOwn(source.data, key)) ||
      (kind === 'Secret' && source.stringData && Object.hasOwn(source.stringData, key));
    if (!has && !optional) return `couldn't find key ${key} in ${kind} ${namespace}/${keyRef.name}`;
  }
  return undefined;
}
