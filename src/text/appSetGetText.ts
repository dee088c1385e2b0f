import { humanTime } from './operationFields';
import { escapeControl, type KubeObject } from '../engine';

/**
 * What `argocd appset get <set>` prints (argocd-semantics.md §5.6; cmd/argocd/commands/applicationset.go
 * `printAppSetSummaryTable`, `printAppSetConditions`): the template's project, destination and source, its sync
 * policy (`Automated [(Prune)]` or `<none>`: what the template says, even when a RollingSync forces it off on the
 * apps), then the conditions in type order. Per-app progress is only in `-o json` (`status.applicationStatus`).
 */
export function appSetGetText(appSet: KubeObject): string {
  const spec = appSet.spec?.template?.spec ?? {};
  const source = spec.source ?? {};
  const automated = spec.syncPolicy?.automated;
  const automatedOn = automated != null && automated.enabled !== false;
  const lines: [string, string][] = [
    ['Name', `${appSet.metadata.namespace ?? 'argocd'}/${appSet.metadata.name ?? ''}`],
    ['Project', spec.project || 'default'],
    ['Server', spec.destination?.server ?? spec.destination?.name ?? ''],
    ['Namespace', spec.destination?.namespace ?? ''],
    ['Health Status', appSet.status?.health?.status ?? ''],
    ['Source', ''],
    ['- Repo', source.repoURL ?? ''],
    ['  Target', source.targetRevision ?? ''],
  ];
  if (source.path) lines.push(['  Path', source.path]);
  lines.push([
    'SyncPolicy',
    automatedOn ? `Automated${automated.prune === true ? ' (Prune)' : ''}` : '<none>',
  ]);
  const out = lines.map(([k, v]) => `${`${k}:`.padEnd(20)}${escapeControl(String(v))}`.trimEnd());
  const conditions: KubeObject['status'][] = appSet.status?.conditions ?? [];
  if (conditions.length > 0) {
    out.push('');
    const header = ['CONDITION', 'STATUS', 'MESSAGE', 'LAST TRANSITION'];
    const rows = conditions.map((c) =>
      [c.type, c.status, c.message, c.lastTransitionTime ? humanTime(c.lastTransitionTime) : ''].map((cell) =>
        escapeControl(String(cell ?? '')),
      ),
    );
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const fmt = (r: string[]) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd();
    out.push(fmt(header), ...rows.map(fmt));
  }
  return out.join('\n') + '\n';
}
