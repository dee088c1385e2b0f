import { escapeControl, type ApplicationJson } from '../../engine';

/**
 * What `argocd app get <app> --show-operation` prints: the status block, the operation block and the result
 * table (the table merges `status.resources` with `syncResult.resources`, hooks included, as the CLI does).
 * Every value is passed through escapeControl, so names and messages from the input cannot forge a line.
 * Without `showOperation` the operation block is left out, as `argocd app get` without `--show-operation` does
 * (the page's terminal).
 */
export function appGetText(app: ApplicationJson, options: { showOperation?: boolean } = {}): string {
  const status = app.status;
  const op = status.operationState;
  const lines: [string, string][] = [
    ['Name', `argocd/${app.metadata.name}`],
    ['Project', app.spec.project],
    ['Server', app.spec.destination.server],
    ['Namespace', app.spec.destination.namespace],
    ['Source', ''],
    ['- Repo', app.spec.source.repoURL],
    ['  Target', app.spec.source.targetRevision.slice(0, 7)],
    ['SyncWindow', 'Sync Allowed'],
    ['Sync Policy', 'Manual'],
    ['Sync Status', `${status.sync.status} to ${status.sync.revision.slice(0, 7)}`],
    ['Health Status', status.health.status + (status.health.message ? ` (${status.health.message})` : '')],
  ];
  const out = lines.map(([k, v]) => `${`${k}:`.padEnd(20)}${escapeControl(v)}`.trimEnd());
  if (op && (options.showOperation ?? true)) {
    out.push('');
    const duration = op.finishedAt ? `${(Date.parse(op.finishedAt) - Date.parse(op.startedAt)) / 1000}s` : '';
    const opLines: [string, string][] = [
      ['Operation', 'Sync'],
      ['Sync Revision', status.sync.revision],
      ['Phase', op.phase],
      ['Start', humanTime(op.startedAt)],
      ['Finished', op.finishedAt ? humanTime(op.finishedAt) : ''],
      ['Duration', duration],
      ['Message', op.message],
    ];
    for (const [k, v] of opLines) out.push(`${`${k}:`.padEnd(20)}${escapeControl(v)}`.trimEnd());
  }
  out.push('');
  out.push(table(app));
  return out.join('\n') + '\n';
}

function table(app: ApplicationJson): string {
  const header = ['GROUP', 'KIND', 'NAMESPACE', 'NAME', 'STATUS', 'HEALTH', 'HOOK', 'MESSAGE'];
  const rows: string[][] = [];
  const results = app.status.operationState?.syncResult.resources ?? [];
  const seen = new Set<string>();
  for (const r of app.status.resources) {
    const key = `${r.group}/${r.kind}/${r.namespace}/${r.name}`;
    seen.add(key);
    const result = results.find(
      (x) => `${x.group}/${x.kind}/${x.namespace}/${x.name}` === key && !x.hookType,
    );
    rows.push([
      r.group,
      r.kind,
      r.namespace,
      r.name,
      r.status,
      r.health?.status ?? '',
      '',
      result?.message ?? '',
    ]);
  }
  for (const x of results) {
    if (!x.hookType) continue;
    rows.push([x.group, x.kind, x.namespace, x.name, x.hookPhase, '', x.hookType, x.message]);
  }
  for (const row of rows) row.forEach((cell, i) => (row[i] = escapeControl(cell)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [fmt(header), ...rows.map(fmt)].join('\n');
}

/** Argo CD's CLI prints times like `2026-01-01 00:00:00 +0000 UTC`. */
function humanTime(iso: string): string {
  return iso.replace('T', ' ').replace('Z', ' +0000 UTC');
}
