import type { JsonAny } from '../engine';

/**
 * What `argocd app list` prints (argocd-semantics.md §5.6; argo-cd `printApplicationTable`): one row per
 * Application under `NAME CLUSTER NAMESPACE PROJECT STATUS HEALTH SYNCPOLICY CONDITIONS REPO PATH TARGET`, in a
 * Go tabwriter table (padding 2). Shared by the CLI's summary of a control-plane run and the page's terminal.
 */
export function appListLines(applications: readonly JsonAny[]): string[] {
  const rows = applications.map((app) => {
    const source = app.spec?.source ?? {};
    const conditions = (app.status?.conditions ?? []).map((c: JsonAny) => c.type).join(',');
    return [
      `argocd/${app.metadata.name}`,
      app.spec?.destination?.server ?? 'https://kubernetes.default.svc',
      app.spec?.destination?.namespace ?? '',
      app.spec?.project ?? 'default',
      app.status?.sync?.status ?? 'Unknown',
      app.status?.health?.status ?? 'Unknown',
      syncPolicyOf(app),
      conditions || '<none>',
      source.repoURL ?? '',
      source.path ?? '',
      source.targetRevision ?? '',
    ];
  });
  return tabwriter([appListHeader, ...rows]);
}

export const appListHeader = [
  'NAME',
  'CLUSTER',
  'NAMESPACE',
  'PROJECT',
  'STATUS',
  'HEALTH',
  'SYNCPOLICY',
  'CONDITIONS',
  'REPO',
  'PATH',
  'TARGET',
];

/** `Auto`, `Auto-Prune` or `Manual`, as the list's SYNCPOLICY column says it. */
export function syncPolicyOf(app: JsonAny): string {
  const automated = app.spec?.syncPolicy?.automated;
  return automated && automated.enabled !== false ? `Auto${automated.prune ? '-Prune' : ''}` : 'Manual';
}

/** Argo CD's CLI tables use Go's tabwriter with a padding of 2; the last column is not padded. */
export function tabwriter(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  return rows.map((r) =>
    r
      .map((c, i) => String(c ?? '').padEnd(i < r.length - 1 ? widths[i] : 0))
      .join('  ')
      .trimEnd(),
  );
}
