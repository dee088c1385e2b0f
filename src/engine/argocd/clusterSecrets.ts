import type { ObjectStore } from '../cluster/store';
import type { KubeObject } from '../types';
import { decodeBase64 } from '../containers/env';
import { ARGOCD_NAMESPACE } from './controlPlanePorts';

/**
 * The clusters Argo CD knows (argocd-semantics.md §5.13): one per Secret in `argocd` labelled
 * `argocd.argoproj.io/secret-type: cluster` (common/common.go `LabelKeySecretType`, `LabelValueSecretTypeCluster`),
 * whose `name` and `server` keys say what it is called and where its API server is (util/db/cluster.go
 * `SecretToCluster`), plus the in-cluster default when no Secret has its address: named `in-cluster`, at
 * `https://kubernetes.default.svc` (util/db/cluster.go `localCluster`, `ListClusters`; pkg/apis/application/v1alpha1
 * `KubernetesInClusterName`, `KubernetesInternalAPIServerAddr`). The Secret's `config` (credentials) has nothing to
 * connect to in the sandbox, so it is accepted and not read.
 */

export const SECRET_TYPE_LABEL = 'argocd.argoproj.io/secret-type';
export const IN_CLUSTER_NAME = 'in-cluster';
export const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';

/** One cluster as Argo CD's cluster informer holds it. */
export interface ClusterInfo {
  name: string;
  server: string;
  /** The Secret's `project` key (a project-scoped cluster), or ''. */
  project: string;
  /** The Secret's labels and annotations: what the cluster generator selects on and passes as `metadata`. */
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** The Secret it came from; none for the in-cluster default. */
  secret?: KubeObject;
}

/** Whether `obj` is a cluster Secret (its `argocd.argoproj.io/secret-type` label is `cluster`). */
export function isClusterSecret(obj: KubeObject): boolean {
  return obj.kind === 'Secret' && obj.metadata.labels?.[SECRET_TYPE_LABEL] === 'cluster';
}

/** A Secret's string value: `stringData` as written, else `data` decoded from base64 (as the API server stores it). */
export function secretValue(secret: KubeObject, key: string): string | undefined {
  const plain = secret.stringData?.[key];
  if (typeof plain === 'string') return plain;
  const encoded = secret.data?.[key];
  return typeof encoded === 'string' ? decodeBase64(encoded) : undefined;
}

/** One cluster Secret as a cluster (util/db/cluster.go `SecretToCluster`). */
export function clusterOfSecret(secret: KubeObject): ClusterInfo {
  return {
    name: secretValue(secret, 'name') ?? '',
    server: (secretValue(secret, 'server') ?? '').replace(/\/+$/, ''),
    project: secretValue(secret, 'project') ?? '',
    labels: { ...(secret.metadata.labels ?? {}) },
    annotations: { ...(secret.metadata.annotations ?? {}) },
    secret,
  };
}

/** The in-cluster default (util/db/cluster.go `localCluster`). */
export const inCluster: ClusterInfo = Object.freeze({
  name: IN_CLUSTER_NAME,
  server: IN_CLUSTER_SERVER,
  project: '',
  labels: {},
  annotations: {},
});

/**
 * Every cluster, as `argocd cluster list` and destination resolution see them (util/db/cluster.go `ListClusters`):
 * the Secrets' clusters by name, then the in-cluster default unless a Secret has its address.
 */
export function clustersOf(store: ObjectStore): ClusterInfo[] {
  return clustersFrom(store.list({ kind: 'Secret', namespace: ARGOCD_NAMESPACE }));
}

/** `clustersOf` over a list of objects in name order (the terminal's objects at a moment). */
export function clustersFrom(objects: readonly KubeObject[]): ClusterInfo[] {
  const secrets = objects.filter(
    (s) => isClusterSecret(s) && s.metadata.namespace === ARGOCD_NAMESPACE && !s.metadata.deletionTimestamp,
  );
  // The informer lists them in no set order (util/settings/cluster_informer.go); the sandbox's is by name.
  const clusters = secrets
    .map(clusterOfSecret)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!clusters.some((c) => c.server === IN_CLUSTER_SERVER)) clusters.push(inCluster);
  return clusters;
}

export type DestinationResult = { ok: true; cluster: ClusterInfo } | { ok: false; error: string };

/**
 * util/argo/argo.go `GetDestinationCluster` (through `GetDestinationServer`) in Argo CD's words, tested there by
 * `TestGetDestinationCluster`: both `server` and `name` set, a `name` no cluster has or several have, a `server`
 * no cluster has (util/db/cluster.go `GetCluster`: a gRPC NotFound), and neither (`ErrDestinationMissing`). A
 * server's trailing slashes are trimmed before it is looked up.
 */
export function resolveDestination(
  destination: { server?: unknown; name?: unknown } | undefined,
  clusters: readonly ClusterInfo[],
): DestinationResult {
  const server = typeof destination?.server === 'string' ? destination.server : '';
  const name = typeof destination?.name === 'string' ? destination.name : '';
  if (name !== '' && server !== '')
    return {
      ok: false,
      error: `application destination can't have both name and server defined: ${name} ${server}`,
    };
  let url: string;
  if (server !== '') url = server.replace(/\/+$/, '');
  else if (name !== '') {
    const urls = clusters.filter((c) => c.name === name).map((c) => c.server);
    if (urls.length === 0) return { ok: false, error: `there are no clusters with this name: ${name}` };
    if (urls.length > 1)
      return {
        ok: false,
        error: `there are ${urls.length} clusters with the same name: [${urls.join(' ')}]`,
      };
    url = urls[0];
  } else return { ok: false, error: 'Destination server missing from app spec' };
  const cluster = clusters.find((c) => c.server === url);
  if (cluster) return { ok: true, cluster };
  const notFound = `rpc error: code = NotFound desc = cluster "${url}" not found`;
  return {
    ok: false,
    error:
      server !== ''
        ? `error getting cluster by server "${server}": ${notFound}`
        : `error getting cluster by URL: ${notFound}`,
  };
}
