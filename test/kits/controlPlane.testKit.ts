import type { HealthOverrides } from '../../src/engine/health/healthOverrides';
import type { JsonAny, KubeObject } from '../../src/engine/types';

/** Builders for control-plane tests: Argo CD objects and the Application health check of the course module. */
export function application(
  name: string,
  options: {
    path: string;
    namespace?: string;
    project?: string;
    wave?: number;
    automated?: JsonAny;
    retry?: JsonAny;
  } = {
    path: name,
  },
): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: {
      name,
      namespace: 'argocd',
      ...(options.wave !== undefined
        ? { annotations: { 'argocd.argoproj.io/sync-wave': String(options.wave) } }
        : {}),
    },
    spec: {
      project: options.project ?? 'default',
      source: { repoURL: 'https://example.com/platform.git', path: options.path, targetRevision: 'HEAD' },
      destination: { server: 'https://kubernetes.default.svc', namespace: options.namespace ?? 'default' },
      ...(options.automated || options.retry
        ? {
            syncPolicy: {
              ...(options.automated ? { automated: options.automated } : {}),
              ...(options.retry ? { retry: options.retry } : {}),
            },
          }
        : {}),
    },
  };
}

export function appProject(name: string, options: { wave?: number } = {}): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: {
      name,
      namespace: 'argocd',
      ...(options.wave !== undefined
        ? { annotations: { 'argocd.argoproj.io/sync-wave': String(options.wave) } }
        : {}),
    },
    spec: { sourceRepos: ['*'], destinations: [{ namespace: '*', server: '*' }] },
  };
}

export function namespace(name: string): KubeObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

/**
 * The course module's `resource.customizations.health.argoproj.io_Application` Lua, as the function it computes
 * (the engine's tests may not load the Lua VM, which lives outside src/engine): the child's `status.health`,
 * `Progressing` while it has none (argocd-semantics.md §3.12).
 */
export const applicationHealthCheck: HealthOverrides = {
  checkFor(group, kind) {
    if (group !== 'argoproj.io' || kind !== 'Application') return undefined;
    return (obj) => ({
      status: obj.status?.health?.status ?? 'Progressing',
      message: obj.status?.health?.message ?? '',
    });
  },
};

/**
 * A cluster Secret as Argo CD's documentation writes one (declarative setup): labelled
 * `argocd.argoproj.io/secret-type: cluster`, with `name`, `server` and `config` in `stringData`.
 */
export function clusterSecret(name: string, server: string, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `cluster-${name}`,
      namespace: 'argocd',
      labels: { 'argocd.argoproj.io/secret-type': 'cluster', ...labels },
    },
    type: 'Opaque',
    stringData: { name, server, config: '{"tlsClientConfig":{"insecure":false}}' },
  };
}

/** `application` sent to another cluster: `destination.server` or `destination.name` instead of the in-cluster one. */
export function applicationTo(
  name: string,
  destination: { server?: string; name?: string },
  options: Parameters<typeof application>[1],
): KubeObject {
  const app = application(name, options);
  app.spec.destination = { ...destination, namespace: options?.namespace ?? 'default' };
  return app;
}
