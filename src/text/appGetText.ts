import { tabwriter } from './appList';
import { humanTime, operationFields } from './operationFields';
import { resourceStateHeader, resourceStates } from './resourceStates';
import { escapeControl, type ApplicationJson, type JsonAny } from '../engine';

/**
 * What `argocd app get <app> --show-operation` prints: the status block, the conditions, the operation block and the result
 * table (the table merges `status.resources` with `syncResult.resources`, hooks included, as the CLI's
 * getResourceStates does; src/text holds the parts the page's result table shares).
 * Every value is passed through escapeControl, so names and messages from the input cannot forge a line.
 * Without `showOperation` the operation block is left out, as `argocd app get` without `--show-operation` does
 * (the page's terminal).
 */
export function appGetText(
  app: ApplicationJson,
  options: {
    showOperation?: boolean;
    /** The SyncWindow line and the assigned windows (syncWindowText.ts `appSyncWindow`); `Sync Allowed` without. */
    syncWindow?: { status: string; assigned: string };
  } = {},
): string {
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
    ['SyncWindow', options.syncWindow?.status ?? 'Sync Allowed'],
    ...(options.syncWindow?.assigned
      ? [['Assigned Windows', options.syncWindow.assigned] as [string, string]]
      : []),
    ['Sync Policy', summarySyncPolicy(app)],
    // An app that never compared (an InvalidSpecError) has no revision: the status alone, not a crash.
    [
      'Sync Status',
      status.sync.revision
        ? `${status.sync.status} to ${status.sync.revision.slice(0, 7)}`
        : status.sync.status,
    ],
    ['Health Status', status.health.status + (status.health.message ? ` (${status.health.message})` : '')],
  ];
  const out = lines.map(([k, v]) => `${`${k}:`.padEnd(20)}${escapeControl(v)}`.trimEnd());
  // The conditions, between blank lines, when there are any (printHeader's printAppConditions).
  // Only a control-plane Application has conditions (the single-app view has none to show).
  const conditions: JsonAny[] = (app.status as { conditions?: JsonAny[] }).conditions ?? [];
  if (conditions.length > 0) {
    out.push('');
    const rows = conditions.map((c) =>
      [c.type, c.message, c.lastTransitionTime ? humanTime(c.lastTransitionTime) : ''].map((v) =>
        escapeControl(String(v ?? '')),
      ),
    );
    out.push(...tabwriter([['CONDITION', 'MESSAGE', 'LAST TRANSITION'], ...rows]), '');
  }
  if (op && (options.showOperation ?? true)) {
    out.push('');
    const opLines = operationFields({ ...op, revision: status.sync.revision });
    for (const [k, v] of opLines) out.push(`${`${k}:`.padEnd(20)}${escapeControl(v)}`.trimEnd());
  }
  out.push('');
  out.push(table(app));
  return out.join('\n') + '\n';
}

/**
 * The summary's Sync Policy: "Automated", with " (Prune)" when automated sync prunes, else "Manual"
 * (cmd/argocd/commands/app.go printAppSummaryTable; `IsAutomatedSyncEnabled`: automated is set and not
 * `enabled: false`). It printed "Manual" for every Application.
 */
export function summarySyncPolicy(app: ApplicationJson): string {
  const automated = (app.spec as JsonAny).syncPolicy?.automated;
  if (!automated || automated.enabled === false) return 'Manual';
  return automated.prune ? 'Automated (Prune)' : 'Automated';
}

function table(app: ApplicationJson): string {
  const header = resourceStateHeader;
  const rows = resourceStates({
    resources: app.status.resources,
    results: app.status.operationState?.syncResult.resources ?? [],
  }).map((r) => [r.group, r.kind, r.namespace, r.name, r.status, r.health, r.hook, r.message]);
  for (const row of rows) row.forEach((cell, i) => (row[i] = escapeControl(cell)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [fmt(header), ...rows.map(fmt)].join('\n');
}
