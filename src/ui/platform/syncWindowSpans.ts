import {
  ARGOCD_NAMESPACE,
  EPOCH_MS,
  clusterAt,
  matchingWindows,
  readSyncWindows,
  syncWindowSpans as activeSpans,
  type JsonAny,
  type KubeObject,
  type ObjectHistory,
} from '../../engine';
import type { SpanInput } from '../../timeline/appLanes/types';
import type { WindowBand } from '../../timeline/marks/syncWindows';

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
          windowKind: w.syncWindow.kind === 'deny' ? 'deny' : 'allow',
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
  return (app.spec as JsonAny)?.project ?? 'default';
}

function target(app: KubeObject) {
  const destination: JsonAny = app.spec?.destination ?? {};
  return {
    name: app.metadata.name ?? '',
    namespace: destination.namespace ?? '',
    server: destination.server,
    clusterName: destination.name,
  };
}

/**
 * The sync windows over one Application's resource timeline (render.ts's windows layer): the spans of the
 * windows that apply to it, with their kind.
 */
export function windowBandsFor(spans: readonly SpanInput[], app: string | undefined): WindowBand[] {
  if (app === undefined) return [];
  return spans
    .filter((s) => s.kind === 'window' && s.apps.includes(app))
    .map((s) => ({ key: s.key, t0: s.t0, t1: s.t1 ?? s.t0, label: s.label, kind: s.windowKind ?? 'allow' }));
}
