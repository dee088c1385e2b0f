import { describe, expect, it } from 'vitest';
import { clusterSecret } from '../../../test/kits/controlPlane.testKit';
import { clusterOfSecret, inCluster, resolveDestination, type ClusterInfo } from './clusterSecrets';

/** util/argo/argo.go GetDestinationCluster, util/db/cluster.go GetCluster (argocd-semantics.md §5.13). */
const minikube: ClusterInfo = { ...clusterOfSecret(clusterSecret('minikube', 'https://127.0.0.1:6443')) };
const clusters = [minikube, inCluster];

describe('TestGetDestinationCluster (util/argo/argo_test.go)', () => {
  it('Validate destination with server url', () => {
    const r = resolveDestination({ server: 'https://127.0.0.1:6443' }, clusters);
    expect(r).toMatchObject({ ok: true, cluster: { name: 'minikube', server: 'https://127.0.0.1:6443' } });
  });

  it('Validate destination with server name', () => {
    const r = resolveDestination({ name: 'minikube' }, clusters);
    expect(r).toMatchObject({ ok: true, cluster: { server: 'https://127.0.0.1:6443' } });
  });

  it('Error when having both server url and name', () => {
    expect(resolveDestination({ server: 'https://127.0.0.1:6443', name: 'minikube' }, clusters)).toEqual({
      ok: false,
      error:
        "application destination can't have both name and server defined: minikube https://127.0.0.1:6443",
    });
  });

  it('Destination cluster does not exist', () => {
    expect(resolveDestination({ name: 'dev' }, clusters)).toEqual({
      ok: false,
      error: 'there are no clusters with this name: dev',
    });
  });

  it('Validate too many clusters with the same name', () => {
    const dind = [
      clusterOfSecret(clusterSecret('dind', 'https://127.0.0.1:2443')),
      clusterOfSecret(clusterSecret('dind', 'https://127.0.0.1:8443')),
    ];
    expect(resolveDestination({ name: 'dind' }, dind)).toEqual({
      ok: false,
      error: 'there are 2 clusters with the same name: [https://127.0.0.1:2443 https://127.0.0.1:8443]',
    });
  });
});

describe('destinations GetCluster does not find (util/db/cluster.go GetCluster, argo.go ErrDestinationMissing)', () => {
  it('an unknown server is a gRPC NotFound, wrapped with the server as written', () => {
    expect(resolveDestination({ server: 'https://prod.example.com/' }, clusters)).toEqual({
      ok: false,
      error:
        'error getting cluster by server "https://prod.example.com/": rpc error: code = NotFound desc = cluster "https://prod.example.com" not found',
    });
  });

  it('neither server nor name: "Destination server missing from app spec"', () => {
    expect(resolveDestination({}, clusters)).toEqual({
      ok: false,
      error: 'Destination server missing from app spec',
    });
  });

  it('the in-cluster default answers to `in-cluster` and https://kubernetes.default.svc without a Secret', () => {
    expect(resolveDestination({ name: 'in-cluster' }, [inCluster])).toMatchObject({
      ok: true,
      cluster: { server: 'https://kubernetes.default.svc' },
    });
    expect(resolveDestination({ server: 'https://kubernetes.default.svc' }, [inCluster])).toMatchObject({
      ok: true,
      cluster: { name: 'in-cluster' },
    });
  });

  it('a Secret written with base64 `data` reads as one with `stringData` (SecretToCluster)', () => {
    const secret = clusterSecret('dev', 'https://dev.example.com');
    secret.data = { name: 'ZGV2', server: 'aHR0cHM6Ly9kZXYuZXhhbXBsZS5jb20=' };
    delete secret.stringData;
    expect(clusterOfSecret(secret)).toMatchObject({ name: 'dev', server: 'https://dev.example.com' });
  });
});
