import { tabwriter } from './appList';
import {
  ARGOCD_NAMESPACE,
  EPOCH_MS,
  escapeControl,
  isSyncWindowActive,
  matchingWindows,
  readSyncWindows,
  syncWindowSummary,
  type ApplicationJson,
  type JsonAny,
  type KubeObject,
} from '../engine';

/**
 * What the argocd CLI prints of an AppProject's sync windows (argocd-semantics.md §5.14), at the run's virtual
 * second `t` (the windows' schedules are read against t 0 = 2026-01-01T00:00:00Z):
 * - `argocd app get`'s `SyncWindow:` line and `Assigned Windows:` (cmd/argocd/commands/app.go
 *   printAppSummaryTable);
 * - `argocd proj windows list PROJECT` (cmd/argocd/commands/projectwindows.go printSyncWindows).
 */

const wallMs = (t: number) => EPOCH_MS + Math.round(t * 1000);

/** The AppProject `name` among `objects` (the cluster at `t`), if it exists. */
export function projectNamed(objects: readonly KubeObject[], name: string): KubeObject | undefined {
  return objects.find(
    (o) => o.kind === 'AppProject' && o.metadata.namespace === ARGOCD_NAMESPACE && o.metadata.name === name,
  );
}

/** `argocd app get`'s SyncWindow line for `app` at `t`: its project's windows that match it. */
export function appSyncWindow(
  objects: readonly KubeObject[],
  app: ApplicationJson,
  t: number,
): { status: string; assigned: string } {
  const spec = app.spec as JsonAny;
  const project = projectNamed(objects, spec.project ?? 'default');
  const windows = readSyncWindows(project?.spec?.syncWindows);
  if (!Array.isArray(windows)) return { status: 'Sync Denied', assigned: '' };
  const destination = spec.destination ?? {};
  const matched = matchingWindows(windows, {
    name: app.metadata.name,
    namespace: destination.namespace ?? '',
    server: destination.server,
    clusterName: destination.name,
  });
  return syncWindowSummary(matched, wallMs(t));
}

/** `argocd proj windows list PROJECT` at `t`, one line per window, its ID its place in the list. */
export function projWindowsListLines(project: KubeObject, t: number): string[] {
  const raw: JsonAny[] = Array.isArray(project.spec?.syncWindows) ? project.spec.syncWindows : [];
  const compiled = readSyncWindows(raw);
  const list = (v: unknown) => (Array.isArray(v) && v.length > 0 ? v.join(',') : '-');
  const enabled = (v: unknown) => (v === true ? 'Enabled' : 'Disabled');
  const rows = raw.map((w, i) => {
    const c = Array.isArray(compiled) ? compiled[i] : undefined;
    return [
      String(i),
      c && isSyncWindowActive(c, wallMs(t)) ? 'Active' : 'Inactive',
      String(w.kind ?? ''),
      String(w.schedule ?? ''),
      String(w.duration ?? ''),
      list(w.applications),
      list(w.namespaces),
      list(w.clusters),
      enabled(w.manualSync),
      enabled(w.syncOverrun),
      String(w.timeZone ?? ''),
      enabled(w.andOperator),
    ].map((cell) => escapeControl(cell));
  });
  const header = [
    'ID',
    'STATUS',
    'KIND',
    'SCHEDULE',
    'DURATION',
    'APPLICATIONS',
    'NAMESPACES',
    'CLUSTERS',
    'MANUALSYNC',
    'SYNCOVERRUN',
    'TIMEZONE',
    'USEANDOPERATOR',
  ];
  return tabwriter([header, ...rows]);
}
