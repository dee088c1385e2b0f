import { appListLines } from './appList';
import type { JsonAny } from '../engine';

/**
 * The text summary of a control-plane run (argocd-semantics.md §5.6): one row per Application like
 * `argocd app list`, then, per ApplicationSet, its fields and conditions like `argocd appset get`.
 */
export function appListText(applications: readonly JsonAny[], applicationSets: readonly JsonAny[]): string {
  let out = appListLines(applications).join('\n') + '\n';
  for (const set of applicationSets) out += '\n' + appSetText(set);
  return out;
}

function appSetText(set: JsonAny): string {
  const template = set.spec?.template?.spec ?? {};
  const automated = template.syncPolicy?.automated;
  const policy = automated ? `Automated${automated.prune ? ' (Prune)' : ''}` : '<none>';
  const source = template.source ?? {};
  const fields = [
    ['Name:', `argocd/${set.metadata.name}`],
    ['Project:', template.project ?? 'default'],
    ['Server:', template.destination?.server ?? ''],
    ['Namespace:', template.destination?.namespace ?? ''],
    ['Health Status:', ''],
    ['Source:', ''],
    ['- Repo:', source.repoURL ?? ''],
    ['  Target:', source.targetRevision ?? ''],
    ['  Path:', source.path ?? ''],
    ['SyncPolicy:', policy],
  ];
  const width = Math.max(...fields.map(([k]) => k.length)) + 1;
  let out = fields.map(([k, v]) => `${k.padEnd(width)}${v}`.trimEnd()).join('\n') + '\n\n';
  const conditions = [...(set.status?.conditions ?? [])].sort((a: JsonAny, b: JsonAny) =>
    a.type < b.type ? -1 : 1,
  );
  out += table([
    ['CONDITION', 'STATUS', 'MESSAGE', 'LAST TRANSITION'],
    ...conditions.map((c: JsonAny) => [c.type, c.status, c.message ?? '', c.lastTransitionTime ?? '']),
  ]);
  return out;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => String(c ?? '').padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
