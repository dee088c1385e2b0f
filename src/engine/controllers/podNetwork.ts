import type { Cluster } from '../cluster/cluster';
import type { Json, KubeObject } from '../types';
import { nestedMap, nestedSlice, nestedString, nestedStringSlice } from '../util/unstructured';
import { podsPerNode } from './podsPerNode';
import { storageClassBinding } from './storageClassBinding';

/**
 * The fake cluster's nodes as the scheduler and the kubelet see them: labels to match node selectors, a host IP
 * and a pod CIDR per node (kind's layout: node i has 172.18.0.(i+2) and 10.244.i.0/24), and the images each
 * node has already pulled (a second pod of the same image on a node starts faster, as on a real node).
 *
 * The state lives beside the Cluster (a WeakMap), since the store only holds API objects.
 */
interface NodeState {
  index: number;
  nextHost: number;
  images: Set<string>;
}

const nodeStates = new WeakMap<Cluster, Map<string, NodeState>>();

function nodesOf(cluster: Cluster): Map<string, NodeState> {
  let nodes = nodeStates.get(cluster);
  if (!nodes) {
    nodes = new Map(cluster.nodes.map((name, index) => [name, { index, nextHost: 2, images: new Set() }]));
    nodeStates.set(cluster, nodes);
  }
  return nodes;
}

/** The labels every node carries (the kubelet sets these on registration). */
export function nodeLabels(node: string): Record<string, string> {
  return {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': node,
    'kubernetes.io/os': 'linux',
  };
}

export function hostIP(cluster: Cluster, node: string): string {
  return `172.18.0.${(nodesOf(cluster).get(node)?.index ?? 0) + 2}`;
}

/** The next free pod IP in the node's /24 (wrapping after .254; the sandbox never runs that many pods). */
export function allocatePodIP(cluster: Cluster, node: string): string {
  const state = nodesOf(cluster).get(node);
  if (!state) return '10.244.0.2';
  const host = state.nextHost;
  state.nextHost = host >= 254 ? 2 : host + 1;
  return `10.244.${state.index}.${host}`;
}

/**
 * Image pull + container creation time: 1–3 s for an image the node does not have (or always re-checks with
 * `imagePullPolicy: Always`, which is quicker when the layers are cached), a few hundred ms otherwise.
 */
export function pullMs(cluster: Cluster, node: string, image: string, policy: string): number {
  const state = nodesOf(cluster).get(node);
  const cached = state?.images.has(image) ?? false;
  state?.images.add(image);
  if (!cached) return 1000 + cluster.rng.int(2000);
  return policy === 'Always' ? cluster.rng.jitter(800, 0.5) : cluster.rng.jitter(300, 0.5);
}

/**
 * The scheduler's choice: among the nodes that match the pod's nodeSelector and required node affinity, the
 * one running the fewest pods, ties broken by the seeded generator (kube-scheduler picks among equal scores at
 * random). Returns the Unschedulable message when no node fits or a claim is not bound yet (then the
 * scheduler tries again, as it does when the claim changes).
 */
export function pickNode(
  cluster: Cluster,
  pod: KubeObject,
): { node: string } | { message: string; retry: boolean } | { provisioning: string[] } {
  const total = cluster.nodes.length;
  const unschedulable = (reason: string, retry: boolean) => ({
    message: `0/${total} nodes are available: ${reason}. preemption: 0/${total} nodes are available: ${total} Preemption is not helpful for scheduling.`,
    retry,
  });
  // The VolumeBinding plugin: every claim must exist, and be Bound unless it waits for this pod to be provisioned.
  const provisioning: string[] = [];
  for (const volume of pod.spec?.volumes ?? []) {
    const claim = volume?.persistentVolumeClaim?.claimName;
    if (!claim) continue;
    const pvc = cluster.store.get({
      group: '',
      kind: 'PersistentVolumeClaim',
      namespace: pod.metadata.namespace ?? '',
      name: claim,
    });
    if (!pvc) return unschedulable(`persistentvolumeclaim "${claim}" not found`, true);
    if (pvc.status?.phase === 'Bound') continue;
    // A WaitForFirstConsumer claim is provisioned because this pod wants it: the scheduler waits in PreBind for
    // the volume (the pod stays Pending, not Unschedulable). An unbound claim of any other mode fails Filter.
    if (storageClassBinding(cluster, pvc) === 'WaitForFirstConsumer') provisioning.push(claim);
    else return unschedulable('pod has unbound immediate PersistentVolumeClaims', true);
  }
  if (provisioning.length > 0) return { provisioning };
  const fits = cluster.nodes.filter((n) => matchesNode(pod.spec ?? {}, n));
  if (fits.length === 0)
    return unschedulable(`${total} node(s) didn't match Pod's node affinity/selector`, false);
  const perNode = podsPerNode(cluster);
  const loads = fits.map((node) => perNode.get(node) ?? 0);
  const least = Math.min(...loads);
  const best = fits.filter((_, i) => loads[i] === least);
  return { node: best.length === 1 ? best[0] : best[cluster.rng.int(best.length)] };
}

function matchesNode(spec: Json, node: string): boolean {
  const labels = nodeLabels(node);
  for (const [k, v] of Object.entries(nestedMap(spec, 'nodeSelector') ?? {}))
    if (labels[k] !== v) return false;
  const terms =
    nestedSlice(
      spec,
      'affinity',
      'nodeAffinity',
      'requiredDuringSchedulingIgnoredDuringExecution',
      'nodeSelectorTerms',
    ) ?? [];
  if (terms.length === 0) return true;
  // Terms are ORed; the requirements inside a term are ANDed.
  return terms.some((term) => {
    const fields = (nestedSlice(term, 'matchFields') ?? []).every((r) =>
      requirement(r, nestedString(r, 'key') === 'metadata.name' ? node : undefined),
    );
    const exprs = (nestedSlice(term, 'matchExpressions') ?? []).every((r) => {
      const key = nestedString(r, 'key');
      return requirement(r, key === undefined ? undefined : labels[key]);
    });
    return fields && exprs;
  });
}

function requirement(r: Json, value: string | undefined): boolean {
  const values = nestedStringSlice(r, 'values') ?? [];
  switch (nestedString(r, 'operator')) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    default:
      return false;
  }
}

/** A stable lower-case hex id (container IDs, image digests), derived from a seed string. */
export function hexId(seed: string, length = 64): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < seed.length; i++) {
    h1 = Math.imul(h1 ^ seed.charCodeAt(i), 0x01000193);
    h2 = Math.imul(h2 ^ seed.charCodeAt(i), 0x5bd1e995);
  }
  let out = '';
  while (out.length < length) {
    h1 = Math.imul(h1 ^ (h2 >>> 13), 0x01000193);
    h2 = Math.imul(h2 ^ (h1 >>> 7), 0x5bd1e995);
    out += (h1 >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, length);
}
