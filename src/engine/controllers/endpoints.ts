import { toTimestamp } from '../clock';
import type { Cluster, Controller } from '../cluster/cluster';
import type { KubeObject, ObjectRef } from '../types';
import { deepEqual } from '../util/clone';
import { endpointSubsets, serviceTargets } from './serviceEndpoints';
import { ServiceSelectorIndex } from './serviceSelectorIndex';

/** The annotation the endpoints controller stamps with the time of the change it reflects. */
export const LAST_CHANGE_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';

/**
 * The endpoints controller: one `Endpoints` object per Service with a selector (same name and namespace),
 * listing the IPs of the selected pods, ready ones in `addresses` and the others in `notReadyAddresses`.
 * curl in the sandbox and the page read it the way kube-proxy does.
 *
 * It watches Services and Pods: a Pod change re-syncs the Services that select the pod, and those whose
 * Endpoints still list it (a pod deleted, or whose labels no longer match). The Endpoints copy the Service's labels,
 * as Kubernetes does; Argo CD excludes the Endpoints kind from apps by default, so they are never managed.
 */
export const endpointsController: Controller = {
  name: 'endpoints',
  kinds: ['Service', 'Pod'],
  reconcile(ref: ObjectRef, cluster: Cluster): void {
    if (ref.kind === 'Pod') {
      // Only the Services that select the pod now, or whose Endpoints list it still, can change.
      const pod = cluster.store.get(ref);
      const names = new Set(listedBy(cluster).get(`${ref.namespace}/${ref.name}`) ?? []);
      if (pod) {
        for (const svc of ServiceSelectorIndex.of(cluster.store).candidates(pod))
          if (selectsPod(svc, pod)) names.add(svc.metadata.name ?? '');
      }
      for (const name of [...names].sort())
        syncEndpoints(cluster, { group: '', kind: 'Service', namespace: ref.namespace, name });
      return;
    }
    syncEndpoints(cluster, ref);
  },
};

function selectsPod(service: KubeObject, pod: KubeObject): boolean {
  const selector: Record<string, string> | undefined = service.spec?.selector;
  if (!selector || Object.keys(selector).length === 0) return false;
  const labels = pod.metadata.labels ?? {};
  for (const [k, v] of Object.entries(selector)) if (labels[k] !== v) return false;
  return true;
}

/** Per cluster: which Services list each pod (`namespace/pod` → names), and the reverse (`namespace/svc` → pods). */
const listings = new WeakMap<Cluster, { byPod: Map<string, Set<string>>; bySvc: Map<string, Set<string>> }>();

function listingsOf(cluster: Cluster) {
  let l = listings.get(cluster);
  if (!l) listings.set(cluster, (l = { byPod: new Map(), bySvc: new Map() }));
  return l;
}

function listedBy(cluster: Cluster): Map<string, Set<string>> {
  return listingsOf(cluster).byPod;
}

/** Remember which pods a Service's Endpoints list now, so a pod change finds the Services to re-sync. */
function recordListing(cluster: Cluster, serviceRef: ObjectRef, pods: readonly string[]): void {
  const { byPod, bySvc } = listingsOf(cluster);
  const svcKey = `${serviceRef.namespace}/${serviceRef.name}`;
  const now = new Set(pods.map((p) => `${serviceRef.namespace}/${p}`));
  for (const podKey of bySvc.get(svcKey) ?? [])
    if (!now.has(podKey)) byPod.get(podKey)?.delete(serviceRef.name);
  for (const podKey of now) {
    let services = byPod.get(podKey);
    if (!services) byPod.set(podKey, (services = new Set()));
    services.add(serviceRef.name);
  }
  bySvc.set(svcKey, now);
}

function syncEndpoints(cluster: Cluster, serviceRef: ObjectRef): void {
  const store = cluster.store;
  const ref: ObjectRef = { ...serviceRef, kind: 'Endpoints' };
  const service = store.get(serviceRef);
  const existing = store.get(ref);
  if (!service) {
    recordListing(cluster, serviceRef, []);
    if (existing && !existing.metadata.deletionTimestamp) store.delete(ref);
    return;
  }
  // A Service without a selector has Endpoints its user writes; the controller leaves them alone.
  if (!service.spec?.selector || Object.keys(service.spec.selector).length === 0) return;
  const targets = serviceTargets(store, service);
  recordListing(
    cluster,
    serviceRef,
    targets.map((t) => t.pod.metadata.name ?? ''),
  );
  const subsets = endpointSubsets(targets);
  const labels: Record<string, string> = { ...(service.metadata.labels ?? {}) };
  if (service.spec.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
  const now = toTimestamp(cluster.clock.now());
  if (!existing) {
    store.create({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: {
        name: ref.name,
        namespace: ref.namespace,
        labels,
        annotations: { [LAST_CHANGE_TRIGGER_TIME]: now },
      },
      ...(subsets.length ? { subsets } : {}),
    });
    return;
  }
  if (deepEqual(existing.subsets ?? [], subsets) && deepEqual(existing.metadata.labels ?? {}, labels)) return;
  store.patch(ref, (draft) => {
    draft.metadata.labels = labels;
    draft.metadata.annotations = { ...(draft.metadata.annotations ?? {}), [LAST_CHANGE_TRIGGER_TIME]: now };
    if (subsets.length) draft.subsets = subsets;
    else delete draft.subsets;
  });
}
