import type { Cluster, Controller } from '../cluster/cluster';
import { refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { deepEqual } from '../util/clone';
import { ClusterIPIndex } from './clusterIPIndex';
import { delayElapsed } from './delayElapsed';
import {
  allocateClusterIP,
  allocateLoadBalancerIP,
  allocateNodePort,
  INGRESS_ADDRESS,
} from './serviceAddresses';

/** How long a cloud (here MetalLB-style) load balancer takes to get an address. */
export const LOAD_BALANCER_DELAY_MS = 2000;
/** How long the ingress controller takes to publish its address on a new Ingress. */
export const INGRESS_DELAY_MS = 3000;

/**
 * Addresses of Services and Ingresses (addresses: see serviceAddresses.ts). Every Service gets
 * `spec.clusterIP` as soon as it exists (the API server allocates it; a headless `None` stays), NodePort
 * and LoadBalancer Services get `nodePort`s, and after a short delay a LoadBalancer Service gets
 * `status.loadBalancer.ingress` and an Ingress the ingress controller's address. Until then Argo CD
 * reports them Progressing (argocd-semantics.md §3.8).
 */
export const loadBalancerController: Controller = {
  name: 'service-controller',
  kinds: ['Service', 'Ingress'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    const obj = cluster.store.get(ref);
    if (!obj || obj.metadata.deletionTimestamp) return;
    if (obj.kind === 'Ingress') reconcileIngress(cluster, obj);
    else reconcileService(cluster, obj);
  },
};

function reconcileService(cluster: Cluster, service: KubeObject): void {
  const ref = refOf(service);
  const type = service.spec?.type ?? 'ClusterIP';
  if (type === 'ExternalName') return;
  // Every other Service, sorted, is needed only to allocate a node port or a load balancer address: listing them
  // on each reconcile made a big app's Service reconciles quadratic. Compared by uid, not identity: a status write
  // below replaces this Service's stored object before the list may be made.
  let others: KubeObject[] | undefined;
  const servicesNow = () =>
    (others ??= cluster.store
      .list({ kind: 'Service' })
      .filter((s) => s.metadata.uid !== service.metadata.uid));
  const spec: JsonAny = { ...service.spec };
  // The Service has no address yet, so the addresses in use are the other Services' (clusterIPIndex.ts).
  const ips = ClusterIPIndex.of(cluster.store);
  spec.clusterIP ||= allocateClusterIP(service, (ip) => ips.has(ip));
  spec.clusterIPs ??= [spec.clusterIP];
  if (type === 'NodePort' || type === 'LoadBalancer') {
    spec.externalTrafficPolicy ??= 'Cluster';
    const taken = new Set<number>();
    spec.ports = (spec.ports ?? []).map((p: JsonAny, i: number) => {
      const nodePort = p.nodePort ?? allocateNodePort(service, i, servicesNow(), taken);
      taken.add(nodePort);
      return { ...p, nodePort };
    });
  }
  if (!deepEqual(spec, service.spec)) {
    cluster.store.patch(ref, (draft) => {
      draft.spec = spec;
    });
  }
  const ingress: JsonAny[] = service.status?.loadBalancer?.ingress ?? [];
  if (type !== 'LoadBalancer') {
    if (!service.status || ingress.length > 0) cluster.store.setStatus(ref, { loadBalancer: {} });
    return;
  }
  if (ingress.length > 0) return;
  if (!service.status) cluster.store.setStatus(ref, { loadBalancer: {} });
  // A Service that names a `loadBalancerClass` is left to that class's controller (Kubernetes'
  // service-controller and MetalLB both skip it). This cluster runs no other, so such a Service keeps
  // `<pending>` forever, as it does on a real cluster whose load-balancer controller is missing.
  if (service.spec?.loadBalancerClass) return;
  if (
    !delayElapsed(cluster, loadBalancerController, ref, `lb/${service.metadata.uid}`, LOAD_BALANCER_DELAY_MS)
  )
    return;
  const ip = allocateLoadBalancerIP(servicesNow());
  if (ip) cluster.store.setStatus(ref, { loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } });
}

function reconcileIngress(cluster: Cluster, ingress: KubeObject): void {
  if ((ingress.status?.loadBalancer?.ingress ?? []).length > 0) return;
  const ref = refOf(ingress);
  if (!ingress.status) cluster.store.setStatus(ref, { loadBalancer: {} });
  if (
    !delayElapsed(cluster, loadBalancerController, ref, `ingress/${ingress.metadata.uid}`, INGRESS_DELAY_MS)
  )
    return;
  cluster.store.setStatus(ref, { loadBalancer: { ingress: [{ ip: INGRESS_ADDRESS }] } });
}
