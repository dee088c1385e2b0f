import {
  ARGOCD_NAMESPACE,
  clusterAt,
  type ApplicationJson,
  type JsonAny,
  type ObjectHistory,
} from '../../engine';

/**
 * The Applications of a control-plane run at virtual second `t`, read from its object history: each the
 * Application object as the application controller had written it then (its `status.sync`, `health`,
 * `operationState`, `history` and `resources`), which is what `argocd app get -o json` returns at that moment.
 * In name order, as `argocd app list` prints them.
 */
export function applicationsAt(objects: ObjectHistory, t: number): ApplicationJson[] {
  return clusterAt(objects, t)
    .filter((o) => o.kind === 'Application' && o.metadata.namespace === ARGOCD_NAMESPACE)
    .map(asApplicationJson)
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}

/**
 * An Application object in the shape the CLI's text expects. Before the controller's first status write (the
 * instant it is created) an Application has no status: Argo CD shows its sync and health as empty then, here as
 * `Unknown`, with no resources.
 */
function asApplicationJson(obj: JsonAny): ApplicationJson {
  const status: JsonAny = obj.status ?? {};
  return {
    ...obj,
    spec: {
      project: 'default',
      ...obj.spec,
      source: { repoURL: '', targetRevision: 'HEAD', ...(obj.spec?.source ?? {}) },
      destination: {
        server: 'https://kubernetes.default.svc',
        namespace: '',
        ...(obj.spec?.destination ?? {}),
      },
    },
    status: {
      ...status,
      sync: { status: 'Unknown', revision: '', ...(status.sync ?? {}) },
      health: { status: 'Unknown', message: '', ...(status.health ?? {}) },
      resources: status.resources ?? [],
    },
  } as ApplicationJson;
}
