import type { ObjectStore } from '../cluster/store';
import type { Json, KubeObject } from '../types';
import { nestedField, nestedSlice } from '../util/unstructured';
import { isPodReady } from './podAvailability';

/** One pod behind a Service, with the ports it serves for the Service's ports. */
export interface EndpointTarget {
  pod: KubeObject;
  ip: string;
  ready: boolean;
  ports: { name?: string; port: number; protocol: string }[];
}

/**
 * The pods a Service selects, as the endpoints controller picks them (`ShouldPodBeInEndpoints`): same
 * namespace, labels matching the selector, an IP, not finished, and not terminating; ready when the pod's
 * Ready condition is True (or the Service publishes not-ready addresses). A Service without a selector has
 * no managed endpoints. Sorted by IP, so the result is deterministic.
 */
export function serviceTargets(store: ObjectStore, service: KubeObject): EndpointTarget[] {
  const selector: Record<string, string> | undefined = service.spec?.selector;
  if (!selector || Object.keys(selector).length === 0) return [];
  const publishNotReady = service.spec?.publishNotReadyAddresses === true;
  const servicePorts = nestedSlice(service.spec, 'ports') ?? [];
  const targets: EndpointTarget[] = [];
  for (const pod of store.list({
    kind: 'Pod',
    namespace: service.metadata.namespace ?? '',
    labels: selector,
  })) {
    const ip = pod.status?.podIP;
    if (!ip || ['Succeeded', 'Failed'].includes(pod.status?.phase)) continue;
    if (pod.metadata.deletionTimestamp && !publishNotReady) continue;
    const ports = servicePorts.flatMap((sp) => {
      const port = targetPortOf(pod, nestedField(sp, 'targetPort') ?? nestedField(sp, 'port'));
      if (port === undefined) return [];
      const name = nestedField(sp, 'name');
      return [
        {
          ...(name ? { name: String(name) } : {}),
          port,
          protocol: String(nestedField(sp, 'protocol') ?? 'TCP'),
        },
      ];
    });
    if (servicePorts.length > 0 && ports.length === 0) continue;
    const ready = publishNotReady || podReady(pod);
    targets.push({ pod, ip, ready, ports });
  }
  return targets.sort((a, b) => compareIPs(a.ip, b.ip));
}

/**
 * Whether a pod's Ready condition is True: podAvailability.ts reads it in place, where reading it into a new
 * condition object cost an object per pod at each of a Service's endpoint syncs.
 */
export function podReady(pod: KubeObject): boolean {
  return isPodReady(pod);
}

/** A numeric targetPort, or a named one looked up among the pod's container ports. */
function targetPortOf(pod: KubeObject, target: Json): number | undefined {
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(String(target))) return Number(target);
  for (const c of nestedSlice(pod.spec, 'containers') ?? [])
    for (const p of nestedSlice(c, 'ports') ?? [])
      if (nestedField(p, 'name') === target) return Number(nestedField(p, 'containerPort'));
  return undefined;
}

/** One subset of an Endpoints object (core/v1 `EndpointSubset`), as this controller writes it. */
export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointTarget['ports'];
}

/** An address of a subset (core/v1 `EndpointAddress`): a pod's IP, its node and a reference to it. */
interface EndpointAddress {
  ip: string;
  nodeName?: string;
  targetRef: { kind: 'Pod'; name?: string; namespace?: string; uid?: string };
}

/**
 * The `subsets` of the Endpoints object: targets grouped by the ports they serve (like `RepackSubsets`),
 * ready ones in `addresses`, the others in `notReadyAddresses`.
 */
export function endpointSubsets(targets: EndpointTarget[]): EndpointSubset[] {
  const groups = new Map<string, EndpointTarget[]>();
  for (const t of targets) {
    const key = JSON.stringify(t.ports);
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.keys()].sort().map((key) => {
    const members = groups.get(key)!;
    const address = (t: EndpointTarget): EndpointAddress => ({
      ip: t.ip,
      nodeName: t.pod.spec?.nodeName,
      targetRef: {
        kind: 'Pod',
        name: t.pod.metadata.name,
        namespace: t.pod.metadata.namespace,
        uid: t.pod.metadata.uid,
      },
    });
    const subset: EndpointSubset = {};
    const ready = members.filter((t) => t.ready).map(address);
    const notReady = members.filter((t) => !t.ready).map(address);
    if (ready.length) subset.addresses = ready;
    if (notReady.length) subset.notReadyAddresses = notReady;
    if (members[0].ports.length) subset.ports = members[0].ports;
    return subset;
  });
}

function compareIPs(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 4; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
