import type { KubeObject } from '../types';

/**
 * Address allocation for Services, deterministic so that the same scenario always shows the same addresses.
 *
 * - Cluster IPs come from the service CIDR 10.96.0.0/16 (kind's default). The address is derived from a hash
 *   of `namespace/name`, moving to the next free one on a clash, so a Service keeps its address when it is
 *   re-created and adding another Service does not shift the others. 10.96.0.1 (`kubernetes`) and
 *   10.96.0.10 (`kube-dns`) are never handed out.
 * - Node ports come from 30000–32767 in the same way, from `namespace/name/port index`.
 * - Load balancer addresses come from a MetalLB-style pool on kind's docker network: 172.18.255.201–250,
 *   lowest free first. 172.18.255.200 is the ingress controller's own address, which every Ingress reports.
 *   When the pool is used up, further LoadBalancer Services stay without an address (Progressing).
 */
export const INGRESS_ADDRESS = '172.18.255.200';
const POOL_FIRST = 201;
const POOL_LAST = 250;
const RESERVED_CLUSTER_IPS = new Set(['10.96.0.1', '10.96.0.10']);
const NODE_PORT_FIRST = 30000;
const NODE_PORT_COUNT = 2768;
const CLUSTER_IP_COUNT = 256 * 254;

/** A cluster IP for `service` that no other Service uses (`inUse`). */
export function allocateClusterIP(service: KubeObject, inUse: (ip: string) => boolean): string {
  let index = hash(`${service.metadata.namespace}/${service.metadata.name}`) % CLUSTER_IP_COUNT;
  for (;;) {
    const ip = `10.96.${Math.floor(index / 254)}.${(index % 254) + 1}`;
    if (!inUse(ip) && !RESERVED_CLUSTER_IPS.has(ip)) return ip;
    index = (index + 1) % CLUSTER_IP_COUNT;
  }
}

/** A node port for port `index` of `service` that none of `services` uses (nor `taken`). */
export function allocateNodePort(
  service: KubeObject,
  index: number,
  services: KubeObject[],
  taken: Set<number>,
): number {
  const used = new Set<number>(taken);
  for (const s of services) for (const p of s.spec?.ports ?? []) if (p.nodePort) used.add(p.nodePort);
  let offset = hash(`${service.metadata.namespace}/${service.metadata.name}/${index}`) % NODE_PORT_COUNT;
  for (let tries = 0; tries < NODE_PORT_COUNT; tries++) {
    const port = NODE_PORT_FIRST + offset;
    if (!used.has(port)) return port;
    offset = (offset + 1) % NODE_PORT_COUNT;
  }
  return 0;
}

/** The lowest free pool address, or undefined when the pool is used up. */
export function allocateLoadBalancerIP(services: KubeObject[]): string | undefined {
  const used = new Set<string>();
  for (const s of services)
    for (const entry of s.status?.loadBalancer?.ingress ?? []) if (entry.ip) used.add(entry.ip);
  for (let n = POOL_FIRST; n <= POOL_LAST; n++) if (!used.has(`172.18.255.${n}`)) return `172.18.255.${n}`;
  return undefined;
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
