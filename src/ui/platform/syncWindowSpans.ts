import {
  ARGOCD_NAMESPACE,
  EPOCH_MS,
  clusterAt,
  matchingWindows,
  readSyncWindows,
  syncWindowSpans as activeSpans,
  type Json,
  type KubeObject,
  type ObjectHistory,
} from '../../engine';
import type { SpanInput } from '../../timeline/appLanes/types';

/**
 * The sync windows of a run as shaded spans over the lanes of the Applications they apply to (argocd-semantics.md
 * §5.14): each stretch of [0, endT] during which a window of an AppProject is active (strictly between a start and
 * start + duration), read from the AppProjects and Applications as they are at t 0. Labelled with the window's
 * kind, schedule and duration, as `argocd app get` lists it, and its description when it has one.
 */
export function syncWindowSpans(objects: ObjectHistory | undefined, endT: number): SpanInput[] {
  if (!objects || endT <= 0) return [];
  const live = clusterAt(objects, 0).filter((o) => o.metadata.namespace === ARGOCD_NAMESPACE);
  const apps = live.filter((o) => o.kind === 'Application');
  const spans: SpanInput[] = [];
  for (const project of live.filter((o) => o.kind === 'AppProject')) {
    const windows = readSyncWindows(project.spec?.syncWindows);
    if (!Array.isArray(windows)) continue;
    for (const w of windows) {
      const covered = apps
        .filter(
          (app) => projectOf(app) === project.metadata.name && matchingWindows([w], target(app)).length > 0,
        )
        .map((app) => app.metadata.name ?? '');
      if (covered.length === 0) continue;
      const described = w.syncWindow.description ? ` (${w.syncWindow.description})` : '';
      for (const [from, to] of activeSpans(w, EPOCH_MS, EPOCH_MS + endT * 1000))
        spans.push({
          key: `window:${project.metadata.name}:${w.id}:${from}`,
          kind: 'window',
          label: `${w.syncWindow.kind} window ${w.syncWindow.schedule} ${w.syncWindow.duration}${described}`,
          t0: (from - EPOCH_MS) / 1000,
          t1: (to - EPOCH_MS) / 1000,
          apps: covered,
        });
    }
  }
  return spans;
}

function projectOf(app: KubeObject): string {
  return (app.spec as Json)?.project ?? 'default';
}

function target(app: KubeObject) {
  const destination: Json = app.spec?.destination ?? {};
  return {
    name: app.metadata.name ?? '',
    namespace: destination.namespace ?? '',
    server: destination.server,
    clusterName: destination.name,
  };
}
