import type { Cluster } from '../cluster/cluster';
import type { HttpRequest, HttpResult } from '../containers/effects';
import { isPodinfo } from '../containers/image';
import type { KubeObject } from '../types';
import { nestedField, nestedSlice } from '../util/unstructured';
import { serviceTargets } from './serviceEndpoints';

/**
 * The cluster network as a container sees it, for curl, wget and nc. Names resolve like cluster DNS with
 * the pod's search path: `<svc>`, `<svc>.<ns>`, `<svc>.<ns>.svc`, `<svc>.<ns>.svc.cluster.local` (namespace
 * defaults to the pod's). Anything else, or a Service that does not exist, does not resolve; the sandbox has
 * no outside network. A ClusterIP Service on a port it serves forwards to one ready endpoint (kube-proxy's
 * choice, seeded); with no ready endpoint the connection is refused. A headless Service's name resolves only
 * while it has ready pods. podinfo answers `/status/NNN` with NNN; other servers answer 200.
 */
export function resolveHttp(cluster: Cluster, from: KubeObject, request: HttpRequest): HttpResult {
  const host = request.host.replace(/\.$/, '');
  const store = cluster.store;
  if (host === 'localhost' || host === '127.0.0.1') return answerFromPod(from, request, '127.0.0.1');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    const service = store.list({ kind: 'Service' }).find((s) => serviceIP(s) === host);
    if (service) return viaService(cluster, service, request);
    const pod = store.list({ kind: 'Pod' }).find((p) => p.status?.podIP === host);
    return pod ? answerFromPod(pod, request, host) : { type: 'refused', address: host };
  }
  const parts = host.split('.');
  const qualified =
    parts.length === 1 ||
    parts.length === 2 ||
    (parts.length === 3 && parts[2] === 'svc') ||
    (parts.length === 5 && parts.slice(2).join('.') === 'svc.cluster.local');
  if (!qualified) return { type: 'unresolved' };
  const namespace = parts[1] ?? from.metadata.namespace ?? 'default';
  const service = store.get({ group: '', kind: 'Service', namespace, name: parts[0] });
  return service ? viaService(cluster, service, request) : { type: 'unresolved' };
}

function viaService(cluster: Cluster, service: KubeObject, request: HttpRequest): HttpResult {
  if (service.spec?.type === 'ExternalName') return { type: 'unresolved' };
  const ready = readyPods(cluster, service);
  if (service.spec?.clusterIP === 'None') {
    if (ready.length === 0) return { type: 'unresolved' };
    const pod = ready[ready.length === 1 ? 0 : cluster.rng.int(ready.length)];
    return answerFromPod(pod, request, pod.status?.podIP ?? '');
  }
  const address = serviceIP(service);
  const served = (nestedSlice(service.spec, 'ports') ?? []).some(
    (p) => Number(nestedField(p, 'port')) === request.port,
  );
  if (!served || ready.length === 0) return { type: 'refused', address };
  const pod = ready[ready.length === 1 ? 0 : cluster.rng.int(ready.length)];
  return { type: 'response', status: serverStatus(pod, request.path), address };
}

/** The ready pods behind a Service: from its Endpoints object when there is one (as kube-proxy reads it). */
function readyPods(cluster: Cluster, service: KubeObject): KubeObject[] {
  const namespace = service.metadata.namespace ?? '';
  const endpoints = cluster.store.get({
    group: '',
    kind: 'Endpoints',
    namespace,
    name: service.metadata.name ?? '',
  });
  if (!endpoints)
    return serviceTargets(cluster.store, service)
      .filter((t) => t.ready)
      .map((t) => t.pod);
  const pods: KubeObject[] = [];
  for (const subset of endpoints.subsets ?? []) {
    for (const address of subset.addresses ?? []) {
      const name = address.targetRef?.name;
      const pod = name ? cluster.store.get({ group: '', kind: 'Pod', namespace, name }) : undefined;
      if (pod && !pods.includes(pod)) pods.push(pod);
    }
  }
  return pods;
}

/** A direct connection to a pod: it answers if it is running and listens on the port (or declares none). */
function answerFromPod(pod: KubeObject, request: HttpRequest, address: string): HttpResult {
  const running = (nestedSlice(pod.status, 'containerStatuses') ?? []).some((c) =>
    Boolean(nestedField(c, 'state', 'running')),
  );
  const ports = (nestedSlice(pod.spec, 'containers') ?? []).flatMap((c) =>
    (nestedSlice(c, 'ports') ?? []).map((p) => Number(nestedField(p, 'containerPort'))),
  );
  if (!running || (ports.length > 0 && !ports.includes(request.port))) return { type: 'refused', address };
  return { type: 'response', status: serverStatus(pod, request.path), address };
}

/** What the pod's server answers: podinfo's `/status/{code}` echoes the code; everything else is 200. */
function serverStatus(pod: KubeObject, path: string): number {
  const podinfo = (nestedSlice(pod.spec, 'containers') ?? []).some((c) =>
    isPodinfo(String(nestedField(c, 'image') ?? '')),
  );
  const m = /^\/status\/(\d{3})(?:[/?]|$)/.exec(path);
  if (podinfo && m && Number(m[1]) >= 100 && Number(m[1]) <= 599) return Number(m[1]);
  return 200;
}

/** The Service's cluster IP: its own, or a stable one in 10.96.0.0/16 when none was written. */
export function serviceIP(service: KubeObject): string {
  const ip = service.spec?.clusterIP;
  if (ip && ip !== 'None') return String(ip);
  const key = `${service.metadata.namespace}/${service.metadata.name}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h >>>= 0;
  return `10.96.${(h >>> 8) & 0xff}.${(h & 0xfd) + 2}`;
}
