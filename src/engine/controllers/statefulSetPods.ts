import type { Cluster } from '../cluster/cluster';
import type { Json, KubeObject } from '../types';
import { nestedField, nestedSlice, nestedString, nestedStringMap } from '../util/unstructured';
import { clone } from '../util/clone';
import { templateOf } from './controllerRevisions';
import { controllerRefTo } from './ownerRefs';

/**
 * The pods and claims of a StatefulSet (k8s.io/kubernetes `pkg/controller/statefulset/stateful_set_utils.go`):
 * pod `<sts>-<ordinal>` with a stable hostname, and for each `volumeClaimTemplates` entry a
 * PersistentVolumeClaim `<claim>-<sts>-<ordinal>` that outlives the pod.
 */

/** The pod label naming the ControllerRevision a pod was made from. */
export const REVISION_LABEL = 'controller-revision-hash';

/** The ordinal of a StatefulSet's pod from its name, or undefined for a pod that is not `<sts>-<n>`. */
export function ordinalOf(sts: KubeObject, pod: KubeObject): number | undefined {
  const prefix = `${sts.metadata.name}-`;
  const name = pod.metadata.name ?? '';
  if (!name.startsWith(prefix)) return undefined;
  const rest = name.slice(prefix.length);
  return /^(0|[1-9]\d*)$/.test(rest) ? Number(rest) : undefined;
}

/** The revision name a pod was made from. */
export function podRevision(pod: KubeObject): string | undefined {
  return pod.metadata.labels?.[REVISION_LABEL];
}

/** The pod of `ordinal`, from the template stored in `revision` (`newVersionedStatefulSetPod`). */
export function statefulPod(sts: KubeObject, revision: KubeObject, ordinal: number): KubeObject {
  const template = templateOf(revision);
  const name = `${sts.metadata.name}-${ordinal}`;
  const spec = clone(template.spec ?? {});
  spec.hostname = name;
  if (sts.spec?.serviceName) spec.subdomain = sts.spec.serviceName;
  const claims = nestedSlice(sts.spec, 'volumeClaimTemplates') ?? [];
  if (claims.length > 0) {
    const names = new Set(claims.map((c) => nestedString(c, 'metadata', 'name')));
    spec.volumes = [
      ...(nestedSlice(spec, 'volumes') ?? []).filter((v) => !names.has(nestedString(v, 'name'))),
      ...claims.map((c) => ({
        name: nestedString(c, 'metadata', 'name'),
        persistentVolumeClaim: { claimName: claimName(sts, c, ordinal) },
      })),
    ];
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: sts.metadata.namespace,
      labels: {
        ...template.metadata?.labels,
        [REVISION_LABEL]: revision.metadata.name ?? '',
        'statefulset.kubernetes.io/pod-name': name,
        'apps.kubernetes.io/pod-index': String(ordinal),
      },
      annotations: template.metadata?.annotations ? { ...template.metadata.annotations } : undefined,
      ownerReferences: [controllerRefTo(sts)],
    },
    spec,
  };
}

/**
 * Create the missing claims of one ordinal (`createPersistentVolumeClaims`). They carry the set's selector
 * labels. With `persistentVolumeClaimRetentionPolicy.whenDeleted: Delete` the StatefulSet owns them, so the
 * garbage collector deletes them with it; with the default `Retain` they stay.
 */
export function createMissingClaims(cluster: Cluster, sts: KubeObject, ordinal: number): void {
  const ownedBySet = sts.spec?.persistentVolumeClaimRetentionPolicy?.whenDeleted === 'Delete';
  for (const template of nestedSlice(sts.spec, 'volumeClaimTemplates') ?? []) {
    const annotations = nestedStringMap(template, 'metadata', 'annotations');
    const name = claimName(sts, template, ordinal);
    const namespace = sts.metadata.namespace ?? 'default';
    if (cluster.store.get({ group: '', kind: 'PersistentVolumeClaim', namespace, name })) continue;
    cluster.store.create({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        name,
        namespace,
        labels: { ...nestedStringMap(template, 'metadata', 'labels'), ...sts.spec?.selector?.matchLabels },
        annotations: annotations ? { ...annotations } : undefined,
        ownerReferences: ownedBySet ? [controllerRefTo(sts)] : undefined,
      },
      spec: clone(nestedField(template, 'spec') ?? {}),
    });
  }
}

function claimName(sts: KubeObject, template: Json, ordinal: number): string {
  return `${nestedString(template, 'metadata', 'name')}-${sts.metadata.name}-${ordinal}`;
}
